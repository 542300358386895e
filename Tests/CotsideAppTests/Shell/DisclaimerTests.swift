import XCTest
@testable import CotsideApp
import TerminalUI

/// The first-run medical disclaimer: nothing gets past it until accepted; acceptance persists.
final class DisclaimerTests: ShellTestCase {
    @MainActor func testFirstRunShowsDisclaimerAndBlocksEverythingElse() async throws {
        let shell = try makeShell(acceptDisclaimer: false)
        var lines = screen(shell)
        assertShows(lines, "Before you use Cotside")
        assertShows(lines, "[ I understand ]")
        XCTAssertEqual(lines[23].trimmingCharacters(in: .whitespaces), "Enter I understand  q Quit")
        for keys in ["2", "Tab", "?", ":", "s", "a", "Esc"] {
            lines = screen(shell, keys: keys)
            assertShows(lines, "Before you use Cotside")
            XCTAssertEqual(shell.activeTab, 0, "\(keys) must not switch tabs past the disclaimer")
            XCTAssertEqual(shell.stack.count, 1, "\(keys) must not open anything over the disclaimer")
        }
        shell.handle(.mouse(MouseEvent(x: 16, y: 0, kind: .click(button: 1))))
        XCTAssertEqual(shell.activeTab, 0, "a click on a tab must not get past the disclaimer")
    }

    @MainActor func testEnterAcceptsAndIsRememberedPerWorkstation() async throws {
        let shell = try makeShell(acceptDisclaimer: false)
        let lines = screen(shell, keys: "Enter")
        assertDoesNotShow(lines, "Before you use Cotside")
        assertShows(lines, "No cots to show yet")
        let (saved, outcome) = preferencesFile.load()
        XCTAssertEqual(outcome, .loaded)
        XCTAssertTrue(saved.disclaimerAccepted)
        XCTAssertEqual(saved.disclaimerAcceptedAt, Self.fixedNow)
        // A second start on this workstation goes straight to the Dashboard.
        let again = try makeShell(acceptDisclaimer: false)
        assertShows(screen(again), "No cots to show yet")
    }

    @MainActor func testQFromTheDisclaimerQuitsWithoutAccepting() async throws {
        let shell = try makeShell(acceptDisclaimer: false)
        _ = screen(shell, keys: "q")
        XCTAssertTrue(shell.wantsQuit)
        XCTAssertFalse(preferencesFile.load().0.disclaimerAccepted)
    }
}
