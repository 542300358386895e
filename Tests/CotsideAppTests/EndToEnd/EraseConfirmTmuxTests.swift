import Foundation
import WardStore
import XCTest
@testable import CotsideApp

/// `cotside erase` on a real terminal: it shows who and how much, and erases only when the
/// hospital number is typed again; a wrong answer exits 2 with nothing erased.
@MainActor
final class EraseConfirmTmuxTests: WardTestCase {
    func testTheHospitalNumberTypedAgainOnATerminalConfirmsTheErasure() async throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let binary = try TmuxSession.cotsideBinary()
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        _ = try await store.discharge(patientId: ada.id, at: Self.now, by: nurse.id)
        let environment = ["LANG": "C.UTF-8", "TZ": "UTC", "HOME": folder.path, "TERM": "xterm-256color",
                           "XDG_STATE_HOME": folder.appendingPathComponent("state").path]
        let command = [binary, "erase", "--db", databasePath, "--hospital-number", "H300", "--by", "NN"]

        let wrong = TmuxSession(prefix: "cotside-erase-e2e")
        defer { wrong.kill() }
        try wrong.start(command, environment: environment, width: 160, height: 30)
        try wrong.waitFor("Type the hospital number again to erase:")
        XCTAssertTrue(try wrong.capture().contains { $0.contains("Ada Lovelace, born 2026-11-18, hospital number H300, bed 3") })
        try wrong.send("-l", "H301")
        try wrong.send("Enter")
        let refused = try wrong.waitFor("[exited 2]")
        XCTAssertTrue(refused.contains { $0.contains("does not match H300; nothing was erased") }, refused.joined(separator: "\n"))
        let kept = try await store.patient(id: ada.id)
        XCTAssertNotNil(kept)

        let right = TmuxSession(prefix: "cotside-erase-e2e")
        defer { right.kill() }
        try right.start(command, environment: environment, width: 160, height: 30)
        try right.waitFor("Type the hospital number again to erase:")
        try right.send("-l", "h300")
        try right.send("Enter")
        let done = try right.waitFor("[exited 0]")
        XCTAssertTrue(done.contains { $0.contains("Erased hospital number H300: 1 record removed") }, done.joined(separator: "\n"))
        let gone = try await store.patient(id: ada.id)
        XCTAssertNil(gone)
    }
}
