import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// A ward on a server that stops answering: the status line says since when and that the data
/// is stale, what is shown stays (no reload into errors), every write is refused up front with
/// nothing kept to save later, and when the server is back the screen is read again.
@MainActor
final class ServerOutageScreenTests: WardTestCase {
    func testALostServerIsShownAsStaleRefusesWritesAndRecoversWhenBack() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await startShell()
        await signIn(nurse)
        let since = Self.now.addingTimeInterval(-120)
        shell.storeDidChange(WardChange(entities: [], isFromAnotherProcess: true,
                                        server: .lost(since: since, reason: "connection refused")))
        await shell.settle()
        let time = shell.context.timeText.time(since)
        let lines = screen()
        XCTAssertTrue(lines[22].contains("SERVER LOST since \(time) · data stale"), lines[22])
        XCTAssertTrue(messageText?.contains("not answering (since \(time): connection refused)") == true, messageText ?? "")
        XCTAssertTrue(screenText().contains("Ada Lovelace"), "the last data stays on screen")

        await press(.char("w"))
        XCTAssertTrue(messageText?.hasPrefix("Not saved: the ward's server has not answered since \(time).") == true, messageText ?? "")
        let nappies = try await storedNappies(patient: ada)
        XCTAssertEqual(nappies.count, 0, "nothing was written or queued")

        shell.storeDidChange(WardChange(entities: [], isFromAnotherProcess: true, server: .restored))
        await shell.settle()
        XCTAssertFalse(screen()[22].contains("SERVER LOST"), screen()[22])
        XCTAssertEqual(messageText, "The ward's server is back; everything shown has been read again.")
        XCTAssertNil(shell.context.serverOutage)
    }
}
