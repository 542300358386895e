import Foundation
import GRDB
import XCTest
@testable import WardStore

/// `cotside export` / `cotside import` at the store: the round trip is exact, every refusal
/// leaves the ward as it was, merge adds only what is missing, an export never replaces one.
final class WardExportImportTests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "exports and imports between ward files of its own (both engines: WardOnBothEnginesTests)" }

    /// Every row of a query, as text (a synchronous read: rows are not Sendable).
    private func rows(_ store: SQLiteWardStore, _ sql: String) throws -> [String] {
        try store.pool.database.read { db in try Row.fetchAll(db, sql: sql).map(\.description) }
    }

    private var exports: URL { folder.appendingPathComponent("exports") }

    private func export(_ store: SQLiteWardStore, to name: String, format: WardExportFormat = .json,
                        patientId: Int64? = nil, since: Date? = nil) async throws -> WardExportSummary {
        try await store.exportWard(WardExportRequest(folder: exports.appendingPathComponent(name).path, format: format,
                                               patientId: patientId, since: since, cotsideVersion: "test",
                                               exportedAt: clock.now), progress: { _ in })
    }

    private func jsonText(_ name: String) throws -> String {
        try String(contentsOf: exports.appendingPathComponent(name).appendingPathComponent(WardExportKind.jsonFileName), encoding: .utf8)
    }

    private func newStore(_ name: String) throws -> SQLiteWardStore {
        let clock = self.clock!
        return try SQLiteWardStore(path: folder.appendingPathComponent(name).path, clock: { clock.now }, timeZone: london)
    }

    /// A demo ward plus what the demo does not make: pauses (open and closed), a goal range,
    /// notes that need quoting, a discharge, and (unless told not to) IV infusions running and
    /// stopped and an output.
    private func demoWard(infusions: Bool = true) async throws {
        _ = try await DemoWard.generate(into: try storeToSeed, cots: 3, days: 6, seed: 7, now: noon.addingTimeInterval(-3600), timeZone: london)
        let doctor = try await addDoctor("ZX")
        let patient = try await store.admittedPatients()[0]
        let meds = try await store.medications(patientId: patient.id, includeEnded: true)
        _ = try await store.setMedicationPaused(id: meds[0].id, paused: true, by: doctor.id)
        _ = try await store.setMedicationPaused(id: meds[0].id, paused: false, by: doctor.id)
        _ = try await store.setMedicationPaused(id: meds[0].id, paused: true, by: doctor.id)
        _ = try await store.setGoalRange(patientId: patient.id, kind: .spo2, GoalRange(low: 91, high: 95, source: "ward"), by: doctor.id)
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-60), kind: .wet,
                                                            notes: "said \"sore\", then\nslept — ok"), by: doctor.id)
        guard infusions else { return }
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-5 * 3600), kind: .iv,
                                              fluid: "10% glucose", rateMLPerHour: 2.5, stoppedAt: noon.addingTimeInterval(-2 * 3600)),
                                    by: doctor.id)
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-1800), kind: .iv,
                                              fluid: "0.9% sodium chloride", rateMLPerHour: 6), by: doctor.id)
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-600), kind: .vomit,
                                              volumeML: 7), by: doctor.id)
    }

    /// The lines of an export that are records (the header's export time and the import's own
    /// audit entry are the only lines allowed to differ).
    private func records(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
            .filter { !$0.hasPrefix("\"exportedAt\"") && !$0.contains("\"action\": \"imported\"") }
    }

    func testExportImportExportGivesTheSameRecords() async throws {
        try await demoWard()
        let first = try await export(store, to: "first")
        XCTAssertGreaterThan(first.records, 500)
        let copy = try newStore("copy.sqlite")
        let imported = try await copy.importWard(WardImportRequest(data: Data(try jsonText("first").utf8), byInitials: "ZX", merge: false))
        XCTAssertEqual(imported.records, first.records)
        clock.advance(minutes: 5)
        _ = try await export(copy, to: "second")
        let before = try jsonText("first"), after = try jsonText("second")
        let (was, now) = (records(before), records(after))
        XCTAssertEqual(was.count, now.count)
        XCTAssertEqual(Array(zip(was, now).filter { $0 != $1 }.prefix(3).map { "\($0)\n  \($1)" }), [])
        XCTAssertNotEqual(before, after, "the second export holds the import's own audit entry")
        XCTAssertTrue(after.contains("\"action\": \"imported\""))
        XCTAssertTrue(before.contains(#""notes": "said \"sore\", then\nslept — ok""#))
        XCTAssertFalse(before.contains("pinHash"), "staff are exported without secrets")
        // Derived tables were rebuilt by the import, not copied: the ward reads the same.
        let pid = try await store.admittedPatients()[0].id
        let pausesBefore = try await store.medicationPauses(medicationId: try await store.medications(patientId: pid, includeEnded: true)[0].id)
        let pausesAfter = try await copy.medicationPauses(medicationId: try await copy.medications(patientId: pid, includeEnded: true)[0].id)
        XCTAssertEqual(pausesBefore, pausesAfter)
        XCTAssertEqual(pausesAfter.count, 2)
        let trendsBefore = try rows(store, "SELECT * FROM ward_trend_hour ORDER BY hour")
        let trendsAfter = try rows(copy, "SELECT * FROM ward_trend_hour ORDER BY hour")
        XCTAssertEqual(trendsBefore, trendsAfter)
        await copy.close()
    }

    func testEveryRefusalLeavesTheWardAsItWas() async throws {
        try await demoWard()
        _ = try await export(store, to: "good")
        let good = try jsonText("good")
        let target = try newStore("target.sqlite")
        _ = try await target.addStaff(StaffDraft(name: "Keeper", initials: "KP", role: .nurse), by: nil)
        let ward = try rows(target, "SELECT * FROM audit_entry")

        // A merge into a ward in use is its ward admin's (KP, its first member), never a member
        // only the file holds.
        func refused(_ text: String, merge: Bool = true, by: String = "KP", _ expected: [String],
                     file: StaticString = #filePath, line: UInt = #line) async throws {
            do {
                _ = try await target.importWard(WardImportRequest(data: Data(text.utf8), byInitials: by, merge: merge))
                XCTFail("imported", file: file, line: line)
            } catch let error as WardStoreError {
                for words in expected {
                    XCTAssertTrue(error.description.contains(words), "\(error.description) lacks \(words)", file: file, line: line)
                }
            }
            let now = try rows(target, "SELECT * FROM audit_entry")
            XCTAssertEqual(now, ward, file: file, line: line)
            let patients = try await target.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM patient") }
            XCTAssertEqual(patients, 0, file: file, line: line)
        }
        try await refused(String(good.prefix(2000)), ["not valid JSON", "line"])
        try await refused(good.replacingOccurrences(of: "\"formatVersion\": 1", with: "\"formatVersion\": 9"),
                          ["format version 9", "reads version 1"])
        let heavy = try XCTUnwrap(good.range(of: #""nappyWeightGrams": \d+"#, options: .regularExpression))
        let line = good[good.lineRange(for: heavy)]
        let id = try XCTUnwrap(line.firstMatch(of: /"id": (\d+)/)?.1)
        try await refused(good.replacingCharacters(in: heavy, with: "\"nappyWeightGrams\": 5000"),
                          ["nappies id \(id)", "nappyWeightGrams", "1000"])
        try await refused(good.replacingOccurrences(of: "\"admittedAt\": \"2026", with: "\"admittedAt\": \"2029"),
                          ["patients id", "admittedAt"])
        try await refused(good.replacingOccurrences(of: "\"volumeML\": ", with: "\"volumeML\": \"a lot\", \"x\": "),
                          ["feeds id", "volumeML", "expected a whole number"])
        try await refused(good, merge: false, ["already holds records", "1 staff"])
        try await refused(good, by: "QQ", ["a merge into a ward in use needs a ward admin of this ward", "QQ is not an active member"])
        try await refused(good, by: "ZX", ["ZX is not an active member of it"])
        await target.close()

        let empty = try newStore("empty.sqlite")
        let firstNappy = String(good[good.lineRange(for: try XCTUnwrap(good.range(of: "\"nappies\": [\n")))].dropLast())
        let nappyLine = try XCTUnwrap(good.split(separator: "\n").first { $0.hasPrefix("{\"id\"") && $0.contains("\"stoolColour\"") })
        let duplicated = good.replacingOccurrences(of: firstNappy + "\n", with: firstNappy + "\n" + (nappyLine.hasSuffix(",") ? nappyLine.dropLast() : nappyLine) + ",\n")
        do {
            _ = try await empty.importWard(WardImportRequest(data: Data(duplicated.utf8), byInitials: "ZX", merge: false))
            XCTFail("a duplicate id was imported")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("duplicate"), error.description)
        }
        let count = try await empty.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM nappy_change") }
        XCTAssertEqual(count, 0)
        await empty.close()
    }

    func testMergeAddsOnlyRecordsWhoseIdsAreMissing() async throws {
        try await demoWard()
        _ = try await export(store, to: "all")
        let before = try await store.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM nappy_change") }
        // A merge adds to a ward in use: a ward admin's to do (the demo's first member is one).
        let staff = try await store.activeStaff()
        let admin = try XCTUnwrap(staff.first { $0.isWardAdmin })
        let summary = try await store.importWard(WardImportRequest(data: Data(try jsonText("all").utf8), byInitials: admin.initials,
                                                                   merge: true))
        XCTAssertEqual(summary.records, 0)
        XCTAssertGreaterThan(summary.skipped, 500)
        let after = try await store.pool.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM nappy_change") }
        XCTAssertEqual(before, after)
    }

    /// An export written before roles has no `isWardAdmin` key: it still imports (not an admin,
    /// the column's default), and since the first member of an empty ward is its admin, the
    /// importing member becomes one, audited; a merge by someone who is not an admin is refused.
    func testInfusionsAndOutputsMakeTheRoundTrip() async throws {
        try await demoWard()
        _ = try await export(store, to: "infusions")
        let text = try jsonText("infusions")
        XCTAssertTrue(text.contains(#""rateMLPerHour": 2.5"#), "the rate is exported")
        XCTAssertTrue(text.contains(#""fluid": "0.9% sodium chloride""#))
        let copy = try newStore("infusions.sqlite")
        _ = try await copy.importWard(WardImportRequest(data: Data(text.utf8), byInitials: "ZX", merge: false))
        let sql = "SELECT id, kind, volumeML, fluid, rateMLPerHour, stoppedAt FROM feed WHERE kind IN ('iv', 'vomit') ORDER BY id"
        XCTAssertEqual(try rows(copy, sql), try rows(store, sql))
        XCTAssertGreaterThanOrEqual(try rows(copy, sql).count, 3)
        await copy.close()
    }

    func testAnExportFromBeforeInfusionsStillImports() async throws {
        try await demoWard(infusions: false)
        // A ward from before infusions had none (the demo now starts its preterm babies on one).
        try await store.pool.write { db in try db.execute(sql: "DELETE FROM feed WHERE rateMLPerHour IS NOT NULL") }
        _ = try await export(store, to: "old")
        let old = try jsonText("old").replacingOccurrences(of: #",\s*"(fluid|rateMLPerHour|stoppedAt)": null"#, with: "",
                                                            options: .regularExpression)
        XCTAssertFalse(old.contains("\"rateMLPerHour\": "), "no feed record has the new keys")
        let copy = try newStore("old.sqlite")
        _ = try await copy.importWard(WardImportRequest(data: Data(old.utf8), byInitials: "ZX", merge: false))
        let feeds = "SELECT id, kind, volumeML, durationMinutes, fluid, rateMLPerHour, stoppedAt FROM feed ORDER BY id"
        XCTAssertEqual(try rows(copy, feeds), try rows(store, feeds))
        await copy.close()
    }

    func testAnExportFromBeforeRolesImportsAndItsImporterBecomesTheWardAdmin() async throws {
        try await demoWard()
        _ = try await export(store, to: "old")
        let old = try jsonText("old").replacingOccurrences(of: #"(,\s*)?"isWardAdmin": (true|false)"#, with: "",
                                                            options: .regularExpression)
        XCTAssertFalse(old.contains("\"isWardAdmin\": "), "no staff record has the key (audit images keep it in their text)")
        let copy = try newStore("old.sqlite")
        _ = try await copy.importWard(WardImportRequest(data: Data(old.utf8), byInitials: "ZX", merge: false))
        let admins = try await copy.activeStaff().filter(\.isWardAdmin).map(\.initials)
        XCTAssertEqual(admins, ["ZX"], "the importer, and nobody from the file, is the ward admin")
        let zx = try await copy.staff(initials: "ZX")
        let promoted = try await copy.auditEntries(entity: .staff, entityId: try XCTUnwrap(zx).id)
        XCTAssertTrue(promoted.contains { $0.action == .update && ($0.afterJSON ?? "").contains("\"isWardAdmin\":true") },
                      "the promotion is audited: \(promoted.map(\.afterJSON))")

        // The current format keeps the file's own admin, and the importer stays what they were.
        let current = try newStore("current.sqlite")
        _ = try await current.importWard(WardImportRequest(data: Data(try jsonText("old").utf8), byInitials: "ZX", merge: false))
        let kept = try await current.activeStaff().filter(\.isWardAdmin).map(\.initials)
        let original = try await store.activeStaff().filter(\.isWardAdmin).map(\.initials)
        XCTAssertEqual(kept, original)
        XCTAssertFalse(kept.contains("ZX"))

        func count(_ sql: String) throws -> Int { try current.pool.database.read { try Int.fetchOne($0, sql: sql) ?? -1 } }
        let before = try count("SELECT count(*) FROM nappy_change")
        do {
            _ = try await current.importWard(WardImportRequest(data: Data(try jsonText("old").utf8), byInitials: "ZX", merge: true))
            XCTFail("a merge by a member who is not a ward admin went in")
        } catch let refusal as WardPermissionError {
            XCTAssertTrue(refusal.description.contains("only a ward admin may"), refusal.description)
        }
        XCTAssertEqual(try count("SELECT count(*) FROM nappy_change"), before)
        XCTAssertEqual(try count("SELECT count(*) FROM audit_entry WHERE action = 'refused'"), 1, "the refusal is audited")
        await copy.close()
        await current.close()
    }

    func testAnExportIsNeverReplacedAndItsFolderIsPrivate() async throws {
        try await demoWard()
        _ = try await export(store, to: "once")
        let mode = try FileManager.default.attributesOfItem(atPath: exports.appendingPathComponent("once").path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o700)
        let text = try jsonText("once")
        do {
            _ = try await export(store, to: "once")
            XCTFail("a second export into the same folder must be refused")
        } catch {
            XCTAssertTrue("\(error)".contains("already exists"), "\(error)")
        }
        XCTAssertEqual(try jsonText("once"), text)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: exports.appendingPathComponent("once").path)
        XCTAssertEqual(leftovers, [WardExportKind.jsonFileName])
    }

    func testCSVHasAHeaderAndQuotesAsRFC4180() async throws {
        try await demoWard()
        let summary = try await export(store, to: "csv", format: .csv)
        XCTAssertEqual(summary.files.map { ($0 as NSString).lastPathComponent }, WardExportKind.all.map { $0.name + ".csv" })
        let nappies = try String(contentsOfFile: exports.appendingPathComponent("csv/nappies.csv").path, encoding: .utf8)
        XCTAssertTrue(nappies.hasPrefix("id,patientId,occurredAt,kind,size,stoolColour,nappyWeightGrams,notes,recordedBy,"))
        XCTAssertTrue(nappies.contains(",\"said \"\"sore\"\", then\nslept — ok\","))
        XCTAssertTrue(nappies.contains("\r\n"))
        XCTAssertEqual(WardExportText.csvField("plain"), "plain")
        XCTAssertEqual(WardExportText.csvField("a,b"), "\"a,b\"")
    }

    func testBedAndSinceNarrowTheExport() async throws {
        try await demoWard()
        let patient = try await store.admittedPatients()[0]
        let since = noon.addingTimeInterval(-86_400)
        _ = try await export(store, to: "one", patientId: patient.id, since: since)
        let text = try jsonText("one")
        let lines = text.split(separator: "\n")
        let foreign = lines.filter { $0.contains("\"patientId\": ") && !$0.contains("\"patientId\": \(patient.id),") }
        XCTAssertEqual(foreign, [])
        let sinceText = WardExportText.instant(milliseconds: StoredTime.milliseconds(since))
        for line in lines where line.contains("\"occurredAt\": ") {
            let time = try XCTUnwrap(line.firstMatch(of: /"occurredAt": "([^"]+)"/)?.1)
            XCTAssertGreaterThanOrEqual(String(time), sinceText)
        }
    }

    func testInstantsAreISOUTCWithMillisecondsBothWays() {
        for ms: Int64 in [0, 1, 1_773_144_000_123, -86_400_001, 951_782_400_000, 4_102_444_799_999] {
            let text = WardExportText.instant(milliseconds: ms)
            XCTAssertEqual(WardExportText.milliseconds(instant: text), ms, text)
        }
        XCTAssertEqual(WardExportText.instant(milliseconds: 1_773_144_000_123), "2026-03-10T12:00:00.123Z")
        XCTAssertEqual(WardExportText.milliseconds(instant: "2026-03-10T12:00:00Z"), 1_773_144_000_000)
        XCTAssertNil(WardExportText.milliseconds(instant: "2026-02-30T12:00:00.000Z"))
        XCTAssertNil(WardExportText.milliseconds(instant: "2026-03-10 12:00:00"))
    }
}

/// The import's JSON reader: every escape, numbers kept exact, and where a bad file goes wrong.
final class WardImportReaderTests: XCTestCase {
    private func records(_ text: String) throws -> [WardImportValue] {
        var found: [WardImportValue] = []
        try WardImportReader(.data(Data(text.utf8))).read(header: { _, _ in }, begin: { _ in }, record: { found.append($0) },
                                                          end: { _ in })
        return found
    }

    func testTextsNumbersAndLiteralsReadExactly() throws {
        let read = try records(#"{"format": "x", "staff": [{"a": "q\"b\\s\/\n\t\u00e9\ud83d\ude00", "n": 9007199254740993, "d": -1.5e2, "t": true, "z": null, "l": [1, {}]}]}"#)
        guard case .object(let record) = try XCTUnwrap(read.first) else { return XCTFail("not an object") }
        guard case .text(let text) = record["a"], case .integer(let n) = record["n"], case .number(let d) = record["d"],
              case .boolean(true) = record["t"], case .null = record["z"], case .array(let list) = record["l"] else {
            return XCTFail("\(record)")
        }
        XCTAssertEqual(text, "q\"b\\s/\n\té😀")
        XCTAssertEqual(n, 9_007_199_254_740_993)
        XCTAssertEqual(d, -150)
        XCTAssertEqual(list.count, 2)
    }

    func testMalformedFilesSayWhereAndWhat() {
        let cases = [
            ("{\"staff\": [\n{\"id\": 1 \"x\": 2}]}", "expected “,” or “}” in a record at line 2, column 10"),
            ("{\"staff\": [", "the file ends"),
            ("[1]", "expected the file to start with “{”"),
            ("{\"a\": tru}", "expected true at line 1, column 10"),
            ("{\"a\": 1} x", "the end of the file"),
            ("{\"a\": \"\u{1}\"}", "no control character"),
        ]
        for (text, words) in cases {
            XCTAssertThrowsError(try records(text), text) { error in
                XCTAssertTrue("\(error)".contains(words), "\(text): \(error)")
            }
        }
    }
}
