import Foundation
import GRDB
import WardSQL
@testable import WardStore
import WardStorePostgres
import XCTest

/// The store's reads and writes moved onto WardSQL give the same answers on SQLite and
/// PostgreSQL. One small demo ward, charted on SQLite and exported, is imported into a fresh ward
/// on each engine (the import is itself one of the portable writes); then the export, the audit
/// trail's pages, the handover's reads, an erasure and the backup bookkeeping run on both and
/// are compared with each other.
final class WardOnBothEnginesTests: XCTestCase {
    static let london = TimeZone(identifier: "Europe/London")!
    /// A fixed clock: 2026-11-25 07:30 UTC, a morning handover.
    static let now = Date(timeIntervalSince1970: 1_795_591_800)

    /// What each engine gave, to compare once both have run.
    final class Answers<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [SQLDialect: T] = [:]
        func set(_ value: T, on dialect: SQLDialect) { lock.withLock { values[dialect] = value } }
        subscript(_ dialect: SQLDialect) -> T? { lock.withLock { values[dialect] } }
    }

    var folder: String!

    override func setUp() async throws {
        folder = NSTemporaryDirectory() + "cotside-both-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A demo ward of three cots over three days, with a few audited edits by named staff and one
    /// discharged patient, exported as JSON: the path of the export, the discharged patient's
    /// hospital number, the edited patients and the member who edited first (an import keeps ids).
    func sourceWard() async throws -> (export: String, discharged: String, patients: [Patient], editor: Int64) {
        let store = try SQLiteWardStore(path: folder + "/source.sqlite", clock: { Self.now }, timeZone: Self.london)
        try await DemoWard.generate(into: store, cots: 3, days: 3, seed: 7, now: Self.now, timeZone: Self.london)
        let staff = try await store.staffList(includingInactive: false)
        let patients = try await store.admittedPatients().sorted { $0.id < $1.id }
        XCTAssertGreaterThanOrEqual(staff.count, 2)
        XCTAssertEqual(patients.count, 3)
        for (i, patient) in patients.enumerated() {
            let by = staff[i % staff.count].id
            let logged = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: Self.now.addingTimeInterval(-600),
                                                                         kind: .wet, nappyWeightGrams: 30, notes: "edit \(i)"), by: by)
            _ = try await store.updateNappyChange(id: logged.record.id, NappyChangeDraft(patientId: patient.id,
                                                                                         occurredAt: Self.now.addingTimeInterval(-600),
                                                                                         kind: .mixed, stoolColour: .yellow), by: by)
            if i == 2 { _ = try await store.deleteNappyChange(id: logged.record.id, by: staff[0].id) }
        }
        _ = try await store.discharge(patientId: patients[0].id, at: Self.now.addingTimeInterval(-300), by: staff[1].id)
        let out = folder + "/source-export"
        _ = try await store.exportWard(WardExportRequest(folder: out, format: .json, cotsideVersion: "test", exportedAt: Self.now),
                                 progress: { _ in })
        return (out + "/" + WardExportKind.jsonFileName, patients[0].hospitalNumber, patients, staff[0].id)
    }

    /// Runs `body` on a fresh ward on each engine (SQLite's migrator, PostgreSQL's runner) into
    /// which the source ward's export has been imported.
    func forEachImportedWard(_ export: String, file: StaticString = #filePath, line: UInt = #line,
                             _ body: @escaping @Sendable (any SQLDatabase) async throws -> Void) async throws {
        try await forEachEngine(file: file, line: line) { database in
            if let sqlite = database as? GRDBSQLDatabase {
                try WardMigrations.migrator.migrate(sqlite.writer)
            } else {
                _ = try await WardMigrations.postgresRunner.migrate(database)
            }
            _ = try await database.write { db in
                try SQLiteWardStore.importRecords(WardImportRequest(source: .file(export), byInitials: nil, merge: false),
                                                  now: Self.now, timeZone: Self.london, db)
            }
            try await body(database)
        }
    }

    /// The same file, byte for byte, from either engine: every kind, every column, in key order.
    func testAnImportedWardExportsTheSameFileOnBothEngines() async throws {
        let source = try await sourceWard()
        let exports = Answers<Data>()
        let folder = self.folder!
        try await forEachImportedWard(source.export) { database in
            let out = folder + "/export-\(database.dialect)"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let path = out + "/" + WardExportKind.jsonFileName
            let summary = try await database.read { db in
                try SQLiteWardStore.writeExport(WardExportRequest(folder: out, format: .json, cotsideVersion: "test",
                                                                  exportedAt: Self.now),
                                                paths: [path], db: db, progress: { _ in })
            }
            XCTAssertGreaterThan(summary.records, 500, "on \(database.dialect)")
            exports.set(try Data(contentsOf: URL(fileURLWithPath: path)), on: database.dialect)

            // The ids the file brought are behind the identity: a new row takes the next one.
            let (before, next) = try await database.write { db in
                let before = try db.fetchValue("SELECT max(id) FROM audit_entry", as: Int64.self) ?? 0
                let next = try AuditTrail.record(db, action: .update, entity: .setting, entityId: 0, beforeJSON: nil,
                                                 afterJSON: "{}", by: nil, at: Self.now)
                return (before, next)
            }
            XCTAssertEqual(next, before + 1, "on \(database.dialect)")
            let identity = try await database.read { db in try SQLiteWardStore.wardIdentity(db) }
            XCTAssertEqual(identity?.count, 32, "on \(database.dialect)")
        }
        let sqlite = try XCTUnwrap(exports[.sqlite])
        // The round trip keeps every record; the import added one entry (`imported`) to the trail.
        let original = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: source.export)))
                                     as? [String: Any])
        let again = try XCTUnwrap(JSONSerialization.jsonObject(with: sqlite) as? [String: Any])
        for kind in WardExportKind.all {
            let before = try XCTUnwrap(original[kind.name] as? [NSDictionary], kind.name)
            let after = try XCTUnwrap(again[kind.name] as? [NSDictionary], kind.name)
            if kind.table == "audit_entry" {
                XCTAssertEqual(Array(after.dropLast()), before)
                XCTAssertEqual(after.last?["action"] as? String, "imported")
            } else {
                XCTAssertEqual(after, before, kind.name)
            }
        }
        guard let postgres = exports[.postgres] else { return }
        XCTAssertEqual(String(decoding: postgres, as: UTF8.self), String(decoding: sqlite, as: UTF8.self))
    }

    /// Every filter shape pages through the trail to the same rows on both engines, newest first,
    /// and the pages joined are the trail read in one page.
    func testAuditTrailPagesAreTheSameOnBothEngines() async throws {
        let source = try await sourceWard()
        let pages = Answers<[String: [AuditTrailRow]]>()
        try await forEachImportedWard(source.export) { database in
            let patients = source.patients
            let filters: [(String, AuditFilter)] = [
                ("none", AuditFilter()),
                ("one patient", AuditFilter(patientIds: [patients[1].id])),
                ("patients", AuditFilter(patientIds: patients.map(\.id))),
                ("bed, any case", AuditFilter(bedLabel: " " + patients[2].bedLabel.lowercased() + " ")),
                ("staff", AuditFilter(staffId: source.editor)),
                ("actions", AuditFilter(actions: [.update, .delete, .discharge])),
                ("time", AuditFilter(since: Self.now.addingTimeInterval(-3600), until: Self.now.addingTimeInterval(1))),
                ("one record", AuditFilter(entity: .patient, entityId: patients[0].id)),
                ("nothing", AuditFilter(actions: [])),
            ]
            var answers: [String: [AuditTrailRow]] = [:]
            for (label, filter) in filters {
                let whole = try await database.read { db in
                    try AuditTrailQuery(filter: filter, patients: try AuditTrailQuery.patients(filter, db: db),
                                        olderThan: nil, limit: 10_000).fetch(db)
                }
                var paged: [AuditTrailRow] = []
                while true {
                    let olderThan = paged.last?.entry.id
                    let page = try await database.read { db in
                        try AuditTrailQuery(filter: filter, patients: try AuditTrailQuery.patients(filter, db: db),
                                            olderThan: olderThan, limit: 3).fetch(db)
                    }
                    paged += page
                    if page.count < 3 { break }
                }
                XCTAssertEqual(paged, whole, "\(label) on \(database.dialect)")
                XCTAssertEqual(paged.map(\.entry.id), paged.map(\.entry.id).sorted(by: >), "\(label): newest first")
                if label != "nothing" { XCTAssertFalse(paged.isEmpty, "\(label) on \(database.dialect)") }
                answers[label] = paged
            }
            XCTAssertEqual(answers["one patient"]?.allSatisfy { $0.patientId == patients[1].id }, true)
            XCTAssertEqual(answers["bed, any case"]?.allSatisfy { $0.patientBed == patients[2].bedLabel }, true)
            pages.set(answers, on: database.dialect)
        }
        guard let postgres = pages[.postgres] else { return }
        let sqlite = try XCTUnwrap(pages[.sqlite])
        for (label, rows) in sqlite { XCTAssertEqual(postgres[label], rows, label) }
    }

    /// The handover's own reads (cots, goals, weights, intake, nappies, readings, dose notes,
    /// as-needed doses, saved results) are the same on both engines, for the ward and one cot.
    func testHandoverReadsAreTheSameOnBothEngines() async throws {
        let source = try await sourceWard()
        let answers = Answers<[HandoverCharted]>()
        try await forEachImportedWard(source.export) { database in
            let ward = HandoverQuery(request: HandoverRequest(since: Self.now.addingTimeInterval(-12 * 3600), until: Self.now,
                                                              timeZone: Self.london))
            let charted = try await database.read { db in
                let all = try HandoverCharted.fetch(db, request: ward.request, lookBack: ward.lookBack)
                let one = HandoverQuery(request: HandoverRequest(patientId: all.patients[0].id, since: ward.request.since,
                                                                 until: Self.now, timeZone: Self.london))
                return [all, try HandoverCharted.fetch(db, request: one.request, lookBack: one.lookBack)]
            }
            let all = charted[0]
            XCTAssertEqual(all.patients.count, 3, "the cot discharged 5 min ago was on the ward in the period, on \(database.dialect)")
            XCTAssertEqual(charted[1].patients.map(\.id), [all.patients[0].id])
            XCTAssertFalse(all.nappies.isEmpty, "on \(database.dialect)")
            XCTAssertFalse(all.shiftReadings.isEmpty, "on \(database.dialect)")
            XCTAssertFalse(all.latestReadings.isEmpty, "on \(database.dialect)")
            XCTAssertEqual(all.weights.count, 3, "on \(database.dialect)")
            XCTAssertTrue(all.intake.values.contains { $0.shift > 0 && $0.day >= $0.shift }, "on \(database.dialect)")
            answers.set(charted, on: database.dialect)
        }
        guard let postgres = answers[.postgres] else { return }
        XCTAssertEqual(postgres, try XCTUnwrap(answers[.sqlite]))
    }

    /// The discharge summary's own reads (the last day's feeding, who charted during the stay)
    /// and the stroke report's lookup are the same on both engines.
    func testDischargeSummaryAndStrokeReportReadsAreTheSameOnBothEngines() async throws {
        let source = try await sourceWard()
        let answers = Answers<String>()
        try await forEachImportedWard(source.export) { database in
            let answer = try await database.read { db -> String in
                let patient = try XCTUnwrap(try db.fetchRecord(Patient.self, id: source.patients[0].id))
                let end = try XCTUnwrap(patient.dischargedAt)
                let feeding = try DischargeSummaryQuery.feeding(db, patient: patient, end: end, now: Self.now)
                let carers = try DischargeSummaryQuery.carers(db, patientId: patient.id, from: patient.admittedAt, end: end)
                XCTAssertFalse(feeding.kinds.isEmpty, "on \(database.dialect)")
                XCTAssertFalse(carers.isEmpty, "on \(database.dialect)")
                XCTAssertEqual(carers.map(\.entries).reduce(0, +) > 0, true)
                let lookup = try SQLiteWardStore.strokeAssessmentReport(id: 9_999_999, db: db)
                guard case .missing(let id, _) = lookup else { XCTFail("\(lookup)"); return "" }
                XCTAssertEqual(id, 9_999_999)
                return "\(feeding) \(carers) \(lookup)"
            }
            answers.set(answer, on: database.dialect)
        }
        guard let postgres = answers[.postgres] else { return }
        XCTAssertEqual(postgres, try XCTUnwrap(answers[.sqlite]))
    }

    /// Erasing a discharged patient removes and redacts the same on both engines, and leaves
    /// the same ward behind.
    func testErasureIsTheSameOnBothEngines() async throws {
        let source = try await sourceWard()
        let answers = Answers<String>()
        let folder = self.folder!
        try await forEachImportedWard(source.export) { database in
            let admin = try await database.read { db in
                try db.fetchValue("SELECT min(id) FROM staff WHERE active = TRUE AND isWardAdmin = TRUE", as: Int64.self)
            }
            let (plan, redacted, auditIds) = try await database.write { db in
                try SQLiteWardStore.erase(source.discharged.lowercased(), by: try XCTUnwrap(admin), now: Self.now, db)
            }
            XCTAssertEqual(plan.patients.count, 1, "on \(database.dialect)")
            XCTAssertGreaterThan(plan.counts.nappyChanges, 0, "on \(database.dialect)")
            XCTAssertGreaterThan(redacted, 0, "on \(database.dialect)")
            XCTAssertEqual(auditIds.count, 1)
            let left = try await database.read { db in
                (try SQLiteWardStore.counts(patientIds: [plan.patients[0].id], db: db),
                 try db.fetchValue("SELECT count(*) FROM patient WHERE lower(hospitalNumber) = lower(\(source.discharged))", as: Int.self))
            }
            XCTAssertEqual(left.0, ErasureCounts(), "on \(database.dialect)")
            XCTAssertEqual(left.1, 0, "on \(database.dialect)")
            let out = folder + "/erased-\(database.dialect)"
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
            let path = out + "/" + WardExportKind.jsonFileName
            _ = try await database.read { db in
                try SQLiteWardStore.writeExport(WardExportRequest(folder: out, format: .json, cotsideVersion: "test",
                                                                  exportedAt: Self.now),
                                                paths: [path], db: db, progress: { _ in })
            }
            answers.set("\(plan.counts) \(redacted) " + (try String(contentsOfFile: path, encoding: .utf8)), on: database.dialect)
        }
        guard let postgres = answers[.postgres] else { return }
        XCTAssertEqual(postgres, try XCTUnwrap(answers[.sqlite]))
    }

    /// The backup lease and record: claimed once, refused to another workstation, finished, and
    /// read back as Unix milliseconds on both engines.
    func testBackupBookkeepingIsTheSameOnBothEngines() async throws {
        try await forEachEngine { database in
            if let sqlite = database as? GRDBSQLDatabase {
                try WardMigrations.migrator.migrate(sqlite.writer)
            } else {
                _ = try await WardMigrations.postgresRunner.migrate(database)
            }
            let claimed = try await database.write { db in
                [try SQLiteWardStore.claimBackup(holder: "cart-1", now: Self.now, everyHours: 6, db),
                 try SQLiteWardStore.claimBackup(holder: "cart-2", now: Self.now.addingTimeInterval(60), everyHours: 6, db)]
            }
            XCTAssertEqual(claimed, [true, false], "on \(database.dialect)")
            let record = try await database.write { db in
                try SQLiteWardStore.finishBackup(holder: "cart-1", .succeeded(path: "/b/ward.sqlite", bytes: 4096),
                                                 at: Self.now.addingTimeInterval(5), db)
            }
            XCTAssertEqual(record, BackupRecord(lastBackupAt: Self.now.addingTimeInterval(5), lastBackupPath: "/b/ward.sqlite",
                                                lastBackupBytes: 4096), "on \(database.dialect)")
            let stored = try await database.read { db in
                try db.fetchValue("SELECT lastBackupAt FROM backup_schedule WHERE id = 1", as: Int64.self)
            }
            XCTAssertEqual(stored, StoredTime.milliseconds(Self.now.addingTimeInterval(5)), "on \(database.dialect)")
        }
    }

    /// A SQLite ward whose bookkeeping GRDB wrote as date text before is read as it was: no
    /// migration, and the next backup writes milliseconds.
    func testBackupTimesWrittenAsGRDBTextStillRead() async throws {
        let queue = try DatabaseQueue()
        try WardMigrations.migrator.migrate(queue)
        try await queue.write { db in
            try db.execute(sql: """
                UPDATE backup_schedule SET lastBackupAt = '2026-11-25 06:00:00.250', lastFailureAt = '2026-11-25 05:00:00',
                    leaseHolder = 'cart-9', leaseUntil = '2026-11-25 07:45:00.000' WHERE id = 1
                """)
        }
        let record = try await queue.read { db in try SQLiteWardStore.backupRecord(db) }
        XCTAssertEqual(record.lastBackupAt, Date(timeIntervalSince1970: 1_795_586_400.25))
        XCTAssertEqual(record.lastFailureAt, Date(timeIntervalSince1970: 1_795_582_800))
        let claimed = try await queue.write { db in
            try SQLiteWardStore.claimBackup(holder: "cart-1", now: Self.now, everyHours: 1, db)
        }
        XCTAssertFalse(claimed, "cart-9's lease (text, until 07:45) still holds at 07:30")
        let later = try await queue.write { db in
            try SQLiteWardStore.claimBackup(holder: "cart-1", now: Self.now.addingTimeInterval(20 * 60), everyHours: 1, db)
        }
        XCTAssertTrue(later)
        let lease = try await queue.read { db in try Int64.fetchOne(db, sql: "SELECT leaseUntil FROM backup_schedule") }
        XCTAssertEqual(lease, StoredTime.milliseconds(Self.now.addingTimeInterval(20 * 60 + BackupSchedule.leaseTimeout)))
    }
}
