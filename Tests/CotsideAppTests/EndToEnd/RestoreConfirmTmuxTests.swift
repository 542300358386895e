import Foundation
import WardStore
import XCTest
@testable import CotsideApp

/// `cotside restore` on a real terminal: it names the file and where the ward is kept, and
/// restores only on y; anything else exits 2 with the ward as it was.
@MainActor
final class RestoreConfirmTmuxTests: WardTestCase {
    func testYOnATerminalConfirmsTheRestoreAndAnythingElseKeepsTheWard() async throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let binary = try TmuxSession.cotsideBinary()
        _ = try await addStaff("Nia Nurse", "NN")
        try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let backup = folder.appendingPathComponent("backup.sqlite").path
        _ = try store.backup(to: backup)
        try await admit(bed: "7", given: "Bo", family: "Later")
        let environment = ["LANG": "C.UTF-8", "TZ": "UTC", "HOME": folder.path, "TERM": "xterm-256color"]
        let command = [binary, "restore", backup, "--db", databasePath, "--by", "NN"]

        let declined = TmuxSession(prefix: "cotside-restore-e2e")
        defer { declined.kill() }
        try declined.start(command, environment: environment, width: 400, height: 30)
        let asked = try declined.waitFor("[y/N]")
        XCTAssertTrue(asked.joined().contains("kept as \(databasePath).before-restore-"), asked.joined(separator: "\n"))
        try declined.send("Enter")
        let refused = try declined.waitFor("[exited 2]")
        XCTAssertTrue(refused.joined().contains("not confirmed; nothing was restored"), refused.joined(separator: "\n"))
        let stillTwo = try await store.admittedPatients().count
        XCTAssertEqual(stillTwo, 2)

        let confirmed = TmuxSession(prefix: "cotside-restore-e2e")
        defer { confirmed.kill() }
        try confirmed.start(command, environment: environment, width: 400, height: 30)
        try confirmed.waitFor("[y/N]")
        try confirmed.send("-l", "y")
        try confirmed.send("Enter")
        let done = try confirmed.waitFor("[exited 0]")
        XCTAssertTrue(done.joined().contains("Restored the ward"), done.joined(separator: "\n"))
        let fresh = try SQLiteWardStore(path: databasePath)
        let beds = try await fresh.admittedPatients().map(\.bedLabel)
        XCTAssertEqual(beds, ["3"])
    }
}
