import ChildProcess
import Foundation
import XCTest

/// Drives the real `cotside` binary in a detached tmux session, to prove the curses backend:
/// keys with `send-keys`, mouse clicks as raw X10 bytes, and the screen with `capture-pane`.
/// Only the session this object created is ever killed.
final class TmuxSession {
    let name: String
    private(set) var started = false

    init(prefix: String = "cotside-e2e") {
        name = "\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    static var isAvailable: Bool { (try? run(["-V"]).status) == 0 }

    /// The `cotside` that `swift test` built into the same folder as the test runner.
    static func cotsideBinary() throws -> String {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let path = runner.deletingLastPathComponent().appendingPathComponent("cotside").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TmuxError("cotside binary not found at \(path): `swift test` should have built it")
        }
        return path
    }

    /// Starts `command` in a width×height window with `environment` added.
    func start(_ command: [String], environment: [String: String], width: Int = 100, height: Int = 30) throws {
        let env = environment.map { "\($0.key)=\(Self.quote($0.value))" }.sorted().joined(separator: " ")
        let shellCommand = "env \(env) \(command.map(Self.quote).joined(separator: " ")); echo \"[exited $?]\"; sleep 60"
        let result = try Self.run(["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), shellCommand])
        guard result.status == 0 else { throw TmuxError("tmux new-session failed: \(result.output)") }
        started = true
    }

    func send(_ keys: String...) throws {
        _ = try Self.run(["send-keys", "-t", name] + keys)
    }

    /// A left click at a 0-based cell, as the X10 press and release a terminal would send.
    func click(x: Int, y: Int) throws {
        let cx = String(format: "%02x", 33 + x), cy = String(format: "%02x", 33 + y)
        _ = try Self.run(["send-keys", "-t", name, "-H", "1b", "5b", "4d", "20", cx, cy])
        _ = try Self.run(["send-keys", "-t", name, "-H", "1b", "5b", "4d", "23", cx, cy])
    }

    func capture() throws -> [String] {
        try Self.run(["capture-pane", "-p", "-t", name]).output.components(separatedBy: "\n")
    }

    /// Polls the screen until `text` shows and none of `gone` does (or `timeout` passes);
    /// returns the last screen. `gone` waits out a list still showing its previous rows (a
    /// filter applied before its results have landed), so the next key acts on the new ones.
    /// The screen returned is settled (the same on two captures 50 ms apart): a frame can reach
    /// tmux in more than one write, and a test reading other rows of the screen that first showed
    /// `text` failed so under load.
    @discardableResult
    func waitFor(_ text: String, without gone: [String] = [], timeout: TimeInterval = 10,
                 file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen: [String] = []
        while Date() < deadline {
            screen = try capture()
            if screen.contains(where: { $0.contains(text) }),
               !screen.contains(where: { row in gone.contains { row.contains($0) } }) {
                Thread.sleep(forTimeInterval: 0.05)
                let again = try capture()
                if again == screen { return screen }
                continue
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let absent = gone.isEmpty ? "" : " without “\(gone.joined(separator: "”, “"))”"
        XCTFail("“\(text)”\(absent) did not appear within \(timeout) s; screen:\n\(screen.joined(separator: "\n"))",
                file: file, line: line)
        return screen
    }

    /// The environment a test's Cotside runs in: UTF-8, UTC, and a home and XDG folders of its
    /// own under `home`, so nothing of the developer's settings leaks in or out.
    static func environment(home: URL, term: String? = nil) -> [String: String] {
        var environment = [
            "LANG": "C.UTF-8", "TZ": "UTC", "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
        ]
        environment["TERM"] = term
        return environment
    }

    /// Past the research-use notice, picks the member (`initials`, or the one the picker offers
    /// first) and types their PIN.
    func signIn(_ initials: String? = nil, pin: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitFor("I understand", file: file, line: line)
        try send("Enter")
        try waitFor("Who is at the keyboard?", file: file, line: line)
        if let initials { try send("-l", initials) }
        try send("Enter")
        try waitFor("PIN: _", file: file, line: line)
        try send("-l", pin)
        try send("Enter")
    }

    /// A new ward requires PINs: its first member, just added from the picker, chooses one
    /// (typed twice) before anything else.
    func chooseFirstPin(_ pin: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitFor("has no PIN yet", file: file, line: line)
        try send("-l", pin)
        try send("Enter")
        try waitFor("Type the same PIN again", file: file, line: line)
        try send("-l", pin)
        try send("Enter")
        try waitFor("PIN set. Signed in as", file: file, line: line)
    }

    func kill() {
        guard started else { return }
        _ = try? Self.run(["kill-session", "-t", name])
        started = false
    }

    deinit { kill() }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// Runs a tmux client (through ChildProcess, whose output files the tmux server it may
    /// start can inherit without holding anything open); a client stuck 20 s throws.
    @discardableResult
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try ChildProcess.run("tmux", arguments, timeout: 20)
        guard !outcome.timedOut else { throw TmuxError("tmux \(arguments.first ?? "") did not finish within 20 s") }
        return (outcome.status, outcome.stdout + outcome.stderr)
    }
}

struct TmuxError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
