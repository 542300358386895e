import TextFolding
import XCTest
@testable import TerminalUI

/// ASCII mode (a locale that is not UTF-8): text is transliterated where it enters the buffer and
/// measured as transliterated, so columns stay aligned although "—" becomes "--".
final class ASCIIScreenTests: XCTestCase {
    private func ascii<T>(_ body: () -> T) -> T { ASCIIScreen.drawing(asciiOnly: true, body) }

    private func assertOnlyASCII(_ buffer: Buffer, file: StaticString = #filePath, line: UInt = #line) {
        let text = buffer.lines.joined(separator: "\n")
        XCTAssertTrue(text.utf8.allSatisfy { $0 < 0x80 }, "non-ASCII drawn:\n" + text, file: file, line: line)
    }

    func testScreenTransliterationSpellsTheSymbolsOut() {
        let cases: [(String, String)] = [
            ("Bed 3 · Ada", "Bed 3 - Ada"), ("BP —", "BP --"), ("120–160", "120-160"), ("37.5 °C", "37.5 C"),
            ("37.5°C", "37.5C"), ("90°", "90deg"), ("5 µg", "5 ug"), ("≥ 2", ">= 2"), ("≤ 4", "<= 4"), ("2×", "2x"),
            ("m²", "m2"), ("a → b", "a -> b"), ("▲ high", "^ high"), ("▼", "v"), ("wait…", "wait..."),
            ("Zoë Müller-Šimić", "Zoe Muller-Simic"), ("Crème brûlée", "Creme brulee"), ("Łódź", "Lodz"), ("王小明", "???"),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(ASCIITransliteration.fold(text, for: .screen), expected, text)
        }
    }

    /// The one table serves reports too: a page keeps its own two spellings (— → -, ° → deg).
    func testPrintReadsTheSameTableWithItsOwnDashAndDegree() {
        XCTAssertEqual(ASCIITransliteration.fold("BP — 37.5°C · ≥ 2…", for: .print), "BP - 37.5degC - >= 2...")
        XCTAssertEqual(ASCIITransliteration.fold("BP — 37.5°C · ≥ 2…", for: .screen), "BP -- 37.5C - >= 2...")
    }

    func testWidthsAreTheTransliteratedWidths() {
        XCTAssertEqual(TextWidth.columns(of: "a—b"), 3)
        ascii {
            XCTAssertEqual(TextWidth.columns(of: "a—b"), 4)
            XCTAssertEqual(TextWidth.columns(of: "37.5°C"), 5)
            XCTAssertEqual(TextWidth.columns(of: "王小明"), 3)
            XCTAssertEqual(TextWidth.columns(of: Character("…")), 3)
            XCTAssertEqual(TextWidth.truncate("Bed 3 — Ada Lovelace", to: 10), "Bed 3 -...")
            XCTAssertEqual(TextWidth.fit("≥ 2", to: 6, alignment: .right), "  >= 2")
            XCTAssertEqual(TextWrap.wrap("a — b — c", width: 4), ["a --", "b --", "c"])
        }
    }

    func testPutTransliteratesAndKeepsColumnsAligned() {
        var buffer = Buffer(width: 24, height: 3)
        ascii {
            buffer.put("Bed 3 · 37.5°C —", x: 0, y: 0)
            buffer.put("王小明 ≥ 2", in: Rect(x: 0, y: 1, width: 24, height: 1))
            buffer.put("BP — mmHg", in: Rect(x: 0, y: 2, width: 6, height: 1), alignment: .right)
        }
        XCTAssertEqual(buffer.lines, ["Bed 3 - 37.5C --", "??? >= 2", "BP ..."])
        assertOnlyASCII(buffer)
    }

    func testCellsSetDirectlyAndFillsAreASCIIToo() {
        var buffer = Buffer(width: 6, height: 2)
        ascii {
            buffer.set(Cell("✔"), x: 0, y: 0)
            buffer.set(Cell("中"), x: 1, y: 0)
            buffer.set(Cell(""), x: 2, y: 0)
            buffer.set(Cell("—"), x: 3, y: 0)
            buffer.fill(Rect(x: 0, y: 1, width: 6, height: 1), grapheme: "─")
        }
        XCTAssertEqual(buffer.lines, ["v? -", "------"])
        assertOnlyASCII(buffer)
    }

    func testUTF8ModeIsUntouched() {
        var buffer = Buffer(width: 12, height: 1)
        buffer.put("37.5°C · 王", x: 0, y: 0)
        XCTAssertEqual(buffer.lines, ["37.5°C · 王"])
    }

    func testAFormDrawsASCIIWithTheCursorAfterTheTransliteratedText() {
        var state = FormState(fields: [.text("name", label: "Name")], context: FormContext(now: Date(timeIntervalSince1970: 0),
                                                                                          timeZone: TimeZone(identifier: "UTC")!))
        for ch in "Zoë—王" { _ = state.handle(.char(ch)) }
        XCTAssertEqual(state.text("name"), "Zoë—王", "stored as typed")
        let buffer = ascii { render(Form(state, glyphs: .ascii), width: 30, height: 1) }
        XCTAssertEqual(buffer.lines[0], "Name Zoe--?")
        XCTAssertEqual(buffer[11, 0].attributes, [.reverse], "cursor after the 6 columns drawn")
        assertOnlyASCII(buffer)
    }
}
