import ChildProcess
import Foundation
import GRDB
import XCTest
@testable import WardStore

/// `cotside export` and `cotside import` as a script sees them: exit codes, messages, and a
/// refused import leaving the target ward's file exactly as it was.
final class ExportImportCLITests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "exports and imports between ward files of its own (both engines: WardOnBothEnginesTests)" }

    private var out: String { folder.appendingPathComponent("out").path }
    private var exportFile: String { out + "/" + WardExportKind.jsonFileName }

    /// `cotside import … --db <other>`: the target ward is not this test's own.
    private func importInto(_ db: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        guard FileManager.default.isExecutableFile(atPath: cotsideBinary.path) else { throw XCTSkip("no built cotside") }
        let outcome = try ChildProcess.run(cotsideBinary.path, ["import"] + arguments + ["--db", db, "--now", "2026-03-10T12:00:00Z"],
                                           environment: Self.englishEnvironment)
        return (outcome.status, outcome.stdout, outcome.stderr)
    }

    /// Every row of every exported table, as text, after folding the WAL in.
    private func contents(_ db: String) throws -> [String] {
        let queue = try DatabaseQueue(path: db)
        defer { try? queue.close() }
        return try queue.read { db in
            try WardExportKind.all.flatMap { kind in
                try Row.fetchAll(db, sql: "SELECT * FROM \(kind.table)").map { "\(kind.name) \($0)" }
            }
        }
    }

    /// `--since -24h`, the example its help gives, is a time, not an unknown option.
    func testExportSinceTakesARelativeTime() throws {
        let outcome = try runCotside(["export", "--out", out, "--since", "-24h"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: exportFile))
    }

    func testExportRefusesToReplaceAnExportAndImportIsAllOrNothing() async throws {
        _ = try await DemoWard.generate(into: try storeToSeed, cots: 2, days: 4, seed: 3, now: noon.addingTimeInterval(-3600), timeZone: london)
        let first = try runCotside(["export", "--out", out])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("Exported "), first.stdout)
        XCTAssertTrue(first.stdout.contains(exportFile), first.stdout)
        let exported = try String(contentsOfFile: exportFile, encoding: .utf8)
        let again = try runCotside(["export", "--out", out])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
        XCTAssertEqual(try String(contentsOfFile: exportFile, encoding: .utf8), exported)
        let csv = try runCotside(["export", "--out", out + "-csv", "--format", "csv", "--bed", "1"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "-csv/patients.csv"))
        XCTAssertEqual(try runCotside(["export", "--out", out + "-x", "--format", "xml"]).status, 2)

        let target = folder.appendingPathComponent("target.sqlite").path
        let imported = try importInto(target, [exportFile, "--by", "AW"])
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stdout.hasPrefix("Imported "), imported.stdout)
        let before = try contents(target)

        // A merge adds to a ward in use, so it is a ward admin's (the demo's first member); a
        // nurse who is not one is refused before the file is read, and nothing changes.
        let targetQueue = try DatabaseQueue(path: target)
        let admins: [String] = try await targetQueue.read { db in
            try String.fetchAll(db, sql: "SELECT initials FROM staff WHERE active = 1 AND isWardAdmin = 1")
        }
        try targetQueue.close()
        let admin = try XCTUnwrap(admins.first)
        XCTAssertNotEqual(admin, "AW")
        let bad = folder.appendingPathComponent("bad.json").path
        let refusals: [(String, [String], String)] = [
            (String(exported.prefix(500)), ["--merge", "--by", admin], "not valid JSON"),
            (exported.replacingOccurrences(of: "\"formatVersion\": 1", with: "\"formatVersion\": 2"), ["--merge", "--by", admin], "format version 2"),
            (exported, ["--by", "AW"], "already holds records"),
            (exported, ["--merge"], "--by: name the staff member merging the export into the ward"),
        ]
        for (text, flags, words) in refusals {
            try Data(text.utf8).write(to: URL(fileURLWithPath: bad))
            let result = try importInto(target, [bad] + flags)
            XCTAssertEqual(result.status, 2, "\(words): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains(words), "\(words): \(result.stderr)")
            XCTAssertEqual(try contents(target), before, words)
        }
        // The nurse's refusal is audited, and nothing else changes.
        try Data(exported.utf8).write(to: URL(fileURLWithPath: bad))
        let nurse = try importInto(target, [bad, "--merge", "--by", "AW"])
        XCTAssertEqual(nurse.status, 2, nurse.stdout)
        XCTAssertTrue(nurse.stderr.contains("only a ward admin may erase a patient's data, import into a ward in use; AW is a nurse"),
                      nurse.stderr)
        let after = try contents(target)
        XCTAssertEqual(after.filter { !$0.hasPrefix("auditTrail ") }, before.filter { !$0.hasPrefix("auditTrail ") })
        XCTAssertEqual(after.filter { !before.contains($0) }.map { $0.contains("action:\"refused\"") }, [true], "one refusal audited")

        // A record the forms would refuse: nothing of the file goes in, not even the valid ones.
        let empty = folder.appendingPathComponent("empty.sqlite").path
        try Data(exported.replacingOccurrences(of: "\"birthWeightGrams\": ", with: "\"birthWeightGrams\": 9").utf8)
            .write(to: URL(fileURLWithPath: bad))
        let invalid = try importInto(empty, [bad, "--by", "AW"])
        XCTAssertEqual(invalid.status, 2, invalid.stdout)
        XCTAssertTrue(invalid.stderr.contains("patients id 1: birthWeightGrams: birth weight 9"), invalid.stderr)
        XCTAssertEqual(try contents(empty), [])
    }
}
