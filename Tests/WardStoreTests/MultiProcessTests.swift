import ChildProcess
import Foundation
import XCTest
import GRDB
@testable import WardStore

/// Real second processes (`cotside-store-probe`, built next to the test bundle) on the same file.
final class MultiProcessTests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "processes sharing one ward file (StoreRaceTests race two workstations on a server)" }

    /// The probe executable in the build folder that holds this test bundle.
    func probeURL() throws -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("cotside-store-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        for bundle in Bundle.allBundles {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("cotside-store-probe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        XCTFail("cotside-store-probe not found next to the tests; build it with `swift build --build-tests`")
        throw WardStoreError("probe missing")
    }

    /// A running probe; its stdout lines ("ACK <id> <commit time>") are read as they arrive.
    final class Probe: Sendable {
        let child: ChildProcess

        init(_ executable: URL, _ arguments: [String]) throws {
            child = try ChildProcess(executable.path, arguments)
        }

        var currentLines: [String] { child.stdoutLines }
        var stderr: String { child.stderr }
        var isRunning: Bool { child.isRunning }

        /// Waits for the probe to end (killed after 120 s): its exit code, or the signal that ended it.
        func wait() -> Int32 {
            switch child.wait(timeout: 120) {
            case .exited(let code): return code
            case .signalled(let signal): return signal
            case nil:
                XCTFail("probe ran past 120 s and was killed")
                return -1
            }
        }

        var ackedIds: [Int64] {
            currentLines.compactMap { line in
                let parts = line.split(separator: " ")
                return parts.first == "ACK" && parts.count > 1 ? Int64(parts[1]) : nil
            }
        }

        /// When the probe committed its first acknowledged write (the probe's own clock reading).
        var firstCommitTime: Date? {
            currentLines.lazy.compactMap { line -> Date? in
                let parts = line.split(separator: " ")
                guard parts.first == "ACK", parts.count > 2, let seconds = Double(parts[2]) else { return nil }
                return Date(timeIntervalSince1970: seconds)
            }.first
        }
    }

    func setUpProbePatient() async throws -> (patient: Int64, staff: Int64) {
        clock.now = Date()  // the probes use the real clock
        let probe = try Probe(try probeURL(), ["setup", "--db", dbPath])
        XCTAssertEqual(probe.wait(), 0, probe.stderr)
        let parts = try XCTUnwrap(probe.currentLines.first).split(separator: " ")
        return (Int64(parts[1])!, Int64(parts[3])!)
    }

    func testTwoProcessesWriting1000EachLoseNothing() async throws {
        let (patient, staff) = try await setUpProbePatient()
        let url = try probeURL()
        let args = ["write", "--db", dbPath, "--patient", String(patient), "--count", "1000", "--by", String(staff)]
        let probes = [try Probe(url, args), try Probe(url, args)]
        // This process writes too, through its own store, at the same time.
        for _ in 0..<50 {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient, occurredAt: clock.now, kind: .dirty), by: nil)
        }
        for probe in probes {
            XCTAssertEqual(probe.wait(), 0, "probe failed: \(probe.stderr)")
            XCTAssertFalse(probe.stderr.contains("locked"), probe.stderr)
            XCTAssertEqual(probe.ackedIds.count, 1000)
        }
        let acked = Set(probes.flatMap(\.ackedIds))
        XCTAssertEqual(acked.count, 2000, "every acknowledged id is distinct")
        let (stored, audits) = try await sql { db in
            (Set(try Int64.fetchAll(db, sql: "SELECT id FROM nappy_change WHERE kind = 'wet' AND deletedAt IS NULL")),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry WHERE entity = 'nappyChange'")!)
        }
        XCTAssertEqual(stored, acked)
        XCTAssertEqual(audits, 2050, "one audit row per write from all three writers")
    }

    func testSIGKILLDuringAWriteBurstKeepsEveryAcknowledgedChange() async throws {
        let (patient, staff) = try await setUpProbePatient()
        await store.close()
        store = nil
        let probe = try Probe(try probeURL(), ["write", "--db", dbPath, "--patient", String(patient), "--count", "0",
                                               "--by", String(staff)])
        let deadline = Date().addingTimeInterval(60)
        while probe.ackedIds.count < 300 && Date() < deadline && probe.isRunning {
            try await Task.sleep(for: .milliseconds(5))
        }
        XCTAssertTrue(probe.isRunning, "probe stopped early: \(probe.stderr)")
        probe.child.signal(SIGKILL)
        XCTAssertEqual(probe.child.wait(timeout: 30), .signalled(SIGKILL))
        let acked = probe.ackedIds
        XCTAssertGreaterThanOrEqual(acked.count, 300)

        let reopened = try SQLiteWardStore(path: dbPath)
        let (integrity, stored) = try await reopened.pool.read { db in
            (try String.fetchAll(db, sql: "PRAGMA integrity_check"),
             Set(try Int64.fetchAll(db, sql: "SELECT id FROM nappy_change")))
        }
        XCTAssertEqual(integrity, ["ok"])
        XCTAssertTrue(Set(acked).isSubset(of: stored), "lost: \(Set(acked).subtracting(stored).sorted())")
        XCTAssertLessThanOrEqual(stored.count - acked.count, 1, "at most the one write in flight at the kill")
        await reopened.close()
    }

    func testAnotherProcessWriteReachesChangesWithinTwoSeconds() async throws {
        let (patient, staff) = try await setUpProbePatient()
        let stream = store.changes()
        try await Task.sleep(for: .milliseconds(700))  // the watcher has read its first data_version
        let probe = try Probe(try probeURL(), ["write", "--db", dbPath, "--patient", String(patient), "--count", "1",
                                               "--by", String(staff)])
        let received = await withTaskGroup(of: WardChange?.self) { group in
            group.addTask {
                for await change in stream where change.isFromAnotherProcess { return change }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return nil
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
        let receivedAt = Date()
        XCTAssertEqual(probe.wait(), 0, probe.stderr)
        XCTAssertEqual(received?.entities, Set(WardEntity.allCases))
        let committedAt = try XCTUnwrap(probe.firstCommitTime, "the probe acknowledged its write")
        XCTAssertLessThan(receivedAt.timeIntervalSince(committedAt), 2.0, "seen within 2 s of the other process's commit")
    }

    func testOwnWritesAreNotReportedAsFromAnotherProcess() async throws {
        let patient = try await admit()
        let stream = store.changes()
        try await Task.sleep(for: .milliseconds(700))
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet), by: nil)
        let seen = await withTaskGroup(of: [WardChange].self) { group in
            group.addTask {
                var changes: [WardChange] = []
                for await change in stream {
                    changes.append(change)
                }
                return changes
            }
            try? await Task.sleep(for: .milliseconds(1500))  // three watcher polls
            await self.store.close()  // ends the stream
            return await group.next()!
        }
        XCTAssertEqual(seen, [WardChange(entities: [.nappyChange], isFromAnotherProcess: false)])
    }

    /// Two processes charting the same 150 slots at once: each slot is recorded exactly once, and
    /// the other process is refused for it (never a silent second "given" over the first).
    func testTwoProcessesRecordingTheSameSlotsChartEachDoseOnce() async throws {
        clock.now = Date()
        let setup = try Probe(try probeURL(), ["setup", "--db", dbPath])
        XCTAssertEqual(setup.wait(), 0, setup.stderr)
        let parts = try XCTUnwrap(setup.currentLines.first).split(separator: " ")
        let (staff, medication) = (String(parts[3]), String(parts[5]))
        let args = ["dose", "--db", dbPath, "--medication", medication, "--count", "150", "--by", staff]
        let probes = [try Probe(try probeURL(), args), try Probe(try probeURL(), args)]
        for probe in probes { XCTAssertEqual(probe.wait(), 0, "probe failed: \(probe.stderr)") }
        let refused = probes.map { $0.currentLines.filter { $0.hasPrefix("REFUSED ") }.count }
        XCTAssertEqual(probes.map(\.ackedIds.count).reduce(0, +), 150, "each slot charted once")
        XCTAssertEqual(refused.reduce(0, +), 150, "the other writer was refused for each slot")
        XCTAssertEqual(Set(probes.flatMap(\.ackedIds)).count, 150)
        let medicationId = Int64(medication)!
        let (rows, actions) = try await sql { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM dose_record WHERE medicationId = ? AND status = 'given'",
                              arguments: [medicationId])!,
             try String.fetchAll(db, sql: "SELECT action FROM audit_entry WHERE entity = 'doseRecord' ORDER BY id"))
        }
        XCTAssertEqual(rows, 150)
        XCTAssertEqual(actions, Array(repeating: "create", count: 150), "no status was written over")
    }
}
