import ChildProcess
import Foundation
import GRDB
import XCTest
@testable import WardStore

/// `cotside backup`: a consistent copy by SQLite's online backup, checked, 0600, one file, never
/// half-written under its name, never replacing a file.
final class BackupTests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "a backup copies the ward file (a server is backed up with pg_dump)" }

    func testABackupIsACheckedPrivateSingleFileCopy() async throws {
        let patient = try await admit()
        for minutes in [30.0, 20, 10] {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon.addingTimeInterval(-minutes * 60),
                                                                kind: .wet), by: nil)
        }
        let destination = folder.appendingPathComponent("backup.sqlite").path
        let backup = try store.backup(to: destination)
        XCTAssertEqual(backup.patients, 1)
        XCTAssertGreaterThan(backup.bytes, 0)
        let mode = try FileManager.default.attributesOfItem(atPath: destination)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".partial") }
        XCTAssertEqual(leftovers, [], "no temporary file left")
        var config = Configuration()
        config.readonly = true
        let copy = try DatabaseQueue(path: destination, configuration: config)
        let (journal, nappies, check) = try await copy.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "SELECT count(*) FROM nappy_change"),
             try String.fetchAll(db, sql: "PRAGMA integrity_check"))
        }
        XCTAssertEqual(journal, "delete", "a backup is one self-contained file")
        XCTAssertEqual(nappies, 3)
        XCTAssertEqual(check, ["ok"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination + "-wal"))
    }

    func testAnExistingFileOrAMissingFolderIsRefusedAndNothingIsTouched() async throws {
        _ = try await admit()
        let existing = folder.appendingPathComponent("kept.sqlite").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing))
        XCTAssertThrowsError(try store.backup(to: existing)) {
            XCTAssertTrue(String(describing: $0).contains("already exists; a backup never replaces a file"), "\($0)")
        }
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "keep me")
        let nowhere = folder.appendingPathComponent("no/such/folder/b.sqlite").path
        XCTAssertThrowsError(try store.backup(to: nowhere)) {
            XCTAssertTrue(String(describing: $0).contains("does not exist; create it or choose another place"), "\($0)")
        }
    }

    func testTheCommandLineBacksUpAndExits2OnBadInput() async throws {
        _ = try await admit()
        let destination = folder.appendingPathComponent("cli-backup.sqlite").path
        let made = try runCotside(["backup", destination])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertTrue(made.stdout.contains("Backed up the ward to \(destination)") && made.stdout.contains("1 patients; integrity check ok"),
                      made.stdout)
        let again = try runCotside(["backup", destination])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("already exists"), again.stderr)
    }
}

extension MultiProcessTests {
    /// A backup taken while another process writes 500 entries holds every entry that process
    /// had acknowledged before the backup began (and the copy is whole).
    func testABackupTakenDuringWritesHoldsEveryEarlierAcknowledgedEntry() async throws {
        let (patient, staff) = try await setUpProbePatient()
        let probe = try Probe(try probeURL(), ["write", "--db", dbPath, "--patient", String(patient), "--count", "500",
                                               "--by", String(staff)])
        let deadline = Date().addingTimeInterval(20)
        while probe.ackedIds.count < 100 && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
        let before = Set(probe.ackedIds)
        XCTAssertGreaterThanOrEqual(before.count, 100, "the writer was writing")
        let destination = folder.appendingPathComponent("during.sqlite").path
        _ = try store.backup(to: destination)
        XCTAssertEqual(probe.wait(), 0, probe.stderr)
        let copy = try DatabaseQueue(path: destination)
        let (inCopy, check) = try await copy.read { db in
            (Set(try Int64.fetchAll(db, sql: "SELECT id FROM nappy_change")), try String.fetchAll(db, sql: "PRAGMA integrity_check"))
        }
        XCTAssertEqual(check, ["ok"])
        XCTAssertTrue(before.isSubset(of: inCopy), "missing: \(before.subtracting(inCopy).sorted().prefix(5))")
    }
}
