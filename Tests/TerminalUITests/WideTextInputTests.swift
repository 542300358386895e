import XCTest
@testable import TerminalUI

/// Typing what an input method sends (UTF-8 decoded to one key per scalar): Chinese and
/// accented Latin text is stored as typed and the cursor lands in the cell after it.
final class WideTextInputTests: XCTestCase {
    private let context = FormContext(now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC")!)

    private func nameForm() -> FormState {
        FormState(fields: [.text("name", label: "Name")], context: context)
    }

    /// One key per Unicode scalar, as curses' get_wch hands them over.
    private func typeScalars(_ text: String, into state: inout FormState) {
        for scalar in text.unicodeScalars { _ = state.handle(.char(Character(scalar))) }
    }

    private func cursorColumn(_ buffer: Buffer) -> Int? {
        (0..<buffer.width).first { buffer[$0, 0].attributes.contains(.reverse) }
    }

    func testChineseIsStoredAsTypedAndTheCursorSkipsTwoCellsAChar() {
        var state = nameForm()
        typeScalars("王小明", into: &state)
        XCTAssertEqual(state.text("name"), "王小明")
        let buffer = render(Form(state), width: 30, height: 1)
        XCTAssertEqual(buffer.lines[0], "Name 王小明")
        XCTAssertEqual(cursorColumn(buffer), 11, "label and gap 5 + three wide characters")
        XCTAssertTrue(buffer[6, 0].isContinuation)

        _ = state.handle(.left)
        let back = render(Form(state), width: 30, height: 1)
        XCTAssertEqual(cursorColumn(back), 9, "on 明, which starts at column 9")
        XCTAssertEqual(back[9, 0].grapheme, "明")
        _ = state.handle(.backspace)
        XCTAssertEqual(state.text("name"), "王明")
        _ = state.handle(.char("晓"))
        XCTAssertEqual(state.text("name"), "王晓明")
    }

    func testCombiningMarksJoinTheLetterBeforeThemAndTheCursorFollows() {
        var state = nameForm()
        typeScalars("Zoe\u{0308} Mu\u{0308}ller", into: &state)  // decomposed, as some input methods send
        XCTAssertEqual(state.text("name"), "Zoe\u{0308} Mu\u{0308}ller")
        XCTAssertEqual(state.text("name")?.count, 10)
        XCTAssertEqual(state["name"]?.cursor, 10)
        _ = state.handle(.home)
        _ = state.handle(.right)
        _ = state.handle(.right)
        _ = state.handle(.right)
        typeScalars("x", into: &state)
        XCTAssertEqual(state.text("name"), "Zoe\u{0308}x Mu\u{0308}ller", "the mark stays on its e")
        let buffer = render(Form(state), width: 30, height: 1)
        XCTAssertEqual(cursorColumn(buffer), 9, "after Zoëx: four columns")
    }

    /// A mark typed in the middle of a word joins its letter; the cursor must not jump past
    /// the next character (it counted the mark as a character of its own).
    func testAMarkTypedInsideAWordLeavesTheCursorAfterItsLetter() {
        var state = nameForm()
        typeScalars("Zoe Muller", into: &state)
        _ = state.handle(.home)
        for _ in 0..<3 { _ = state.handle(.right) }
        typeScalars("\u{0308}", into: &state)
        XCTAssertEqual(state["name"]?.cursor, 3)
        typeScalars("!", into: &state)
        XCTAssertEqual(state.text("name"), "Zoe\u{0308}! Muller")
    }

    func testPrecomposedAccentsAndAWideFieldThatScrolls() {
        var state = nameForm()
        typeScalars("Zoë Ça", into: &state)
        XCTAssertEqual(state.text("name"), "Zoë Ça")
        typeScalars(String(repeating: "中", count: 20), into: &state)
        let buffer = render(Form(state, inputWidth: 10), width: 16, height: 1)
        let line = buffer.lines[0]
        XCTAssertTrue(line.hasSuffix("中中中中"), line)
        XCTAssertEqual(cursorColumn(buffer), 13, "the cursor stays visible, after whole characters")
        for x in 5..<16 where buffer[x, 0].isContinuation {
            XCTAssertEqual(TextWidth.columns(of: buffer[x - 1, 0].grapheme), 2, "no half character at \(x)")
        }
    }
}

/// The palette underlines the letters a query matched; a matched Chinese character keeps both
/// its cells (drawing it with a bare cell write used to blank its right half).
final class WidePaletteHighlightTests: XCTestCase {
    func testAMatchedWideCharacterKeepsItsRightHalf() throws {
        let items = [PaletteItem("打开病历", action: "open.record"), PaletteItem("病人列表", action: "patients")]
        let buffer = render(CommandPalette(items: items, state: PaletteState(query: "病")), width: 40, height: 10)
        let row = try XCTUnwrap((0..<buffer.height).first { buffer.lines[$0].contains("打开") }, buffer.lines.joined(separator: "\n"))
        let line = buffer.lines[row]
        XCTAssertTrue(line.contains("打开病历"), line)
        let x = try XCTUnwrap((0..<buffer.width).first { buffer[$0, row].grapheme == "病" })
        XCTAssertEqual(buffer[x, row].attributes, [.bold, .underline])
        XCTAssertTrue(buffer[x + 1, row].isContinuation, "the right half of 病 is still its own")
        XCTAssertEqual(buffer[x + 1, row].attributes, [.bold, .underline])
    }
}
