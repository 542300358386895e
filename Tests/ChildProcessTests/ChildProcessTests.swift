import ChildProcess
import Foundation
import XCTest

/// The process helper every multi-process test stands on: exit codes, output, stdin, the
/// deadline that turns a hang into a failure, and no leaked descriptors. Async tests on
/// purpose: that is where `Foundation.Process.waitUntilExit()` hung in CI.
final class ChildProcessTests: XCTestCase {
    func testExitCodeOutputAndStdin() async throws {
        let outcome = try ChildProcess.run("sh", ["-c", "read line; echo \"got $line\"; echo oops >&2; exit 3"],
                                           stdin: Data("ward 4\n".utf8))
        XCTAssertEqual(outcome.status, 3)
        XCTAssertEqual(outcome.stdout, "got ward 4\n")
        XCTAssertEqual(outcome.stderr, "oops\n")
        XCTAssertFalse(outcome.timedOut)
    }

    func testEnvironmentIsExactlyTheOneGiven() async throws {
        let outcome = try ChildProcess.run("/usr/bin/env", [], environment: ["COT": "7"])
        XCTAssertEqual(outcome.stdout, "COT=7\n")
    }

    func testAChildPastItsDeadlineIsKilledAndReported() async throws {
        let start = Date()
        let outcome = try ChildProcess.run("sleep", ["30"], timeout: 0.3)
        XCTAssertTrue(outcome.timedOut)
        XCTAssertEqual(outcome.status, 128 + SIGKILL)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "the kill ends the wait")
    }

    func testManyQuickChildrenAreAllReaped() async throws {
        for i in 0..<200 {
            let outcome = try ChildProcess.run("true", [], timeout: 30)
            XCTAssertEqual(outcome.status, 0, "run \(i)")
            XCTAssertFalse(outcome.timedOut, "run \(i)")
        }
    }

    func testASignalledChildReportsItsSignal() async throws {
        let child = try ChildProcess("sleep", ["30"])
        XCTAssertTrue(child.isRunning)
        child.signal(SIGTERM)
        XCTAssertEqual(child.wait(timeout: 30), .signalled(SIGTERM))
        XCTAssertFalse(child.isRunning)
    }

    func testNoDescriptorBeyondStdioReachesTheChild() async throws {
        let pipe = Pipe()  // an open descriptor in this process, without close-on-exec
        defer { try? pipe.fileHandleForReading.close(); try? pipe.fileHandleForWriting.close() }
        let outcome = try ChildProcess.run("sh", ["-c", "ls /proc/self/fd"])
        let fds = outcome.stdout.split(separator: "\n").compactMap { Int($0) }.filter { $0 > 2 }
        XCTAssertLessThanOrEqual(fds.count, 1, "only ls's own directory handle: \(fds)")
    }

    func testAMissingExecutableIsAnErrorNotAHang() async throws {
        let outcome = try? ChildProcess.run("/nonexistent/cotside", [])
        if let outcome { XCTAssertEqual(outcome.status, 127) }  // posix_spawnp may fail in the child instead
    }
}
