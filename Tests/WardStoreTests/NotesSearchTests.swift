import Foundation
import GRDB
import XCTest
@testable import WardStore

/// History's notes search (FTS5, migration v7) checked against the slow obvious reference: the
/// old `LIKE '%word%'` scan of every table, narrowed in Swift to the rule `NotesSearch` states
/// (every word typed begins a word of the notes).
final class NotesSearchTests: WardStoreTestCase {
    static let phrases = ["mild nappy rash", "barrier cream applied", "rash improving", "Crying settled after feed",
                          "parents fed", "feeding well", "sample sent to lab", "cord clean and dry", "refused feed",
                          "temperature rechecked", "probe replaced", "cream and rash care", ""]

    /// A demo ward (nappy notes) plus feeds, measurements, saved results and stroke triage with
    /// notes, some soft-deleted and some edited after logging.
    private func seed() async throws {
        try await DemoWard.generate(into: try storeToSeed, cots: 4, days: 20, seed: 3, now: clock.now, timeZone: london)
        let patients = try await sql { db in try Int64.fetchAll(db, sql: "SELECT id FROM patient WHERE dischargedAt IS NULL") }
        var random = SeededRandom(seed: 11)
        func phrase() -> String { Self.phrases[random.int(0...Self.phrases.count - 1)] }
        for i in 0..<60 {
            let patient = patients[i % patients.count]
            let at = clock.now.addingTimeInterval(-Double(random.int(60...3_000)) * 60)
            let feed = try await store.logFeed(FeedDraft(patientId: patient, occurredAt: at, kind: .formula, volumeML: 30,
                                                         notes: phrase()), by: nil).record
            let reading = try await store.logMeasurement(MeasurementDraft(patientId: patient, measuredAt: at, kind: .temperature,
                                                                          value: 36.8, notes: phrase()), by: nil).record
            if i % 3 == 0 {
                _ = try await store.saveCalculatorResult(CalculatorResultDraft(patientId: patient, toolId: "bsa", inputsJSON: "{}",
                                                                               resultJSON: "{}", summary: phrase(), reviewed: true), by: nil)
            }
            if i % 7 == 0 {
                _ = try await store.saveStrokeAssessment(StrokeAssessmentDraft(patientId: patient, module: "full", inputsJSON: "{}",
                                                                               resultJSON: "{}", summary: phrase()), by: nil)
            }
            if i % 5 == 0 { _ = try await store.deleteFeed(id: feed.id, by: nil) }
            if i % 4 == 0 {
                _ = try await store.updateMeasurement(id: reading.id, MeasurementDraft(
                    patientId: patient, measuredAt: at, kind: .temperature, value: 36.9, notes: phrase()), by: nil)
            }
        }
    }

    /// The old query's rows for `text` (every word as a `LIKE` substring, live rows of live
    /// patients), kept only where each word begins a word of the text; newest first as History sorts.
    private func reference(_ text: String) async throws -> [String] {
        let words = NotesSearch.words(text)
        return try await sql { db in
            var rows: [(Int64, Int, Int64, String)] = []
            for kind in HistoryEventKind.allCases {
                let spec = HistoryBranch.of(kind)
                let like = words.map { _ in "n.\(spec.notesSearchColumn) LIKE ?" }.joined(separator: " AND ")
                let sql = """
                    SELECT n.\(spec.timeColumn), n.id, n.\(spec.notesSearchColumn) FROM \(spec.table) n
                    WHERE n.deletedAt IS NULL \(spec.extraConditions.map { " AND " + $0 }.joined())
                        AND NOT EXISTS (SELECT 1 FROM patient dp WHERE dp.id = n.patientId AND dp.deletedAt IS NOT NULL)
                        AND \(like)
                    """
                for row in try Row.fetchAll(db, sql: sql, arguments: StatementArguments(words.map { "%\($0)%" })) {
                    let notes: String = row[2]
                    let noteWords = NotesSearch.words(notes).map(Self.fold)
                    guard words.allSatisfy({ w in noteWords.contains { $0.hasPrefix(Self.fold(w)) } }) else { continue }
                    rows.append((row[0], kind.rank, row[1], "\(kind.rawValue)#\(row[1] as Int64)"))
                }
            }
            return rows.sorted { ($0.0, $0.1, $0.2) > ($1.0, $1.1, $1.2) }.map(\.3)
        }
    }

    private static func fold(_ s: String) -> String { s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }

    /// Every page of History for `text`, as "kind#id".
    private func search(_ text: String, patientId: Int64? = nil, limit: Int = 40) async throws -> [String] {
        let filter = HistoryFilter(patientId: patientId, notesContaining: text)
        var out: [String] = []
        var cursor: HistoryCursor?
        while true {
            let page = try await store.historyPage(filter, after: cursor, limit: limit)
            out += page.events.map { "\($0.kind.rawValue)#\($0.id)" }
            guard page.hasMore, let last = page.events.last else { return out }
            cursor = last.cursor
        }
    }

    func testSearchFindsWhatTheLikeReferenceFindsOnASeededWard() async throws {
        try await seed()
        let queries = ["rash", "RASH", "ras", "r", "cream", "cream rash", "rash cream", "feed", "fe", "settled crying",
                       "sample lab", "barrier-cream", "cord  dry", "nothing-like-this", "temp", "fed"]
        for query in queries {
            let expected = try await reference(query)
            let found = try await search(query)
            XCTAssertEqual(found, expected, "search \"\(query)\"")
        }
        let common = try await search("rash")
        XCTAssertGreaterThan(common.count, 20, "the seeded ward should give the search something to find")
        XCTAssertTrue(Set(common.map { $0.split(separator: "#")[0] }).isSuperset(of: ["nappyChange", "feed", "measurement"]))
        let summaries = try await search("cream")
        XCTAssertTrue(summaries.contains { $0.hasPrefix("calculatorResult#") } || summaries.contains { $0.hasPrefix("strokeAssessment#") })
    }

    func testWordsMatchFromTheirStartOnlyIgnoringCaseAndAccents() async throws {
        let patient = try await admit()
        let logged = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet,
                                                                     notes: "Crème barrière appliquée, mild rash"), by: nil).record
        let id = "nappyChange#\(logged.id)"
        for hit in ["creme", "CRÈME", "barr crem", "rash", "ra", "mild rash"] {
            let found = try await search(hit)
            XCTAssertEqual(found, [id], "\"\(hit)\" finds it")
        }
        for miss in ["ash", "rème", "rash none", "rashes"] {
            let found = try await search(miss)
            XCTAssertEqual(found, [], "\"\(miss)\" does not")
        }
    }

    func testTextWithoutAWordIsASubstringSearch() async throws {
        let patient = try await admit()
        let logged = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet,
                                                                     notes: "weight 100% of birth"), by: nil).record
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet,
                                                            notes: "no sign here"), by: nil)
        let found = try await search("%")
        XCTAssertEqual(found, ["nappyChange#\(logged.id)"])
    }

    func testIndexFollowsEditsSoftDeletesUndoAndRowDeletes() async throws {
        let patient = try await admit()
        let first = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet,
                                                                    notes: "rash"), by: nil)
        let id = first.record.id
        var found = try await search("rash")
        XCTAssertEqual(found, ["nappyChange#\(id)"])
        _ = try await store.updateNappyChange(id: id, NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet,
                                                                       notes: "skin intact"), by: nil)
        found = try await search("rash")
        XCTAssertEqual(found, [], "the edited-away word is gone")
        found = try await search("intact")
        XCTAssertEqual(found, ["nappyChange#\(id)"])
        let deleted = try await store.deleteNappyChange(id: id, by: nil)
        found = try await search("intact")
        XCTAssertEqual(found, [], "a soft-deleted event is not shown")
        _ = try await store.undo(auditEntryIds: [deleted.auditEntryId], by: nil)
        found = try await search("intact")
        XCTAssertEqual(found, ["nappyChange#\(id)"], "undoing the delete shows it again")
        // A row removed outright (no path in the app does this) leaves the index too.
        try await filePool.write { db in try db.execute(sql: "DELETE FROM nappy_change WHERE id = ?", arguments: [id]) }
        let orphans = try await sql { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM nappy_change_search WHERE nappy_change_search MATCH 'intact'")
        }
        XCTAssertEqual(orphans, 0)
        try await assertIndexesAgreeWithTheirTables()
    }

    /// FTS5's own check that each index holds exactly the words of its table's rows.
    private func assertIndexesAgreeWithTheirTables(file: StaticString = #filePath, line: UInt = #line) async throws {
        try await filePool.write { db in
            for kind in HistoryEventKind.allCases {
                let table = HistoryBranch.of(kind).searchTable
                try db.execute(sql: "INSERT INTO \(table) (\(table), rank) VALUES ('integrity-check', 1)")
            }
        }
    }

    func testMigrationIndexesNotesWrittenBeforeIt() async throws {
        try XCTSkipIf(serverWard != nil, "a ward FILE made before migration v6; runs on the SQLite pass")
        // A ward file made by the migrations before v6, with notes in it.
        await store.close()
        store = nil
        try FileManager.default.removeItem(atPath: dbPath)
        let queue = try DatabaseQueue(path: dbPath)
        try WardMigrations.migrator.migrate(queue, upTo: "v5_medication_pauses")
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO patient (bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, gestationalAgeWeeks,
                    gestationalAgeDays, birthWeightGrams, admittedAt, createdAt, updatedAt)
                VALUES ('1', 'Old', 'Ward', 'H1', '2026-03-01', 'female', 38, 0, 3200, 1772400000000, 1772400000000, 1772400000000);
                INSERT INTO nappy_change (patientId, occurredAt, kind, size, notes, createdAt, updatedAt)
                VALUES (1, 1773100000000, 'wet', 'medium', 'mild nappy rash', 1, 1),
                       (1, 1773100100000, 'wet', 'medium', '', 1, 1),
                       (1, 1773100200000, 'dirty', 'medium', 'loose stool', 1, 1);
                INSERT INTO feed (patientId, occurredAt, kind, volumeML, notes, createdAt, updatedAt)
                VALUES (1, 1773100300000, 'formula', 40, 'rash on cheek after feed', 1, 1);
                """)
        }
        try queue.close()
        let clock = self.clock!
        store = try SQLiteWardStore(path: dbPath, clock: { clock.now }, timeZone: london)
        let applied = try await sql { db in try WardMigrations.migrator.appliedMigrations(db) }
        XCTAssertTrue(applied.contains("v7_notes_search"), "\(applied)")
        var found = try await search("rash")
        XCTAssertEqual(found, ["feed#1", "nappyChange#1"])
        found = try await search("stool")
        XCTAssertEqual(found, ["nappyChange#3"])
        // Writes after the migration are indexed by the triggers.
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: 1, occurredAt: clock.now, kind: .wet, notes: "rash again"),
                                           by: nil)
        found = try await search("rash")
        XCTAssertEqual(found, ["nappyChange#4", "feed#1", "nappyChange#1"])
        try await assertIndexesAgreeWithTheirTables()
    }
}
