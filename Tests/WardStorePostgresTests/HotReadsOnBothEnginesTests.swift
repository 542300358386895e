import Foundation
import GRDB
import WardSQL
@testable import WardStore
import WardStorePostgres
import XCTest

/// The store's hot reads (Dashboard, drug round, medication list, insight inputs, slot history,
/// latest readings, the ward's missed slots) on both engines: a small demo ward is made on SQLite
/// through the store, copied row by row into a PostgreSQL schema made by `postgresRunner`, and
/// each read must give on PostgreSQL exactly what it gives on SQLite. Without
/// `COTSIDE_TEST_POSTGRES_URL` only the SQLite half runs (the skip is announced once).
final class HotReadsOnBothEnginesTests: XCTestCase {
    let zone = TimeZone(identifier: "Europe/London")!
    let now = Date(timeIntervalSince1970: 1_795_270_800)  // 2026-11-21 14:20 UTC

    /// The tables the reads touch, parents first.
    static let tables = ["staff", "patient", "nappy_change", "feed", "measurement", "measurement_goal", "medication",
                         "dose_record", "as_needed_dose", "medication_pause", "ward_setting"]

    struct Wards {
        let store: SQLiteWardStore
        let sqlite: GRDBSQLDatabase
        let postgres: PostgresSQLDatabase?
        let drop: (@Sendable () async throws -> Void)?
        let folder: URL

        func close() async throws {
            try await drop?()
            await store.close()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// A demo ward with what the demo lacks (a cot admitted an hour ago, a deleted reading, an own
    /// goal, a paused drug and a drug paused and resumed in the past), on SQLite and, when a server
    /// is configured, the same rows on PostgreSQL.
    func wards() async throws -> Wards {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-hot-reads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let now = self.now
        let store = try SQLiteWardStore(path: folder.appendingPathComponent("ward.sqlite").path, clock: { now }, timeZone: zone)
        try await DemoWard.generate(into: store, cots: 8, days: 45, seed: 5, now: now, timeZone: zone)
        let patients = try await store.admittedPatients()
        let reading = try await store.logMeasurement(MeasurementDraft(patientId: patients[0].id, measuredAt: now.addingTimeInterval(-600),
                                                                      kind: .heartRate, value: 200), by: nil)
        _ = try await store.deleteMeasurement(id: reading.record.id, by: nil)
        try await store.setGoalRange(patientId: patients[1].id, kind: .temperature, GoalRange(low: 36, high: 38, source: ""), by: nil)
        _ = try await store.admit(PatientDraft(bedLabel: "99", givenName: "New", familyName: "Cot", hospitalNumber: "N1",
                                               dateOfBirth: CalendarDay("2026-11-19")!, sex: .male, gestationalAgeWeeks: 39,
                                               gestationalAgeDays: 0, birthWeightGrams: 3300,
                                               admittedAt: now.addingTimeInterval(-3600)), by: nil)
        let scheduled = try await store.pool.read { db in
            try db.fetchAll("""
                SELECT m.id FROM medication m JOIN patient p ON p.id = m.patientId
                WHERE p.dischargedAt IS NULL AND m.deletedAt IS NULL AND m.scheduleKind <> 'asNeeded'
                    AND (m.endsAt IS NULL OR m.endsAt > \(now))
                ORDER BY m.id
                """).map { try $0.column(at: 0, as: Int64.self) }
        }
        XCTAssertGreaterThan(scheduled.count, 2, "the demo ward has running courses")
        _ = try await store.setMedicationPaused(id: scheduled[0], paused: true, by: nil)
        _ = try await store.pool.write { db in
            try db.execute("""
                INSERT INTO medication_pause (medicationId, pausedAt, resumedAt)
                VALUES (\(scheduled[1]), \(now.addingTimeInterval(-30 * 3600)), \(now.addingTimeInterval(-20 * 3600)))
                """)
        }
        let sqlite = GRDBSQLDatabase(try store.pool.database)
        guard let location = try PostgresTestServer.locationOrSkip(file: #filePath, line: #line) else {
            return Wards(store: store, sqlite: sqlite, postgres: nil, drop: nil, folder: folder)
        }
        let (postgres, drop) = try await PostgresTestServer.freshSchema(at: location)
        try await WardMigrations.postgresRunner.migrate(postgres)
        try await Self.copy(from: sqlite, to: postgres)
        return Wards(store: store, sqlite: sqlite, postgres: postgres, drop: drop, folder: folder)
    }

    /// Every row of the read tables, ids kept; integers become booleans where PostgreSQL's
    /// column is one.
    static func copy(from sqlite: GRDBSQLDatabase, to postgres: PostgresSQLDatabase) async throws {
        var rows: [String: [SQLRow]] = [:]
        for table in tables {
            rows[table] = try await sqlite.read { try $0.fetchAll(SQLQuery(verbatim: "SELECT * FROM \(table)")) }
        }
        let copied = rows
        try await postgres.write { db in
            try db.execute("DELETE FROM ward_setting")
            for table in tables {
                let booleans = Set(try db.fetchAll("""
                    SELECT column_name::text FROM information_schema.columns
                    WHERE table_schema = current_schema() AND table_name::text = \(table) AND data_type = 'boolean'
                    """).map { try $0.column(at: 0, as: String.self) })
                for row in copied[table] ?? [] {
                    let names = row.columns.names
                    let values = zip(names, row.values).map { name, value -> SQLQuery in
                        if booleans.contains(name.lowercased()), case .integer(let i) = value { return .value(i != 0) }
                        return .value(value)
                    }
                    try db.execute(SQLQuery(verbatim: "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES (")
                                   + .joined(values, separator: ", ") + ")")
                }
            }
        }
    }

    /// `read` on both engines; the PostgreSQL result (nil without a server) beside SQLite's.
    func both<T: Sendable>(_ wards: Wards, _ read: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> (T, T?) {
        let sqlite = try await wards.sqlite.read(read)
        let postgres = try await wards.postgres?.read(read)
        return (sqlite, postgres)
    }

    func testTheDashboardReadsTheSameOnBothEngines() async throws {
        let wards = try await wards()
        let (now, zone) = (self.now, self.zone)
        let (sqlite, postgres) = try await both(wards) { db in
            try DashboardQuery(now: now, timeZone: zone, settings: try SQLiteWardStore.settings(db)).fetch(db)
        }
        XCTAssertEqual(sqlite.rows.count, 8, "the demo's seven admitted cots and the new one")
        XCTAssertGreaterThan(sqlite.rows.filter { $0.nextDose != nil }.count, 2)
        XCTAssertGreaterThan(sqlite.rows.filter { $0.intake24hML > 0 }.count, 2)
        XCTAssertGreaterThan(sqlite.rows.map(\.changesToday).reduce(0, +), 10)
        let viaStore = try await wards.store.dashboard(now: now, timeZone: zone)
        XCTAssertEqual(viaStore, sqlite, "the store reads the same")
        if let postgres { XCTAssertEqual(postgres, sqlite) }
        try await wards.close()
    }

    /// PostgreSQL's lateral form of the main statement gives the rows the correlated form gives,
    /// on PostgreSQL and (the computed columns) on SQLite.
    func testBothFormsOfTheDashboardStatementGiveTheSameRows() async throws {
        let wards = try await wards()
        var settings = WardSettings.defaults
        settings.dryNappyWeightGrams = 20  // the urine figures are computed too
        let query = DashboardQuery(now: now, timeZone: zone, settings: settings)
        let computed = 17  // the columns before the patient's
        func figures(_ rows: [SQLRow]) -> [[SQLValue]] {
            rows.map { Array($0.values.prefix(computed)) + [$0["id"] ?? .null] }.sorted { "\($0.last!)" < "\($1.last!)" }
        }
        let (sqlite, _) = try await both(wards) { db in try db.fetchAll(query.query(.correlated)) }
        XCTAssertEqual(sqlite.count, 8)
        XCTAssertTrue(figures(sqlite).contains { if case .integer(let ml) = $0[10], ml > 0 { true } else { false } },
                      "some urine was weighed in the last 6 h")
        guard let postgres = wards.postgres else { return try await wards.close() }
        let (correlated, lateral) = try await postgres.read { db in
            (try db.fetchAll(query.query(.correlated)), try db.fetchAll(query.query(.lateral)))
        }
        XCTAssertEqual(figures(correlated), figures(lateral), "the two forms on PostgreSQL")
        XCTAssertEqual(figures(lateral), figures(sqlite), "PostgreSQL's form against SQLite's")
        try await wards.close()
    }

    func testTheDrugRoundAndTheMedicationListsReadTheSameOnBothEngines() async throws {
        let wards = try await wards()
        let (now, zone) = (self.now, self.zone)
        let (sqlite, postgres) = try await both(wards) { db -> (DueBoard, [MedicationList]) in
            let settings = try SQLiteWardStore.settings(db)
            let patients = try db.fetchAll("SELECT id FROM patient ORDER BY id").map { try $0.column(at: 0, as: Int64.self) }
            return (try DueBoard.fetch(db, now: now, timeZone: zone, settings: settings),
                    try patients.map { try MedicationList.fetch(db, patientId: $0, now: now, timeZone: zone, settings: settings) })
        }
        XCTAssertGreaterThan(sqlite.0.items.count, 0, "doses are due on the demo ward")
        XCTAssertGreaterThan(sqlite.1.filter { $0.rows.contains { $0.latest != nil } }.count, 3)
        XCTAssertTrue(sqlite.1.contains { $0.rows.contains { $0.medication.isPaused } })
        let viaStore = try await wards.store.dueBoard(now: now, timeZone: zone)
        XCTAssertEqual(viaStore, sqlite.0)
        if let postgres {
            XCTAssertEqual(postgres.0, sqlite.0, "due board")
            XCTAssertEqual(postgres.1, sqlite.1, "medication lists")
        }
        try await wards.close()
    }

    func testInsightInputsSlotHistoryAndLatestReadingsReadTheSameOnBothEngines() async throws {
        let wards = try await wards()
        let (now, zone) = (self.now, self.zone)
        struct Reads: Sendable, Equatable {
            var ward: [Int64: CotInsightInput]
            var single: [Int64: CotInsightInput]
            var latest: [Int64: [MeasurementRecord]]
            var history: [[SlotStatus]]
            var missed: [Int]
        }
        let (sqlite, postgres) = try await both(wards) { db -> Reads in
            let settings = try SQLiteWardStore.settings(db)
            let admitted = try db.fetchRecords(Patient.self,
                                               "SELECT * FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL ORDER BY id")
            var goals: [Int64: [MeasurementKind: GoalRange]] = [:]
            var single: [Int64: CotInsightInput] = [:]
            for patient in admitted {
                goals[patient.id] = try SQLiteWardStore.goalRanges(for: patient, db: db, now: now, timeZone: zone)
                single[patient.id] = try CotInsightInput.fetch(db, patient: patient, now: now, timeZone: zone, settings: settings,
                                                               goals: goals[patient.id]!)
            }
            let medications = try db.fetchAll("SELECT id FROM medication WHERE scheduleKind <> 'asNeeded' ORDER BY id")
                .map { try $0.column(at: 0, as: Int64.self) }
            let days = WardDay.lastDays(30, endingAt: now, dayStartMinutes: settings.dayStartMinutes, timeZone: zone)
            return Reads(
                ward: try CotInsightInput.fetchWard(db, patients: admitted, now: now, timeZone: zone, settings: settings, goals: goals),
                single: single,
                latest: try LatestMeasurements.fetch(db),
                history: try medications.prefix(12).map {
                    try SQLiteWardStore.slotHistory(db, medicationId: $0, from: now.addingTimeInterval(-5 * 86_400), to: now,
                                                    now: now, timeZone: zone)
                },
                missed: try WardMissedSlots(days: days, now: now, timeZone: zone, timing: settings.slotTiming).count(db))
        }
        XCTAssertEqual(sqlite.ward, sqlite.single, "the ward read is the cot-by-cot read")
        XCTAssertGreaterThan(sqlite.single.values.filter { !$0.recentDoses.isEmpty }.count, 3)
        XCTAssertGreaterThan(sqlite.history.joined().count, 10)
        XCTAssertGreaterThan(sqlite.latest.count, 5)
        if let postgres {
            XCTAssertEqual(postgres.ward, sqlite.ward, "insight inputs, whole ward")
            XCTAssertEqual(postgres.single, sqlite.single, "insight inputs, cot by cot")
            XCTAssertEqual(postgres.latest, sqlite.latest, "latest readings")
            XCTAssertEqual(postgres.history, sqlite.history, "slot history")
            XCTAssertEqual(postgres.missed, sqlite.missed, "missed slots per day")
        }
        try await wards.close()
    }
}
