import XCTest
@testable import CotsideApp
import TerminalUI

/// The tab shell: tab bar, status line, function bar, switching by number, Tab and mouse.
final class ShellTabsTests: ShellTestCase {
    @MainActor func testDashboardFrameAt80x24() async throws {
        let shell = try makeShell()
        let lines = screen(shell)
        XCTAssertEqual(lines.count, 24)
        XCTAssertEqual(lines[0].trimmingCharacters(in: .whitespaces), "1 Dashboard   2 History   3 Tools   4 Medications   5 Trends")
        assertShows(lines, "No cots to show yet")
        // Status line: ward, user, fixed clock in the ward's zone (UTC here).
        XCTAssertTrue(lines[22].hasPrefix(" Ward"))
        XCTAssertTrue(lines[22].contains("no user selected"))
        XCTAssertTrue(lines[22].hasSuffix("Sat 21 Nov 14:05"), lines[22])
        XCTAssertEqual(lines[23].trimmingCharacters(in: .whitespaces), "? Help  : Commands  s Settings  q Quit")
    }

    @MainActor func testNumberKeysTabAndShiftTabSwitchTabs() async throws {
        let shell = try makeShell()
        assertShows(screen(shell, keys: "2"), "No history yet")
        XCTAssertEqual(shell.activeTab, 1)
        _ = screen(shell, keys: "Tab Tab")
        XCTAssertEqual(shell.activeTab, 3)
        _ = screen(shell, keys: "Tab Tab")
        XCTAssertEqual(shell.activeTab, 0, "Tab wraps from the last tab (Trends) to the first")
        _ = screen(shell, keys: "S-Tab")
        XCTAssertEqual(shell.activeTab, 4, "Shift-Tab wraps backwards")
        assertShows(screen(shell, keys: "3"), "Scores & assessment")
    }

    @MainActor func testMouseClickOnATabSwitchesToIt() async throws {
        let shell = try makeShell()
        _ = screen(shell)
        let header = shell.render(width: 80, height: 24).lines[0]
        let column = header.distance(from: header.startIndex, to: header.range(of: "Tools")!.lowerBound)
        shell.handle(.mouse(MouseEvent(x: column, y: 0, kind: .click(button: 1))))
        XCTAssertEqual(shell.activeTab, 2)
    }

    @MainActor func testEscapeAtTopLevelDoesNothingAndQuitEnds() async throws {
        let shell = try makeShell()
        _ = screen(shell, keys: "Esc")
        XCTAssertFalse(shell.wantsQuit)
        _ = screen(shell, keys: "q")
        XCTAssertTrue(shell.wantsQuit)
    }

    @MainActor func testBelowMinimumSizeShowsEnlargeMessageAndRecoversOnResize() async throws {
        let shell = try makeShell()
        let small = screen(shell, width: 79, height: 24)
        assertShows(small, "Enlarge the window to at least 80×24 (now 79×24)")
        assertDoesNotShow(small, "Dashboard")
        shell.handle(.resize(width: 100, height: 30))
        assertShows(shell.render(width: 100, height: 30).lines, "1 Dashboard")
        // Degenerate sizes draw without crashing.
        XCTAssertEqual(shell.render(width: 1, height: 1).lines.count, 1)
        XCTAssertEqual(shell.render(width: 0, height: 0).lines.count, 0)
    }
}
