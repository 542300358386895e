import XCTest
@testable import TerminalUI

final class StatusLineTests: XCTestCase {
    private let line = StatusLine(left: "Ward 3", center: "Cotside", right: "14:05")

    func testThreeSegments() {
        let buffer = render(line, width: 30, height: 1)
        assertScreen(buffer, lines: ["Ward 3     Cotside       14:05"])
        XCTAssertTrue(roles(buffer, row: 0).allSatisfy { $0 == .statusBar })
    }

    func testCentreOutlivesTheLeftWhenNarrow() {
        assertScreen(render(line, width: 12, height: 1), lines: ["Cotsi… 14:05"])
    }

    /// At 80 columns the ward, the dose counts, the user and the clock all fit; the user moves
    /// off the exact centre rather than vanish.
    func testCentreMovesBesideALongLeftInsteadOfVanishing() {
        let status = StatusLine(left: " Ward · Doses 2 due · 1 overdue", center: "User: Nia Nurse (NN)", right: "Sat 21 Nov 14:05 ")
        assertScreen(render(status, width: 80, height: 1),
                     lines: [" Ward · Doses 2 due · 1 overdue  User: Nia Nurse (NN)" + String(repeating: " ", count: 10) + "Sat 21 Nov 14:05"])
    }

    func testShorterFormsGoFirstLeftThenRightAndTheCentreLast() {
        let status = StatusLine(left: " Neonatal Intensive Care · Doses 2 due · 1 overdue", center: "User: Nia Nurse (NN)",
                                right: "Sat 21 Nov 14:05 ", leftShort: " Doses 2 due · 1 overdue", rightShort: "14:05 ")
        assertScreen(render(status, width: 80, height: 1),
                     lines: [" Doses 2 due · 1 overdue" + String(repeating: " ", count: 6) + "User: Nia Nurse (NN)" + String(repeating: " ", count: 13) + "Sat 21 Nov 14:05"])
        assertScreen(render(status, width: 60, height: 1),
                     lines: [" Doses 2 due · 1 overdue  User: Nia Nurse (NN)        14:05"])
        assertScreen(render(status, width: 40, height: 1),
                     lines: [" Doses 2 du… User: Nia Nurse (NN) 14:05"])
    }

    func testTinySizes() {
        assertScreen(render(line, width: 0, height: 0), lines: [])
        assertScreen(render(line, width: 1, height: 1), lines: ["…"])
        assertScreen(render(line, width: 5, height: 2), lines: ["14:05", ""])
    }
}
