import XCTest
@testable import TerminalUI

final class StatusLineTests: XCTestCase {
    private let line = StatusLine(left: "Ward 3", center: "Cotside", right: "14:05")

    func testThreeSegments() {
        let buffer = render(line, width: 30, height: 1)
        assertScreen(buffer, lines: ["Ward 3     Cotside       14:05"])
        XCTAssertTrue(roles(buffer, row: 0).allSatisfy { $0 == .statusBar })
    }

    func testCentreGivesWayWhenNarrow() {
        assertScreen(render(line, width: 12, height: 1), lines: ["Ward 3 14:05"])
    }

    func testTinySizes() {
        assertScreen(render(line, width: 0, height: 0), lines: [])
        assertScreen(render(line, width: 1, height: 1), lines: ["…"])
        assertScreen(render(line, width: 5, height: 2), lines: ["14:05", ""])
    }
}
