import XCTest
@testable import TerminalUI

/// The generated width table against published examples: code points quoted from Unicode's
/// EastAsianWidth.txt (W, F, H, Na, A and the @missing defaults), combining marks from
/// UnicodeData.txt, and emoji sequences from emoji-zwj-sequences.txt. No C library is consulted,
/// so these hold in any locale.
final class UnicodeWidthTableTests: XCTestCase {
    func testEastAsianWidthSamples() {
        let samples: [(String, Int, String)] = [
            ("\u{3000}", 2, "3000;F IDEOGRAPHIC SPACE"),
            ("\u{FF01}", 2, "FF01;F FULLWIDTH EXCLAMATION MARK"),
            ("\u{FF21}", 2, "FF21;F FULLWIDTH LATIN CAPITAL LETTER A"),
            ("\u{FF61}", 1, "FF61;H HALFWIDTH IDEOGRAPHIC FULL STOP"),
            ("\u{20A9}", 1, "20A9;H WON SIGN"),
            ("\u{FFE8}", 1, "FFE8;H HALFWIDTH FORMS LIGHT VERTICAL"),
            ("A", 1, "0041;Na"),
            ("\u{00A1}", 1, "00A1;A INVERTED EXCLAMATION MARK (ambiguous: narrow outside CJK)"),
            ("\u{00B0}", 1, "00B0;A DEGREE SIGN"),
            ("\u{2E80}", 2, "2E80;W CJK RADICAL REPEAT"),
            ("\u{3042}", 2, "3042;W HIRAGANA LETTER A"),
            ("\u{4E2D}", 2, "4E00..9FFF;W CJK UNIFIED IDEOGRAPHS (中)"),
            ("\u{738B}", 2, "王"),
            ("\u{AC00}", 2, "AC00..D7A3;W HANGUL SYLLABLE"),
            ("\u{1100}", 2, "1100..115F;W HANGUL CHOSEONG"),
            ("\u{20000}", 2, "20000;W CJK EXTENSION B"),
            ("\u{2FFFD}", 2, "@missing 20000..2FFFD;W (unassigned, still wide)"),
            ("\u{1F600}", 2, "1F600;W GRINNING FACE"),
            ("\u{231A}", 2, "231A;W WATCH (emoji presentation)"),
            ("\u{2764}", 1, "2764;N HEAVY BLACK HEART (text presentation by default)"),
            ("\u{263A}", 1, "263A;N WHITE SMILING FACE"),
        ]
        for (text, width, source) in samples {
            XCTAssertEqual(TextWidth.columns(of: text), width, source)
        }
    }

    func testZeroWidthCharacters() {
        XCTAssertEqual(TextWidth.columns(of: Character("\u{0300}")), 0, "COMBINING GRAVE ACCENT (Mn)")
        XCTAssertEqual(TextWidth.columns(of: Character("\u{20DD}")), 0, "COMBINING ENCLOSING CIRCLE (Me)")
        XCTAssertEqual(TextWidth.columns(of: Character("\u{200B}")), 0, "ZERO WIDTH SPACE (Cf)")
        XCTAssertEqual(TextWidth.columns(of: Character("\u{200D}")), 0, "ZERO WIDTH JOINER (Cf)")
        XCTAssertEqual(TextWidth.columns(of: Character("\u{1160}")), 0, "HANGUL JUNGSEONG FILLER")
        XCTAssertEqual(TextWidth.columns(of: "\u{00AD}"), 1, "SOFT HYPHEN prints, as in glibc")
        XCTAssertEqual(TextWidth.columns(of: "Zoe\u{0308}"), 3, "e + COMBINING DIAERESIS is one column")
        XCTAssertEqual(TextWidth.columns(of: "Ngu\u{031B}\u{0303}"), 3, "ữ written with two marks")
        XCTAssertEqual(TextWidth.columns(of: "\u{1100}\u{1161}\u{11A8}"), 2, "각 from conjoining jamo")
        XCTAssertEqual(TextWidth.columns(of: "\u{0E01}\u{0E34}"), 1, "Thai KO KAI + SARA I")
    }

    func testEmojiSequencesAreOneWideGrapheme() {
        XCTAssertEqual(TextWidth.columns(of: "👨‍👩‍👧"), 2, "family: man, woman, girl (ZWJ)")
        XCTAssertEqual(TextWidth.columns(of: "👩🏽‍⚕️"), 2, "health worker with a skin tone")
        XCTAssertEqual(TextWidth.columns(of: "\u{2764}\u{FE0F}"), 2, "heart + VS16 is emoji presentation")
        XCTAssertEqual(TextWidth.columns(of: "\u{263A}\u{FE0F}"), 2, "smiling face + VS16")
        XCTAssertEqual(TextWidth.columns(of: "🇬🇧"), 2, "a flag: two regional indicators")
        XCTAssertEqual(TextWidth.columns(of: "👍🏻"), 2, "thumbs up + skin tone modifier")
    }

    /// Binary search needs sorted, disjoint ranges; the generator merges, this proves it.
    func testTablesAreSortedAndDisjoint() {
        for (name, table) in [("zeroWidth", UnicodeWidthTable.zeroWidth), ("wide", UnicodeWidthTable.wide),
                              ("emoji", UnicodeWidthTable.emoji)] {
            XCTAssertFalse(table.isEmpty, name)
            for (a, b) in zip(table, table.dropFirst()) {
                XCTAssertLessThan(a.upperBound + 1, b.lowerBound, "\(name): \(a) then \(b)")
            }
        }
        XCTAssertEqual(UnicodeWidthTable.unicodeVersion, "14.0.0")
    }

    func testMixedChineseAndLatinLine() {
        XCTAssertEqual(TextWidth.columns(of: "王小明 3.2 kg"), 13)
        XCTAssertEqual(TextWidth.fit("王小明", to: 8), "王小明  ")
        XCTAssertEqual(TextWidth.fit("王小明", to: 5), "王小…")
        XCTAssertEqual(TextWidth.fit("王小明", to: 4), "王… ", "no half character: the cut leaves a space")
        XCTAssertEqual(TextWidth.padded("王", to: 4), "王  ")
        XCTAssertEqual(TextWrap.wrap("尿布湿颜色正常", width: 5), ["尿布", "湿颜", "色正", "常"])
    }
}
