import Foundation
import XCTest

/// tmux sends Home and End as `ESC [1~` and `ESC [4~`; under TERM=xterm-256color the terminal
/// database says `ESC OH` and `ESC OF`, so curses passes the bytes through. Read as Esc, `[`,
/// `4`, `~` they cleared History's patient and jumped to Medications; they must be Home and End.
final class HomeEndTmuxTests: XCTestCase {
    func testHomeAndEndOnHistoryKeepTheTabAndThePatientUnderXterm256Color() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-homeend-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = TmuxSession.environment(home: home, term: "xterm-256color")
        let session = TmuxSession(prefix: "cotside-homeend-e2e")
        defer { session.kill() }
        try session.start([binary, "--db", home.appendingPathComponent("ward.sqlite").path], environment: environment,
                          width: 120, height: 35)
        try session.waitFor("I understand")
        try session.send("Enter")
        try session.waitFor("Who is at the keyboard?")
        try session.send("a")
        try session.waitFor("Add myself")
        try session.send("-l", "Nia Nurse")
        try session.send("Tab")
        try session.send("-l", "NN")
        try session.send("Enter")
        try session.chooseFirstPin("2468")  // a new ward requires PINs
        try session.waitFor("User: Nia Nurse (NN)")
        try session.send("A")
        try session.waitFor("Admit patient")
        for (i, value) in ["3", "Ada", "Lovelace", "H123", "2026-11-18"].enumerated() {
            if i > 0 { try session.send("Tab") }
            try session.send("-l", value)
        }
        try session.send("Tab", "2", "Tab")
        try session.send("-l", "38+2")
        try session.send("Tab")
        try session.send("-l", "3100")
        try session.send("Enter")
        try session.waitFor("Occupied cots 1")
        try session.send("w")
        try session.waitFor("Logged wet nappy")

        try session.send("Enter")  // History about the selected cot
        try session.waitFor("Bed 3 Ada Lovelace")
        try session.waitFor("Nappy wet")
        let before = try stableLines(session)
        for key in ["End", "Home", "End", "PPage", "NPage", "IC", "F12", "Home"] {
            try session.send(key)
        }
        Thread.sleep(forTimeInterval: 1)
        let after = try stableLines(session)
        XCTAssertEqual(after, before, "Home, End and the other keys moved within History, nothing else")
        XCTAssertTrue(after.contains { $0.contains("Bed 3 Ada Lovelace") }, after.joined(separator: "\n"))
        try session.send("Escape")  // a lone Esc is still Esc: History goes back to the whole ward
        try session.waitFor("Whole ward")
        try session.send("q")
        try session.waitFor("[exited 0]")
    }

    /// The screen without the status line, whose clock may turn over while the test runs.
    private func stableLines(_ session: TmuxSession) throws -> [String] {
        try session.capture().filter { !$0.contains("User: Nia Nurse") }
    }
}
