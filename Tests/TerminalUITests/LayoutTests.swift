import XCTest
@testable import TerminalUI

final class LayoutTests: XCTestCase {
    private let area = Rect(x: 2, y: 1, width: 100, height: 30)

    func testShellRowsFixedAroundFill() {
        let rows = area.split(.vertical, [.length(1), .length(1), .fill, .length(1)])
        XCTAssertEqual(rows.map(\.height), [1, 1, 27, 1])
        XCTAssertEqual(rows.map(\.y), [1, 2, 3, 30])
        XCTAssertTrue(rows.allSatisfy { $0.x == 2 && $0.width == 100 })
    }

    func testPercentAndFill() {
        let cols = area.split(.horizontal, [.percent(30), .fill])
        XCTAssertEqual(cols.map(\.width), [30, 70])
        XCTAssertEqual(cols.map(\.x), [2, 32])
    }

    func testFillsShareEquallyWithRemainderToTheFirst() {
        XCTAssertEqual(Rect(width: 10, height: 1).split(.horizontal, [.fill, .fill, .fill]).map(\.width), [4, 3, 3])
    }

    func testMinGrowsAndMaxCaps() {
        XCTAssertEqual(Rect(width: 100, height: 1).split(.horizontal, [.min(20), .max(10), .fill]).map(\.width),
                       [45, 10, 45])
        // min keeps its floor even when an equal share would be less; fill gets the rest.
        XCTAssertEqual(Rect(width: 30, height: 1).split(.horizontal, [.min(25), .fill]).map(\.width), [25, 5])
    }

    func testSpacingBetweenParts() {
        let cols = Rect(width: 11, height: 1).split(.horizontal, [.length(3), .fill, .length(3)], spacing: 1)
        XCTAssertEqual(cols.map(\.x), [0, 4, 8])
        XCTAssertEqual(cols.map(\.width), [3, 3, 3])
    }

    func testTooSmallShrinksLaterPartsFirst() {
        let rows = Rect(width: 5, height: 3).split(.vertical, [.length(2), .length(2), .fill, .length(1)])
        XCTAssertEqual(rows.map(\.height), [2, 1, 0, 0])
        XCTAssertTrue(rows.allSatisfy { $0.maxY <= 3 })
    }

    func testZeroAreaGivesEmptyParts() {
        let rows = Rect.zero.split(.vertical, [.length(1), .fill, .percent(50), .min(3)])
        XCTAssertEqual(rows.count, 4)
        XCTAssertTrue(rows.allSatisfy(\.isEmpty))
        XCTAssertEqual(Rect.zero.split(.horizontal, []), [])
    }

    func testRectHelpers() {
        XCTAssertEqual(Rect(width: 10, height: 10).centered(width: 4, height: 2), Rect(x: 3, y: 4, width: 4, height: 2))
        XCTAssertEqual(Rect(width: 3, height: 3).centered(width: 10, height: 10), Rect(width: 3, height: 3))
        XCTAssertEqual(Rect(width: 1, height: 1).inset(by: 1).area, 0)
        XCTAssertTrue(Rect(x: 0, y: 0, width: 2, height: 2).intersection(Rect(x: 5, y: 5, width: 1, height: 1)).isEmpty)
        XCTAssertEqual(Rect(x: 0, y: 0, width: -3, height: 2).width, 0)
    }
}
