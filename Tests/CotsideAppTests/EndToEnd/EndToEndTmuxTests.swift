import Foundation
import XCTest

/// Drives the real binary in tmux (the curses backend) through a first shift: accept the
/// disclaimer, add yourself, admit a patient, quick-log a wet nappy with `w`, quit, start again,
/// and find the nappy on the Dashboard and in History. Only this test's sessions are killed.
final class EndToEndTmuxTests: XCTestCase {
    func testFirstShiftThenRestart() throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = TmuxSession.environment(home: home)
        let command = [binary, "--db", home.appendingPathComponent("ward.sqlite").path]

        let first = TmuxSession(prefix: "cotside-nappy-e2e")
        defer { first.kill() }
        try first.start(command, environment: environment, width: 120, height: 35)
        try first.waitFor("I understand")
        try first.send("Enter")
        try first.waitFor("Who is at the keyboard?")
        try first.send("a")
        try first.waitFor("Add myself")
        try first.send("-l", "Nia Nurse")
        try first.send("Tab")
        try first.send("-l", "NN")
        try first.send("Enter")
        try first.chooseFirstPin("2468")  // a new ward requires PINs
        try first.waitFor("User: Nia Nurse (NN)")

        try first.send("A")
        try first.waitFor("Admit patient")
        for (i, value) in ["3", "Ada", "Lovelace", "H123", "2026-11-18"].enumerated() {
            if i > 0 { try first.send("Tab") }
            try first.send("-l", value)
        }
        try first.send("Tab", "2", "Tab")
        try first.send("-l", "38+2")
        try first.send("Tab")
        try first.send("-l", "3100")
        try first.send("Enter")
        try first.waitFor("Admitted bed 3: Ada Lovelace")
        try first.waitFor("Occupied cots 1")

        try first.send("w")
        try first.waitFor("Logged wet nappy for bed 3 (Ada Lovelace)")
        try first.send("q")
        try first.waitFor("[exited 0]")
        first.kill()

        let second = TmuxSession(prefix: "cotside-nappy-e2e")
        defer { second.kill() }
        try second.start(command, environment: environment, width: 120, height: 35)
        // Remembered on a ward with PINs: locked for her until her PIN proves it is still her.
        let locked = try second.waitFor("Signed in: Nia Nurse (NN)").joined(separator: "\n")
        XCTAssertFalse(locked.contains("Who is at the keyboard?"), "the user is remembered")
        XCTAssertFalse(locked.contains("Lovelace"), locked)
        try second.send("-l", "2468")
        try second.send("Enter")
        let dashboard = try second.waitFor("Ada Lovelace").joined(separator: "\n")
        XCTAssertTrue(dashboard.contains("User: Nia Nurse (NN)"), dashboard)
        XCTAssertTrue(dashboard.contains("Occupied cots 1 · changes today 1"), dashboard)
        XCTAssertTrue(dashboard.contains(" wet "), dashboard)
        try second.send("2")
        let history = try second.waitFor("Nappy wet").joined(separator: "\n")
        XCTAssertTrue(history.contains("Ada Lovelace"), history)
        XCTAssertTrue(history.contains("NN"), history)
        try second.send("q")
        try second.waitFor("[exited 0]")
    }
}
