import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// A ward opened read-only (here: made by a newer Cotside) is shown, says so on the status line
/// and the message line, asks nobody to sign in, and refuses writes with the reason.
@MainActor
final class ReadOnlyWardScreenTests: WardTestCase {
    func testANewerWardIsShownReadOnlyAndRefusesANappy() async throws {
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(ada, .wet, minutesAgo: 30)
        try await store.pool.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99_from_the_future')")
        }
        try await startShell(askForUser: true)
        XCTAssertTrue(shell.stack.isEmpty, "no staff picker on a ward that cannot be written")
        let lines = screen()
        XCTAssertTrue(lines[22].contains("Ward · read-only"), lines[22])
        XCTAssertTrue(messageText?.hasPrefix("Opened read-only: it was made by a newer Cotside") == true, messageText ?? "")
        XCTAssertTrue(screenText().contains("Ada Lovelace"), "the ward is viewed")
        await press(.char("w"))
        XCTAssertTrue(messageText?.hasPrefix("Read-only: it was made by a newer Cotside") == true, messageText ?? "")
        let nappies = try await storedNappies(patient: ada)
        XCTAssertEqual(nappies.count, 1, "nothing was written")
    }
}
