import ChildProcess
import Foundation
import XCTest

/// A terminal that goes away (a closed tmux pane, a dropped SSH session) must end Cotside, not
/// leave it spinning on a dead tty and holding the ward file: orphans at 20–25 % CPU each were
/// found after killed end-to-end sessions.
final class TerminalHangupTests: XCTestCase {
    func testCotsideExitsWhenItsTerminalIsClosed() async throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed (make test installs it)") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-hangup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let database = home.appendingPathComponent("ward.sqlite").path
        let tmux = TmuxSession(prefix: "cotside-hangup")
        defer { tmux.kill() }
        try tmux.start([binary, "--db", database], environment: [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path, "LANG": "C.UTF-8", "TZ": "UTC",
        ])
        try tmux.waitFor("I understand")
        XCTAssertFalse(try runningCotside(database).isEmpty, "cotside runs in the pane")
        tmux.kill()

        let deadline = Date().addingTimeInterval(10)
        var left = try runningCotside(database)
        while !left.isEmpty && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            left = try runningCotside(database)
        }
        for pid in left { kill(pid, SIGKILL) }  // never leave one behind, even when the test fails
        XCTAssertEqual(left, [], "cotside still running 10 s after its terminal closed")
    }

    /// Pids of cotside processes whose command line names this test's database.
    private func runningCotside(_ database: String) throws -> [pid_t] {
        let outcome = try ChildProcess.run("pgrep", ["-f", "--", "--db \(database)"], timeout: 10)
        return outcome.stdout.split(separator: "\n").compactMap { pid_t($0) }.filter { $0 != getpid() }
    }
}
