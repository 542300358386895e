import Foundation
import XCTest
@testable import WardStore

/// `cotside restore`: replaces the ward with a backup and says where the old one is kept; bad
/// files, a missing --by or no confirmation exit 2 with the ward's checksum unchanged.
final class RestoreCLITests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "a restore replaces the ward file" }

    /// FNV-1a over the ward file and its log: what "the current database untouched" means.
    func wardChecksum() -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for path in [dbPath, dbPath + "-wal"] {
            for byte in (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data() {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        return hash
    }

    func testRestoreFromTheCommandLineSaysFromWhereAndWhereTheOldWardIsKept() async throws {
        try await addNurse("AB")
        try await admit(bed: "1", given: "Backed", hospitalNumber: "B1")
        let backup = folder.appendingPathComponent("backup.sqlite").path
        _ = try store.backup(to: backup)
        try await admit(bed: "2", given: "Later", hospitalNumber: "L1")

        let restored = try runCotside(["restore", backup, "--by", "ab", "--yes"])

        XCTAssertEqual(restored.status, 0, restored.stderr)
        XCTAssertTrue(restored.stdout.contains("Restored the ward \(dbPath) from \(backup): 1 admitted patients; integrity check ok."),
                      restored.stdout)
        XCTAssertTrue(restored.stdout.contains("The ward as it was is kept as \(dbPath).before-restore-20260310T120000Z."),
                      restored.stdout)
        let patients = try runCotside(["patients"])
        XCTAssertTrue(patients.stdout.contains("Backed") && !patients.stdout.contains("Later"), patients.stdout)
    }

    func testRefusalsExitTwoAndLeaveTheWardUntouched() async throws {
        try await addNurse("AB")
        try await admit()
        let backup = folder.appendingPathComponent("backup.sqlite").path
        _ = try store.backup(to: backup)
        let text = folder.appendingPathComponent("notes.txt").path
        try Data("hello, this is not a ward".utf8).write(to: URL(fileURLWithPath: text))
        // Opening and closing the ward is not a restore: the last connection to close checkpoints
        // the log into the file (same content, other bytes). So this test holds no connection,
        // and the baseline is taken after one command that only reads has settled the file.
        await store.close()
        store = nil
        XCTAssertEqual(try runCotside(["patients"]).status, 0)
        let checksum = wardChecksum()

        let cases: [([String], String)] = [
            (["restore", text, "--by", "AB", "--yes"], "is not an SQLite database"),
            (["restore", folder.appendingPathComponent("gone.sqlite").path, "--by", "AB", "--yes"], "does not exist"),
            (["restore", folder.path, "--by", "AB", "--yes"], "is a folder"),
            (["restore", dbPath, "--by", "AB", "--yes"], "is the ward file itself"),
            (["restore", backup, "--yes"], "--by: name the staff member restoring"),
            (["restore", backup, "--by", "ZZ", "--yes"], "--by ZZ: no active staff member"),
            (["restore", backup, "--by", "AB"], "restore asks to confirm on a terminal; with no terminal, add --yes"),
        ]
        for (arguments, words) in cases {
            let outcome = try runCotside(arguments)

            XCTAssertEqual(outcome.status, 2, "\(arguments): \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(words), "\(arguments): \(outcome.stderr)")
            XCTAssertEqual(wardChecksum(), checksum, "\(arguments) changed the ward")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("before-restore") }
        XCTAssertEqual(left, [])
    }
}
