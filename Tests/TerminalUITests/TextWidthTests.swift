import XCTest
@testable import TerminalUI

/// Expected widths follow Unicode East Asian Width (UAX #11) and glibc wcwidth behaviour:
/// CJK ideographs and emoji with emoji presentation are 2, combining marks 0.
final class TextWidthTests: XCTestCase {
    func testASCIIIsOneColumnEach() {
        XCTAssertEqual(TextWidth.columns(of: "Cotside 80x24"), 13)
    }

    func testCJKAndHangulAreWide() {
        XCTAssertEqual(TextWidth.columns(of: "中文"), 4)
        XCTAssertEqual(TextWidth.columns(of: "한국"), 4)
        XCTAssertEqual(TextWidth.columns(of: "ｶﾀｶﾅ"), 4)  // halfwidth katakana are narrow
        XCTAssertEqual(TextWidth.columns(of: "ＡＢ"), 4)  // fullwidth Latin is wide
    }

    func testEmojiAreWide() {
        XCTAssertEqual(TextWidth.columns(of: "👶"), 2)
        XCTAssertEqual(TextWidth.columns(of: "❤️"), 2)  // heart + VS16 shown as emoji
        XCTAssertEqual(TextWidth.columns(of: "👩‍⚕️"), 2)  // ZWJ sequence is one grapheme
    }

    func testCombiningMarksAddNothing() {
        XCTAssertEqual(TextWidth.columns(of: "e\u{0301}"), 1)
        XCTAssertEqual(TextWidth.columns(of: "Ame\u{0301}lie\u{0308}"), 6)
        XCTAssertEqual(TextWidth.columns(of: Character("\u{0301}")), 0)  // lone combining mark
    }

    func testStatusSymbolsAreNarrow() {
        // ✔ ▲ ▼ ✖ • … are East Asian Neutral/Ambiguous: one column on Western terminals.
        XCTAssertEqual(TextWidth.columns(of: "✔▲▼✖•…"), 6)
    }

    func testTruncateCountsEllipsisAndNeverSplitsWideCharacters() {
        XCTAssertEqual(TextWidth.truncate("Dashboard", to: 5), "Dash…")
        XCTAssertEqual(TextWidth.truncate("Dash", to: 5), "Dash")
        XCTAssertEqual(TextWidth.truncate("中文中文", to: 5), "中文…")
        XCTAssertEqual(TextWidth.truncate("中文中文", to: 4, ellipsis: ""), "中文")
        XCTAssertEqual(TextWidth.truncate("abc", to: 0), "")
        XCTAssertEqual(TextWidth.truncate("中文", to: 1), "…")
    }

    func testFitPadsToExactWidth() {
        XCTAssertEqual(TextWidth.fit("ab", to: 5), "ab   ")
        XCTAssertEqual(TextWidth.fit("ab", to: 5, alignment: .right), "   ab")
        XCTAssertEqual(TextWidth.fit("中", to: 5, alignment: .center), " 中  ")
    }

    func testWrapBreaksOnWordsAndLongWords() {
        XCTAssertEqual(TextWrap.wrap("enlarge the window now", width: 10), ["enlarge", "the window", "now"])
        XCTAssertEqual(TextWrap.wrap("abcdefghij", width: 4), ["abcd", "efgh", "ij"])
        XCTAssertEqual(TextWrap.wrap("x", width: 0), [])
    }
}
