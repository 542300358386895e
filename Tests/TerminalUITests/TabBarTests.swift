import XCTest
@testable import TerminalUI

final class TabBarTests: XCTestCase {
    private let bar = TabBar(titles: ["Dashboard", "History", "Tools"], selected: 1)

    func testDrawsNumberedTabsWithTheSelectedOneActive() {
        let buffer = render(bar, width: 40, height: 1)
        assertScreen(buffer, lines: [" 1 Dashboard   2 History   3 Tools"])
        XCTAssertEqual(buffer[0, 0].role, .tabInactive)
        XCTAssertEqual(buffer[14, 0].role, .tabActive)
        XCTAssertEqual(buffer[24, 0].role, .tabActive)
        XCTAssertEqual(buffer[26, 0].role, .tabInactive)
        XCTAssertEqual(buffer[39, 0].role, .tabInactive)  // the rest of the row is the bar too
    }

    func testHitTestingFindsTheTabUnderAColumn() {
        let row = Rect(width: 40, height: 1)
        XCTAssertEqual(bar.tab(atX: 0, in: row), 0)
        XCTAssertEqual(bar.tab(atX: 12, in: row), 0)
        XCTAssertNil(bar.tab(atX: 13, in: row))  // the gap between tabs
        XCTAssertEqual(bar.tab(atX: 14, in: row), 1)
        XCTAssertEqual(bar.tab(atX: 30, in: row), 2)
        XCTAssertNil(bar.tab(atX: 36, in: row))
        XCTAssertNil(bar.tab(atX: -1, in: row))
    }

    func testNarrowWidthTruncatesAndHidesTabsThatDoNotFit() {
        let buffer = render(bar, width: 20, height: 1)
        assertScreen(buffer, lines: [" 1 Dashboard   2 Hi…"])
        XCTAssertNil(bar.tab(atX: 21, in: buffer.area))
        XCTAssertEqual(bar.tab(atX: 19, in: buffer.area), 1)
    }

    func testTinySizesDoNotCrash() {
        assertScreen(render(bar, width: 0, height: 0), lines: [])
        assertScreen(render(bar, width: 1, height: 1), lines: ["…"])
        XCTAssertNil(bar.tab(atX: 0, in: .zero))
    }
}
