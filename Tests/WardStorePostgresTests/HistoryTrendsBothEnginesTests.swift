import Foundation
import GRDB
import WardSQL
@testable import WardStore
import XCTest

/// History pages, the notes search and Trends run unchanged on SQLite and PostgreSQL: one small
/// demo ward (with notes chosen to catch the engines' differences: accents, case, numbers with
/// points, hyphens, events at the same millisecond) is written into each engine's schema with
/// the same portable INSERTs, and every page, hit and trend point must be the same on both.
final class HistoryTrendsBothEnginesTests: XCTestCase {
    static let now = Date(timeIntervalSince1970: 1_795_270_800)  // 2026-11-21 14:20 UTC
    static let zone = TimeZone(identifier: "Europe/London")!

    /// The tables a ward's charting lives in, parents first; the summaries (`ward_trend_hour`,
    /// `wet_nappy_gap`) and SQLite's search index are kept by each engine's triggers.
    static let tables = ["staff", "patient", "medication", "medication_pause", "nappy_change", "feed", "measurement",
                         "measurement_goal", "dose_record", "as_needed_dose", "calculator_result", "stroke_assessment",
                         "ward_setting"]

    static let searches = ["rash", "RASH", "ras", "creme", "CRÈME", "barr crem", "rème", "5", "1", "ray", "x ray", "cream rash",
                           "feed", "fe", "%", "nothing-like-this", "doctor informed", "blood", "cr", "Ölbad", "olbad", "naïve"]

    /// One ward's rows: a 3-cot, 12-day demo ward and a few events written for the differences.
    private func demoRows() async throws -> [(table: String, rows: [SQLRow])] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-both-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Self.now
        let store = try SQLiteWardStore(path: folder.appendingPathComponent("ward.sqlite").path, clock: { now }, timeZone: Self.zone)
        _ = try await DemoWard.generate(into: store, cots: 3, days: 12, seed: 7, now: now, timeZone: Self.zone)
        let patient = try await store.admittedPatients()[0]
        let at = now.addingTimeInterval(-3_600)
        for notes in ["Crème barrière appliquée, mild rash", "dose 1.5 mL given", "x-ray done", "ÖLBAD gegeben", "naïve question",
                      "50% taken", "Rash"] {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: at, kind: .wet, notes: notes), by: nil)
        }
        // The same millisecond in another kind: ties are broken by kind rank, then id.
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: at, kind: .formula, volumeML: 30,
                                              notes: "rash after feed"), by: nil)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: at, kind: .temperature, value: 36.8,
                                                            notes: "crème on"), by: nil)
        let order = ["ward_setting": "key", "measurement_goal": "patientId, kind"]
        let rows = try await store.pool.read { db in
            try Self.tables.map { table in
                (table, try db.fetchAll("SELECT * FROM \(sql: SQLQuery(verbatim: table)) ORDER BY \(sql: SQLQuery(verbatim: order[table] ?? "id"))"))
            }
        }
        await store.close()
        return rows
    }

    /// The schema (SQLite's migrator or PostgreSQL's runner) and the rows, by portable INSERTs;
    /// flags go in as booleans where PostgreSQL's column is one.
    private static func load(_ rows: [(table: String, rows: [SQLRow])], into database: any SQLDatabase) async throws {
        if let sqlite = database as? GRDBSQLDatabase {
            try WardMigrations.migrator.migrate(sqlite.writer)
        } else {
            try await WardMigrations.postgresRunner.migrate(database)
        }
        try await database.write { db in
            // A new ward's own rows (its default settings) make way for the copied ones.
            for (table, _) in rows.reversed() { try db.execute("DELETE FROM \(sql: SQLQuery(verbatim: table))") }
            for (table, records) in rows where !records.isEmpty {
                var flags: Set<String> = []
                if db.dialect == .postgres {
                    flags = Set(try db.fetchAll("""
                        SELECT column_name FROM information_schema.columns
                        WHERE table_schema = current_schema() AND table_name = \(table) AND data_type = 'boolean'
                        """).map { try $0.first(as: String.self).lowercased() })
                }
                let names = records[0].columns.names
                for chunk in stride(from: 0, to: records.count, by: 200).map({ records[$0..<min($0 + 200, records.count)] }) {
                    let tuples = chunk.map { row in
                        "(" + SQLQuery.joined(zip(names, row.values).map { name, value in
                            if flags.contains(name.lowercased()), case .integer(let i) = value { return .value(i != 0) }
                            return .value(value)
                        }, separator: ", ") + ")"
                    }
                    try db.execute("INSERT INTO \(sql: SQLQuery(verbatim: table)) (\(sql: SQLQuery(verbatim: names.joined(separator: ", ")))) "
                                   + "VALUES \(sql: .joined(tuples, separator: ", "))")
                }
            }
        }
    }

    /// What the engine answers, as comparable text: History pages down and up for several
    /// filters, the search hits, and every patient's and the ward's trends in several windows.
    private static func answers(_ database: any SQLDatabase) async throws -> [String: String] {
        try await database.read { db in
            var out: [String: String] = [:]
            let staffId = try db.fetchValue("SELECT min(id) FROM staff", as: Int64.self)
            let patients = try db.fetchRecords(Patient.self, "SELECT * FROM patient WHERE deletedAt IS NULL ORDER BY id")
            var filters: [(String, HistoryFilter)] = [
                ("everything", .everything), ("patient", HistoryFilter(patientId: patients[0].id)),
                ("staff", HistoryFilter(staffId: staffId)), ("wet", HistoryFilter(nappyKinds: [.wet, .mixed])),
                ("doses", HistoryFilter(kinds: [.doseRecord, .asNeededDose])),
                ("range", HistoryFilter(from: now.addingTimeInterval(-3 * 86_400), until: now.addingTimeInterval(-86_400))),
            ]
            filters += searches.map { ("search \($0)", HistoryFilter(notesContaining: $0)) }
            for (name, filter) in filters {
                var pages: [String] = []
                var cursor: HistoryCursor?
                var count = 0
                repeat {
                    let page = try HistoryQuery(filter: filter, cursor: cursor, direction: .older, limit: 9).fetch(db)
                    pages.append(page.events.map(describe).joined(separator: "\n") + (page.hasMore ? "\n…" : ""))
                    cursor = page.hasMore ? page.events.last?.cursor : nil
                    count += 1
                } while cursor != nil && count < 400
                out["history " + name] = pages.joined(separator: "\n--\n")
                out["hits " + name] = String(pages.joined().split(separator: "\n").filter { $0 != "…" }.count)
            }
            // Paging up from the middle of everything gives the pages above it, in order.
            let middle = try HistoryQuery(filter: .everything, cursor: .justAfter(now.addingTimeInterval(-5 * 86_400)),
                                          direction: .older, limit: 5).fetch(db).events[2].cursor
            let up = try HistoryQuery(filter: .everything, cursor: middle, direction: .newer, limit: 9).fetch(db)
            out["history up"] = up.events.map(describe).joined(separator: "\n") + "\(up.hasMore)"

            let settings = try SQLiteWardStore.settings(db)
            for patient in patients {
                for window in TrendWindow.allCases {
                    let trends = try PatientTrendsQuery(patient: patient, window: window, now: now, timeZone: zone, settings: settings).fetch(db)
                    out["trends \(patient.id) \(window)"] = describe(trends)
                }
            }
            for window in TrendWindow.allCases {
                let ward = try WardTrendsQuery(window: window, now: now, timeZone: zone, settings: settings).fetch(db)
                out["ward \(window)"] = "\(ward.occupiedCots) cots\n" + ward.days.map(describe).joined(separator: "\n")
            }
            return out
        }
    }

    func testHistorySearchAndTrendsAreTheSameOnBothEngines() async throws {
        let rows = try await demoRows()
        let results = Results()
        try await forEachEngine { database in
            try await Self.load(rows, into: database)
            let answers = try await Self.answers(database)
            await results.set(database.dialect, answers)
        }
        let sqlite = await results.byEngine[.sqlite] ?? [:]
        XCTAssertGreaterThan(Int(sqlite["hits everything"] ?? "") ?? 0, 1_000, "the demo ward gives History something to page")
        XCTAssertEqual(sqlite["hits search creme"], "2", "accents are ignored: Crème barrière…, crème on")
        XCTAssertEqual(sqlite["hits search olbad"], "1")
        XCTAssertEqual(sqlite["hits search 5"], "2", "a word of 1.5, and 50%")
        XCTAssertEqual(sqlite["hits search rème"], "0", "a word is matched from its start")
        XCTAssertEqual(sqlite["hits search %"], "1")
        XCTAssertTrue((sqlite["history everything"] ?? "").contains("feed"), "every kind is paged")
        guard let postgres = await results.byEngine[.postgres] else { return }  // no server: skipped, said once
        XCTAssertEqual(Set(postgres.keys), Set(sqlite.keys))
        for key in sqlite.keys.sorted() {
            XCTAssertEqual(postgres[key], sqlite[key], "PostgreSQL differs from SQLite in \(key)")
        }
    }

    // MARK: - Comparable text

    private static func describe(_ event: HistoryEvent) -> String {
        "\(event.kind.rawValue)#\(event.id) \(StoredTime.milliseconds(event.occurredAt)) p\(event.patientId) \(event.bedLabel) "
            + "\(event.patientName) | \(event.title) | \(event.details) | \(event.notes) | \(event.staffInitials ?? "-")"
    }

    private static func number(_ value: Double?) -> String { value.map { String(format: "%.6g", $0) } ?? "-" }

    private static func describe(_ day: TrendDay) -> String {
        "\(day.label) wet \(day.wet) dirty \(day.dirty) nappies \(day.nappies) urine \(number(day.urineML)) "
            + "feed \(number(day.feedML)) feeds \(day.feeds) out \(number(day.outputML)) doses \(day.dosesGiven)/"
            + "\(day.dosesWithheld)/\(day.dosesMissed) alerts \(day.alerts) stay \(number(day.stayHours))"
    }

    private static func describe(_ trends: PatientTrends) -> String {
        var lines = ["from \(StoredTime.milliseconds(trends.from)) window days \(trends.windowDays)"]
        lines += trends.days.map(describe)
        for kind in MeasurementKind.allCases {
            if let readings = trends.readings[kind] {
                lines.append("\(kind): " + readings.map {
                    "\(StoredTime.milliseconds($0.at)) \(number($0.mean)) \(number($0.low)) \(number($0.high)) "
                        + "\(number($0.diastolic)) ×\($0.count)"
                }.joined(separator: "; "))
            }
            if let kpi = trends.kpis[kind] {
                lines.append("\(kind) kpi: \(number(kpi.latest)) at \(kpi.latestAt.map(StoredTime.milliseconds) ?? 0) "
                             + "\(number(kpi.dayBefore)) \(number(kpi.mean7d)) \(number(kpi.low)) \(number(kpi.high))")
            }
            if let goal = trends.goals[kind] { lines.append("\(kind) goal: \(goal)") }
        }
        lines += trends.doseCells.map { "\($0.day) \($0.slotTime) \($0.status)" }
        let input = trends.insightInput
        lines.append("insight: " + input.days.map(describe).joined(separator: "; "))
        lines.append("weights: " + input.weights.map { "\(StoredTime.milliseconds($0.at)) \(number($0.value))" }.joined(separator: " "))
        lines.append("recent: " + input.recentDoses.keys.sorted().map { "\($0) \(input.recentDoses[$0]!.map { "\($0.outcome)" })" }
            .joined(separator: " "))
        lines.append("last day: " + MeasurementKind.allCases.compactMap { kind in
            input.lastDayReadings[kind].map { "\(kind) \($0.map { number($0.value) })" }
        }.joined(separator: " "))
        lines.append("last wet: \(input.lastWetAt.map(StoredTime.milliseconds) ?? 0)")
        return lines.joined(separator: "\n")
    }
}

/// Each engine's answers, gathered across the `forEachEngine` runs.
private actor Results {
    var byEngine: [SQLDialect: [String: String]] = [:]
    func set(_ dialect: SQLDialect, _ answers: [String: String]) { byEngine[dialect] = answers }
}
