import XCTest
@testable import TerminalUI

final class TooSmallViewTests: XCTestCase {
    func testMessageNamesMinimumAndCurrentSizeCentred() {
        let buffer = render(TooSmallView(), width: 40, height: 5)
        assertScreen(buffer, lines: [
            "",
            "  Enlarge the window to at least 80×24",
            "               (now 40×5)",
            "",
            "",
        ])
    }

    func testAppliesBelowTheMinimumOnly() {
        let view = TooSmallView()
        XCTAssertTrue(view.applies(width: 79, height: 24))
        XCTAssertTrue(view.applies(width: 80, height: 23))
        XCTAssertFalse(view.applies(width: 80, height: 24))
    }

    func testTinyAndLocalised() {
        assertScreen(render(TooSmallView(), width: 0, height: 0), lines: [])
        assertScreen(render(TooSmallView(), width: 1, height: 1), lines: ["E"])
        var strings = UIStrings.english
        strings.tooSmall = "Fenster vergrößern: {minW}×{minH}"
        assertScreen(render(TooSmallView(strings: strings), width: 30, height: 1), lines: ["  Fenster vergrößern: 80×24"])  // 25 columns centred in 30
    }
}
