import Foundation
import XCTest

/// Drives the real binary in tmux (the curses backend): accept the disclaimer, add yourself,
/// admit a patient, quick-log a wet nappy with `w`, quit, start again, and find the nappy on
/// the Dashboard and in History. Only the session this test creates is ever killed.
final class EndToEndTmuxTests: XCTestCase {
    var folder: URL!
    var session = "cotside-e2e-\(UUID().uuidString.prefix(8))"
    var binary: URL!

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || (try? tmux(["-V"]).status) == 0 else {
            throw XCTSkip("tmux is not installed; the end-to-end test needs it")
        }
        binary = try BinaryRunner.locate(for: Self.self)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        _ = try? tmux(["kill-session", "-t", session])
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func startApp() throws {
        let f = folder.path
        let command = "env LANG=C.UTF-8 LC_ALL=C.UTF-8 TZ=UTC HOME=\(f) XDG_CONFIG_HOME=\(f)/config "
            + "XDG_DATA_HOME=\(f)/data XDG_STATE_HOME=\(f)/state \(binary.path) --db \(f)/ward.sqlite"
        XCTAssertEqual(try tmux(["new-session", "-d", "-s", session, "-x", "120", "-y", "35", command]).status, 0)
    }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", session]).output }

    func keys(_ keys: String...) throws { try tmux(["send-keys", "-t", session] + keys) }
    func text(_ text: String) throws { try tmux(["send-keys", "-t", session, "-l", text]) }

    /// Waits (up to 10 s) until the screen shows `text`; fails with the screen otherwise.
    func waitFor(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = Date().addingTimeInterval(10)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("“\(text)” never appeared; screen:\n\(last)", file: file, line: line)
        throw XCTSkip("stopping after the failure above")
    }

    func waitForExit() throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if try tmux(["has-session", "-t", session]).status != 0 { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTFail("cotside did not quit")
    }

    func testFirstShiftThenRestart() throws {
        try startApp()
        try waitFor("I understand")
        try keys("Enter")
        try waitFor("Who is at the keyboard?")
        try keys("a")
        try waitFor("Add myself")
        try text("Nia Nurse")
        try keys("Tab")
        try text("NN")
        try keys("Enter")
        try waitFor("User: Nia Nurse (NN)")

        try keys("A")
        try waitFor("Admit patient")
        for (i, value) in ["3", "Ada", "Lovelace", "H123", "2026-11-18"].enumerated() {
            if i > 0 { try keys("Tab") }
            try text(value)
        }
        try keys("Tab", "2", "Tab")
        try text("38+2")
        try keys("Tab")
        try text("3100")
        try keys("Enter")
        try waitFor("Admitted bed 3: Ada Lovelace")
        try waitFor("Occupied cots 1")

        try keys("w")
        try waitFor("Logged wet nappy for bed 3 (Ada Lovelace)")
        try keys("q")
        try waitForExit()

        try startApp()
        try waitFor("Ada Lovelace")
        let dashboard = try screen()
        XCTAssertFalse(dashboard.contains("Who is at the keyboard?"), "the user is remembered")
        XCTAssertTrue(dashboard.contains("User: Nia Nurse (NN)"), dashboard)
        XCTAssertTrue(dashboard.contains("Occupied cots 1 · changes today 1"), dashboard)
        XCTAssertTrue(dashboard.contains(" wet "), dashboard)
        try keys("2")
        try waitFor("Nappy wet")
        let history = try screen()
        XCTAssertTrue(history.contains("Ada Lovelace"), history)
        XCTAssertTrue(history.contains("NN"), history)
        try keys("q")
        try waitForExit()
    }
}
