import Foundation
import XCTest
@testable import WardStore

/// Automatic backups: when one is due (a pure function of the last backup, the last failure,
/// the clock and the settings), which files pruning removes, and the lease that lets one
/// workstation at a time take the backup (and lets a stale lease be taken over).
final class AutomaticBackupTests: WardStoreTestCase {
    let t0 = ISO8601DateFormatter().date(from: "2026-03-10T12:00:00Z")!
    func hours(_ h: Double) -> Date { t0.addingTimeInterval(h * 3600) }

    func testABackupIsDueWhenNoneWasTakenOrTheLastIsOldEnough() {
        XCTAssertTrue(BackupSchedule.isDue(lastBackup: nil, lastFailure: nil, now: t0, everyHours: 24), "never backed up")
        XCTAssertFalse(BackupSchedule.isDue(lastBackup: hours(-23.9), lastFailure: nil, now: t0, everyHours: 24))
        XCTAssertTrue(BackupSchedule.isDue(lastBackup: hours(-24), lastFailure: nil, now: t0, everyHours: 24))
        XCTAssertTrue(BackupSchedule.isDue(lastBackup: hours(-1), lastFailure: nil, now: t0, everyHours: 1))
        XCTAssertFalse(BackupSchedule.isDue(lastBackup: nil, lastFailure: nil, now: t0, everyHours: 0), "0 = off")
        XCTAssertFalse(BackupSchedule.isDue(lastBackup: hours(-100), lastFailure: nil, now: t0, everyHours: 0), "0 = off")
        XCTAssertTrue(BackupSchedule.isDue(lastBackup: hours(2), lastFailure: nil, now: t0, everyHours: 24),
                      "a last backup in the future (clock set back) does not stop backups for good")
    }

    func testAFailureWaitsFifteenMinutesBeforeTheNextAttempt() {
        let failed = t0.addingTimeInterval(-10 * 60)
        XCTAssertFalse(BackupSchedule.isDue(lastBackup: hours(-30), lastFailure: failed, now: t0, everyHours: 24))
        XCTAssertTrue(BackupSchedule.isDue(lastBackup: hours(-30), lastFailure: failed, now: t0.addingTimeInterval(5 * 60), everyHours: 24))
        XCTAssertTrue(BackupSchedule.isDue(lastBackup: hours(-30), lastFailure: hours(-31), now: t0, everyHours: 24),
                      "a failure followed by a success holds nothing back")
        XCTAssertEqual(BackupRecord(lastBackupAt: hours(-2), lastFailureAt: hours(-1), lastFailure: "disk full").standingFailure, "disk full")
        XCTAssertNil(BackupRecord(lastBackupAt: hours(-1), lastFailureAt: hours(-2), lastFailure: "disk full").standingFailure,
                     "a success after the failure clears it")
    }

    func testPruningKeepsTheNewestBackupsItMadeAndNothingElse() throws {
        let names = ["ward-20260101T000000Z.sqlite", "ward-20260103T000000Z.sqlite", "ward-20260102T000000Z.sqlite",
                     ".ward-20260104T000000Z.sqlite.partial-12", "notes.txt", "ward.sqlite-before", "other.sqlite"]
        XCTAssertEqual(BackupPruning.toDelete(names, keep: 2), ["ward-20260101T000000Z.sqlite"])
        XCTAssertEqual(BackupPruning.toDelete(names, keep: 1), ["ward-20260101T000000Z.sqlite", "ward-20260102T000000Z.sqlite"])
        XCTAssertEqual(BackupPruning.toDelete(names, keep: 5), [])

        let backups = folder.appendingPathComponent("backups").path
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        for name in names { XCTAssertTrue(FileManager.default.createFile(atPath: backups + "/" + name, contents: Data(name.utf8))) }
        let deleted = BackupPruning.prune(folder: backups, keep: 1)
        XCTAssertEqual(deleted.count, 2)
        let left = try FileManager.default.contentsOfDirectory(atPath: backups).sorted()
        XCTAssertEqual(left, [".ward-20260104T000000Z.sqlite.partial-12", "notes.txt", "other.sqlite", "ward-20260103T000000Z.sqlite",
                              "ward.sqlite-before"])
        XCTAssertEqual(BackupPruning.newest(in: backups)?.path, backups + "/ward-20260103T000000Z.sqlite")
    }

    func testOneWorkstationAtATimeHoldsTheLeaseAndAStaleLeaseIsTakenOver() async throws {
        let claimedA = try await store.claimBackup(holder: "A", now: t0, everyHours: 24)
        XCTAssertTrue(claimedA, "due: never backed up")
        let claimedB = try await store.claimBackup(holder: "B", now: t0.addingTimeInterval(60), everyHours: 24)
        XCTAssertFalse(claimedB, "A holds a fresh lease")

        // A dies mid-backup: after the lease timeout B may take over.
        let late = t0.addingTimeInterval(BackupSchedule.leaseTimeout + 1)
        let takenOver = try await store.claimBackup(holder: "B", now: late, everyHours: 24)
        XCTAssertTrue(takenOver, "a stale lease is taken over")
        let record = try await store.finishBackup(holder: "B", .succeeded(path: "/b/ward-x.sqlite", bytes: 4096), at: late)
        XCTAssertEqual(record.lastBackupAt, late)
        XCTAssertEqual(record.lastBackupPath, "/b/ward-x.sqlite")
        XCTAssertEqual(record.lastBackupBytes, 4096)

        let again = try await store.claimBackup(holder: "A", now: late.addingTimeInterval(3600), everyHours: 24)
        XCTAssertFalse(again, "B's backup is an hour old: not due, whoever asks")
        let nextDay = try await store.claimBackup(holder: "A", now: late.addingTimeInterval(24 * 3600), everyHours: 24)
        XCTAssertTrue(nextDay)
    }

    func testAFailureIsRecordedAndReleasesTheLease() async throws {
        let claimed = try await store.claimBackup(holder: "A", now: t0, everyHours: 24)
        XCTAssertTrue(claimed)
        let failed = try await store.finishBackup(holder: "A", .failed("cannot write in /full: no space left on device"), at: t0)
        XCTAssertEqual(failed.standingFailure, "cannot write in /full: no space left on device")
        let soon = try await store.claimBackup(holder: "B", now: t0.addingTimeInterval(60), everyHours: 24)
        XCTAssertFalse(soon, "retried after 15 minutes, not at once")
        let later = try await store.claimBackup(holder: "B", now: t0.addingTimeInterval(16 * 60), everyHours: 24)
        XCTAssertTrue(later, "the lease was released; B retries")
        let done = try await store.finishBackup(holder: "B", .succeeded(path: "/b/w.sqlite", bytes: 1), at: t0.addingTimeInterval(17 * 60))
        XCTAssertNil(done.standingFailure, "a success clears the failure")
    }
}
