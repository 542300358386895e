import Foundation
import GRDB
import XCTest
@testable import WardStore

/// A restore while other processes hold the ward open: they notice the replaced file and work on
/// the restored one, and nothing any of them acknowledges is written into the replaced file.
extension MultiProcessTests {
    private func waitForLine(_ probe: Probe, startingWith prefix: String, seconds: Double = 30) async throws -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = probe.currentLines.first(where: { $0.hasPrefix(prefix) }) { return line }
            if !probe.isRunning { return probe.currentLines.first { $0.hasPrefix(prefix) } }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    func testASecondProcessHoldingTheWardNoticesARestoreAndWorksOnTheRestoredFile() async throws {
        let staff = try await store.addStaff(StaffDraft(name: "Restorer", initials: "RS", role: .nurse), by: nil).record.id
        let backup = folder.appendingPathComponent("empty-ward.sqlite").path
        _ = try store.backup(to: backup)
        _ = try await store.admit(patientDraft(bed: "1"), by: staff)

        let probe = try Probe(try probeURL(), ["watch", "--db", dbPath])
        let ready = try await waitForLine(probe, startingWith: "READY")
        XCTAssertEqual(ready, "READY 1", probe.stderr)

        let report = try await store.restore(from: backup, by: staff)

        let changed = try await waitForLine(probe, startingWith: "CHANGED", seconds: 10)
        XCTAssertEqual(changed, "CHANGED 0", "the probe reads the restored ward: \(probe.currentLines) \(probe.stderr)")
        let wrote = try await waitForLine(probe, startingWith: "WROTE", seconds: 10)
        XCTAssertNotNil(wrote, "the probe writes to the restored ward: \(probe.currentLines) \(probe.stderr)")
        XCTAssertEqual(probe.wait(), 0, probe.stderr)

        let restored = try await store.activeStaff().map(\.initials).sorted()
        XCTAssertEqual(restored, ["AR", "RS"], "the probe's write is in the restored file")
        let kept = try DatabaseQueue(path: report.keptAside)
        let keptStaff = try await kept.read { db in try String.fetchAll(db, sql: "SELECT initials FROM staff ORDER BY id") }
        XCTAssertEqual(keptStaff, ["RS"], "and not in the file kept aside")
    }

    func testWritesRacingARestoreLandBeforeItOrAreRefusedNeverInTheReplacedFile() async throws {
        let (patient, staff) = try await setUpProbePatient()
        let backup = folder.appendingPathComponent("before-writes.sqlite").path
        _ = try store.backup(to: backup)
        let probe = try Probe(try probeURL(), ["write", "--db", dbPath, "--patient", String(patient), "--count", "0",
                                               "--by", String(staff)])
        let deadline = Date().addingTimeInterval(60)
        while probe.ackedIds.count < 50 && Date() < deadline && probe.isRunning {
            try await Task.sleep(for: .milliseconds(5))
        }
        XCTAssertTrue(probe.isRunning, "probe stopped early: \(probe.stderr)")

        let report = try await store.restore(from: backup, by: staff)

        XCTAssertEqual(probe.wait(), 1, "the writer stops at its first refused commit")
        XCTAssertTrue(probe.stderr.contains("was replaced (restored from a backup)"), probe.stderr)
        let acked = Set(probe.ackedIds)
        let kept = try DatabaseQueue(path: report.keptAside)
        let keptIds = Set(try await kept.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM nappy_change") })
        XCTAssertTrue(acked.isSubset(of: keptIds), "acknowledged but lost: \(acked.subtracting(keptIds).sorted())")
        let restoredNappies = try await store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM nappy_change") }
        XCTAssertEqual(restoredNappies, 0, "the restored ward holds only the backup")
    }
}
