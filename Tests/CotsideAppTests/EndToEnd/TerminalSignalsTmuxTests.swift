import ChildProcess
import Foundation
import XCTest

/// Suspend, resume, terminate and hang up the real binary in tmux, and read the terminal modes
/// with `stty -a` afterwards. A resumed Cotside once left the terminal without echo and
/// canonical mode (4 of 10 trials after Ctrl-Z and a plain SIGCONT), and the shell kept it raw.
final class TerminalSignalsTmuxTests: XCTestCase {
    /// Ctrl-Z (the key, or SIGTSTP sent) in a job-control shell, then a plain SIGCONT while the shell owns the terminal:
    /// Cotside must keep its hands off it (the shell's `stty -a` shows echo and icanon) and come
    /// back, redrawn and answering keys, with `fg`. Repeated, since the fault was intermittent.
    func testSuspendAndPlainContinueLeaveTheShellSaneAndFgRedraws() throws {
        let pane = try SignalPane(prefix: "cotside-tstp")
        defer { pane.close() }
        try pane.startInteractiveBash()
        try pane.typeLine(pane.cotsideCommand)
        try pane.tmux.waitFor("I understand")
        let pid = try pane.cotsidePid()
        for cycle in 1...6 {
            if cycle.isMultiple(of: 2) { kill(pid, SIGTSTP) } else { try pane.tmux.send("C-z") }
            try pane.waitForState(of: pid, "T")
            try pane.tmux.waitFor("Stopped")
            try pane.waitUntilGone("I understand")  // the shell's screen is back while stopped
            kill(pid, SIGCONT)
            try pane.waitForState(of: pid, "S")
            XCTAssertEqual(try pane.modesSeenByTheShell(tag: "c\(cycle)"), ["icanon", "echo"],
                           "cycle \(cycle): a plain SIGCONT in the background must not take the terminal")
            try pane.typeLine("fg")
            try pane.tmux.waitFor("I understand")
        }
        try pane.tmux.send("Enter")
        try pane.tmux.waitFor("Who is at the keyboard?")
        try pane.tmux.send("C-c")  // nothing unsaved here: quits at once, dying of SIGINT
        try pane.waitForExit(of: pid)
        try pane.typeLine("echo \"status=$?\"")
        try pane.tmux.waitFor("status=130")
        XCTAssertEqual(try pane.modesSeenByTheShell(tag: "end"), ["icanon", "echo"])
    }

    /// Without job control (the process group is orphaned, so SIGTSTP cannot stop it) a
    /// SIGTSTP and SIGCONT pair still ends with the screen drawn, keys working, SIGINT asking
    /// before a form's input is lost, and on quitting a sane terminal, with no shell to tidy up.
    func testSuspendAndContinueWithoutJobControlKeepTheScreenAndKeys() throws {
        let pane = try SignalPane(prefix: "cotside-cont")
        defer { pane.close() }
        try pane.startCotsideThenStty()
        try pane.tmux.waitFor("I understand")
        let pid = try pane.cotsidePid()
        for _ in 1...5 {
            kill(pid, SIGTSTP)
            kill(pid, SIGCONT)
            try pane.tmux.waitFor("I understand")
        }
        try pane.tmux.send("Enter")
        try pane.tmux.waitFor("Who is at the keyboard?")
        kill(pid, SIGTSTP)
        kill(pid, SIGCONT)
        try pane.tmux.waitFor("Who is at the keyboard?")
        try pane.tmux.send("a")
        try pane.tmux.waitFor("Add myself")
        try pane.tmux.send("-l", "Nia")
        try pane.tmux.waitFor("Nia")
        kill(pid, SIGINT)  // Ctrl-C with unsaved input in a form: asks, as q does
        try pane.tmux.waitFor("Quit Cotside?")
        try pane.tmux.send("n")
        try pane.waitUntilGone("Quit Cotside?")
        try pane.tmux.waitFor("Nia")
        kill(pid, SIGINT)
        try pane.tmux.waitFor("Quit Cotside?")
        try pane.tmux.send("y")
        try pane.tmux.waitFor("[exited 0]")  // a confirmed quit is an ordinary one
        XCTAssertEqual(try pane.modesAfterCotside(), ["icanon", "echo"])
    }

    func testTerminateRestoresTheTerminal() throws {
        try assertSignalRestoresTheTerminal(SIGTERM, exitStatus: 143)
    }

    func testHangupSignalRestoresTheTerminal() throws {
        try assertSignalRestoresTheTerminal(SIGHUP, exitStatus: 129)
    }

    func testInterruptOutsideAFormRestoresTheTerminal() throws {
        try assertSignalRestoresTheTerminal(SIGINT, exitStatus: 130)
    }

    /// The signal ends Cotside with the conventional status (128 + signal: it dies of it after
    /// restoring), and nothing but Cotside restores the terminal in this pane.
    private func assertSignalRestoresTheTerminal(_ signal: Int32, exitStatus: Int, line: UInt = #line) throws {
        let pane = try SignalPane(prefix: "cotside-sig\(signal)")
        defer { pane.close() }
        try pane.startCotsideThenStty()
        try pane.tmux.waitFor("I understand")
        let pid = try pane.cotsidePid()
        kill(pid, signal)
        try pane.tmux.waitFor("[exited \(exitStatus)]", line: line)
        XCTAssertEqual(try pane.modesAfterCotside(), ["icanon", "echo"], line: line)
    }
}

/// A tmux pane for the signal tests: its own home, a ward file, and ways to read the terminal
/// modes the way a user would, with `stty -a`.
final class SignalPane {
    let tmux: TmuxSession
    let home: URL
    let binary: String
    var database: String { home.appendingPathComponent("ward.sqlite").path }
    var environment: [String: String] {
        [
            "LANG": "C.UTF-8", "TZ": "UTC", "HOME": home.path, "PS1": "test$ ",
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
        ]
    }
    var cotsideCommand: String { "\(TmuxSession.quote(binary)) --db \(TmuxSession.quote(database))" }
    /// Prints the state of echo and icanon (a leading "-" when off) after `prefix`.
    static let modesScript = "stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(echo|icanon)' | paste -sd, -"

    init(prefix: String) throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed (make test installs it)") }
        binary = try TmuxSession.cotsideBinary()
        home = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        tmux = TmuxSession(prefix: prefix)
    }

    /// An interactive bash with job control, as a user's terminal would have.
    func startInteractiveBash() throws {
        try tmux.start(["bash", "--norc", "--noprofile", "-i"], environment: environment)
        try tmux.waitFor("test$")
    }

    /// Cotside straight in the pane's `sh -c` (no job control); when it ends, the script prints
    /// the terminal modes it left behind ("modes=…") and its exit status ("[exited N]").
    func startCotsideThenStty() throws {
        let script = "\"$0\" --db \"$1\"; s=$?; printf 'modes=%s\\n' \"$(\(Self.modesScript))\"; exit $s"
        try tmux.start(["sh", "-c", script, binary, database], environment: environment)
    }

    func typeLine(_ line: String) throws {
        try tmux.send("-l", line)
        try tmux.send("Enter")
    }

    /// Runs `stty -a` in the interactive shell and returns the echo/icanon words it printed.
    func modesSeenByTheShell(tag: String) throws -> [String] {
        try typeLine("printf '%s=%s\\n' \(tag)-modes \"$(\(Self.modesScript))\"")
        let marker = "\(tag)-modes="
        let screen = try tmux.waitFor(marker)
        let line = screen.last { $0.hasPrefix(marker) } ?? ""
        return line.dropFirst(marker.count).split(separator: ",").map(String.init)
    }

    func modesAfterCotside() throws -> [String] {
        let line = try tmux.waitFor("modes=").last { $0.hasPrefix("modes=") } ?? ""
        return line.dropFirst("modes=".count).split(separator: ",").map(String.init)
    }

    /// The pid of the Cotside this pane runs (its command line names this pane's ward file).
    func cotsidePid() throws -> pid_t {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let outcome = try ChildProcess.run("pgrep", ["-f", "--", "^\(binary) --db \(database)$"], timeout: 10)
            if let pid = outcome.stdout.split(separator: "\n").compactMap({ pid_t($0) }).first { return pid }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxError("no cotside process for \(database)")
    }

    /// Waits until the process is in `state` ("T" stopped, "S" asleep or running) as /proc
    /// shows it; throws on timeout, so one broken cycle does not make every later wait time out.
    func waitForState(of pid: pid_t, _ state: String, timeout: TimeInterval = 5) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = "?"
        while Date() < deadline {
            guard let current = Self.processState(pid) else { throw TmuxError("process \(pid) exited while waiting for state \(state)") }
            seen = current
            if current == state || (state == "S" && current == "R") { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TmuxError("process \(pid) stayed in state \(seen), not \(state), for \(timeout) s")
    }

    func waitForExit(of pid: pid_t, timeout: TimeInterval = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if Self.processState(pid) == nil || Self.processState(pid) == "Z" { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxError("process \(pid) still running after \(timeout) s")
    }

    /// The one-letter state in /proc/<pid>/stat, or nil once the process is gone.
    static func processState(_ pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    /// Polls the screen until no line shows `text`; throws on timeout.
    func waitUntilGone(_ text: String, timeout: TimeInterval = 5) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var screen: [String] = []
        while Date() < deadline {
            screen = try tmux.capture()
            if !screen.contains(where: { $0.contains(text) }) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxError("“\(text)” still shown after \(timeout) s:\n\(screen.joined(separator: "\n"))")
    }

    /// Ends the session and any Cotside it left behind (stopped or not), and removes the home folder.
    func close() {
        let outcome = try? ChildProcess.run("pgrep", ["-f", "--", "^\(binary) --db \(database)$"], timeout: 10)
        for pid in outcome?.stdout.split(separator: "\n").compactMap({ pid_t($0) }) ?? [] { kill(pid, SIGKILL) }
        tmux.kill()
        try? FileManager.default.removeItem(at: home)
    }
}
