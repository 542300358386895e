import XCTest
@testable import TerminalUI

/// Stored text reaches other people's terminals: control characters never do.
final class TerminalTextTests: XCTestCase {
    func testControlCharactersAreReplacedTabsAndNewlinesKept() {
        XCTAssertEqual(TerminalText.sanitized("Ava\u{1B}[2J"), "Ava\u{FFFD}[2J")
        XCTAssertEqual(TerminalText.sanitized("bell\u{07} del\u{7F} csi\u{9B}"), "bell\u{FFFD} del\u{FFFD} csi\u{FFFD}")
        XCTAssertEqual(TerminalText.sanitized("line\none\ttab"), "line\none\ttab")
        XCTAssertEqual(TerminalText.sanitized("Zoë 👶 ok"), "Zoë 👶 ok", "ordinary text untouched")
    }

    func testTheCellBufferShowsAReplacementInsteadOfTheEscape() {
        var buffer = Buffer(width: 12, height: 1)
        buffer.put("Ava\u{1B}[2J", x: 0, y: 0)
        XCTAssertEqual(buffer.lines[0], "Ava\u{FFFD}[2J")
        XCTAssertFalse(buffer.lines[0].unicodeScalars.contains { $0.value == 0x1B })
    }
}
