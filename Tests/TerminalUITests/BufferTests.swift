import XCTest
@testable import TerminalUI

final class BufferTests: XCTestCase {
    func testPutClipsAtRightEdgeAndIgnoresOutOfBounds() {
        var buffer = Buffer(width: 5, height: 2)
        buffer.put("abcdefgh", x: 2, y: 0)
        buffer.put("zz", x: -1, y: 1)
        buffer.put("never", x: 0, y: 5)
        buffer.put("never", x: 0, y: -1)
        assertScreen(buffer, lines: ["  abc", "z"])
    }

    func testZeroAndOneCellBuffersAreSafe() {
        var empty = Buffer(width: 0, height: 0)
        empty.put("hello", x: 0, y: 0)
        empty.fill(Rect(x: -3, y: -3, width: 10, height: 10), grapheme: "#")
        empty.box(Rect(width: 4, height: 4), glyphs: .unicode)
        empty[0, 0] = Cell("x")
        XCTAssertEqual(empty.lines, [])
        XCTAssertEqual(empty[3, 3], .blank)

        var one = Buffer(width: 1, height: 1)
        one.put("中", x: 0, y: 0)  // a wide grapheme cannot fit in one column
        assertScreen(one, lines: [""])
        one.put("ab", x: 0, y: 0)
        assertScreen(one, lines: ["a"])
        one.box(one.area, glyphs: .ascii)
        assertScreen(one, lines: ["-"])
    }

    func testWideGraphemeTakesTwoCellsWithContinuation() {
        var buffer = Buffer(width: 6, height: 1)
        let end = buffer.put("a中b", x: 0, y: 0)
        XCTAssertEqual(end, 4)
        XCTAssertEqual(buffer[1, 0].grapheme, "中")
        XCTAssertTrue(buffer[2, 0].isContinuation)
        XCTAssertEqual(buffer[3, 0].grapheme, "b")
        assertScreen(buffer, lines: ["a中b"])
    }

    func testOverwritingHalfAWideGraphemeBlanksTheOtherHalf() {
        var buffer = Buffer(width: 4, height: 2)
        buffer.put("中文", x: 0, y: 0)
        buffer.put("x", x: 1, y: 0)  // right half of 中
        XCTAssertEqual(buffer.lines[0], " x文")
        buffer.put("中文", x: 0, y: 1)
        buffer.put("y", x: 2, y: 1)  // left half of 文
        XCTAssertEqual(buffer.lines[1], "中y")
        XCTAssertFalse(buffer[3, 1].isContinuation)
    }

    func testWideGraphemeStraddlingClipEdgeBecomesSpace() {
        var buffer = Buffer(width: 5, height: 1)
        buffer.put("ab中", x: 0, y: 0, clip: Rect(x: 0, y: 0, width: 3, height: 1))
        assertScreen(buffer, lines: ["ab"])
        XCTAssertFalse(buffer[3, 0].isContinuation)
    }

    func testPutInRectTruncatesWithEllipsisAndAligns() {
        var buffer = Buffer(width: 10, height: 3)
        buffer.put("Medications", in: Rect(x: 0, y: 0, width: 6, height: 1))
        buffer.put("ok", in: Rect(x: 0, y: 1, width: 6, height: 1), alignment: .right)
        buffer.put("mid", in: Rect(x: 0, y: 2, width: 7, height: 1), alignment: .center)
        assertScreen(buffer, lines: ["Medic…", "    ok", "  mid"])
    }

    func testBoxDrawsBordersAndTitleAndReturnsInside() {
        var buffer = Buffer(width: 8, height: 4)
        let inner = buffer.box(buffer.area, glyphs: .ascii, title: "Hi")
        XCTAssertEqual(inner, Rect(x: 1, y: 1, width: 6, height: 2))
        assertScreen(buffer, lines: ["+ Hi --+", "|      |", "|      |", "+------+"])
        var unicode = Buffer(width: 3, height: 3)
        unicode.box(unicode.area, glyphs: .unicode)
        assertScreen(unicode, lines: ["┌─┐", "│ │", "└─┘"])
    }

    func testFillAndSetRoleKeepText() {
        var buffer = Buffer(width: 4, height: 2)
        buffer.fill(Rect(x: 1, y: 0, width: 2, height: 2), grapheme: "#", role: .danger)
        buffer.put("ab", x: 0, y: 1)
        buffer.setRole(.selection, in: Rect(x: 0, y: 1, width: 4, height: 1))
        assertScreen(buffer, lines: [" ##", "ab#"])
        XCTAssertEqual(roles(buffer, row: 0), [.normal, .danger, .danger, .normal])
        XCTAssertEqual(roles(buffer, row: 1), [.selection, .selection, .selection, .selection])
    }

    func testHorizontalAndVerticalLines() {
        var buffer = Buffer(width: 4, height: 3)
        buffer.horizontalLine(in: Rect(x: 0, y: 1, width: 4, height: 1), glyphs: .unicode)
        buffer.verticalLine(in: Rect(x: 3, y: 0, width: 1, height: 3), glyphs: .ascii)
        assertScreen(buffer, lines: ["   |", "───|", "   |"])
    }
}
