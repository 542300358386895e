import XCTest
@testable import TerminalUI

/// Escape sequences curses did not recognise (tmux's Home `ESC [1~` under TERM=xterm-256color)
/// must come out as one key or nothing, never as Esc plus the characters `[`, `1`, `~`.
final class EscapeSequenceTests: XCTestCase {
    /// Feeds the text after Esc one scalar at a time, as the backend reads it, until the decoder
    /// decides; returns the outcome and how many scalars it had to read.
    private func decode(_ afterEscape: String, file: StaticString = #filePath, line: UInt = #line) -> EscapeSequence.Outcome {
        var tail: [UInt32] = []
        for scalar in afterEscape.unicodeScalars {
            tail.append(scalar.value)
            let outcome = EscapeSequence.decode(tail)
            if outcome != .needMore { return outcome }
        }
        return EscapeSequence.timedOut(tail)
    }

    private func assertKey(_ afterEscape: String, _ key: Key?, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(decode(afterEscape), .sequence(key, length: afterEscape.unicodeScalars.count),
                       "ESC \(afterEscape)", file: file, line: line)
    }

    func testTmuxAndRxvtHomeEndAreWholeKeys() {
        assertKey("[1~", .home)
        assertKey("[4~", .end)
        assertKey("[7~", .home)
        assertKey("[8~", .end)
    }

    func testXtermHomeEndInBothModes() {
        assertKey("[H", .home)
        assertKey("[F", .end)
        assertKey("OH", .home)
        assertKey("OF", .end)
    }

    func testEditingAndPagingKeys() {
        assertKey("[2~", .insert)
        assertKey("[3~", .delete)
        assertKey("[5~", .pageUp)
        assertKey("[6~", .pageDown)
        assertKey("[Z", .backTab)
        assertKey("[3;5~", .delete)
        assertKey("[5$", .pageUp)
        assertKey("[6^", .pageDown)
    }

    func testFunctionKeysInEveryCommonForm() {
        for (n, text) in ["OP", "OQ", "OR", "OS"].enumerated() { assertKey(text, .function(n + 1)) }
        for (n, code) in [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24].enumerated() {
            assertKey("[\(code)~", .function(n + 1))
        }
        assertKey("[1;2P", .function(1))
        assertKey("[[A", .function(1))
        assertKey("[[E", .function(5))
    }

    func testArrowsWithAndWithoutModifiers() {
        assertKey("[A", .up)
        assertKey("[B", .down)
        assertKey("[1;5C", .right)
        assertKey("[1;2D", .left)
        assertKey("OA", .up)
        assertKey("O5C", .right)
        assertKey("Oa", .up)
    }

    func testKeypadInApplicationMode() {
        assertKey("OM", .enter)
        assertKey("Op", .char("0"))
        assertKey("Oy", .char("9"))
        assertKey("Ok", .char("+"))
    }

    func testUnknownCompleteSequencesAreSwallowedWhole() {
        assertKey("[I", nil)              // focus in
        assertKey("[O", nil)              // focus out
        assertKey("[200~", nil)           // bracketed paste start
        assertKey("[25~", nil)            // F13
        assertKey("[<0;10;5M", nil)       // SGR mouse report curses did not take
        assertKey("[?1;2c", nil)          // device attributes reply
        assertKey("[1;5X", nil)
        assertKey("OZ", nil)
        XCTAssertEqual(decode("[M !!"), .sequence(nil, length: 5), "an X10 mouse report is five scalars")
    }

    func testLoneEscapeLeavesTheFollowingKeysAlone() {
        XCTAssertEqual(EscapeSequence.timedOut([]), .loneEscape)
        XCTAssertEqual(EscapeSequence.decode([]), .needMore)
        XCTAssertEqual(decode("q"), .loneEscape)
        XCTAssertEqual(decode("1"), .loneEscape)
        XCTAssertEqual(decode("\u{1B}[A"), .loneEscape, "Esc Esc: the first is a key, the second starts again")
    }

    func testSequenceCutShortIsSwallowedNotTyped() {
        XCTAssertEqual(decode("[1"), .sequence(nil, length: 2))
        XCTAssertEqual(decode("O"), .sequence(nil, length: 1))
        XCTAssertEqual(decode("[1\u{1B}"), .sequence(nil, length: 2), "a new Esc ends the broken sequence and is kept")
    }

    func testRunawaySequenceEndsAtTheLimit() {
        let long = "[" + String(repeating: "1", count: 100)
        guard case .sequence(nil, let length) = decode(long) else { return XCTFail("not swallowed") }
        XCTAssertLessThanOrEqual(length, EscapeSequence.maximumLength + 1)
    }

    func testDecoderWaitsForTheFinalByte() {
        XCTAssertEqual(EscapeSequence.decode(Array("[1;5".unicodeScalars.map(\.value))), .needMore)
        XCTAssertEqual(EscapeSequence.decode([0x4F]), .needMore)
    }
}
