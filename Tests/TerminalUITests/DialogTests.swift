import XCTest
@testable import TerminalUI

final class DialogTests: XCTestCase {
    func testConfirmDrawsCentredBoxWithDefaultNo() {
        let state = DialogState.confirm(title: "Quit", message: "Discard unsaved input?")
        let buffer = render(Dialog(state), width: 30, height: 7)
        assertScreen(buffer, lines: [
            "",
            "  ┌ Quit " + String(repeating: "─", count: 18) + "┐",
            "  │ Discard unsaved input? │",
            "  │" + String(repeating: " ", count: 24) + "│",
            "  │    [ Yes ]  [ No ]     │",
            "  └" + String(repeating: "─", count: 24) + "┘",
            "",
        ])
        XCTAssertEqual(buffer[16, 4].role, .selection)  // No is highlighted
        XCTAssertEqual(buffer[7, 4].role, .dialog)
    }

    func testConfirmKeys() {
        var state = DialogState.confirm(title: "Quit", message: "Sure?")
        XCTAssertNil(state.handle(.char("z")))
        XCTAssertEqual(state.handle(.enter), .no)  // default No
        XCTAssertNil(state.handle(.left))
        XCTAssertEqual(state.handle(.enter), .yes)
        XCTAssertEqual(state.handle(.escape), .no)
        XCTAssertEqual(state.handle(.char("Y")), .yes)
        XCTAssertEqual(state.handle(.char("n")), .no)
        var german = UIStrings.english
        german.yes = "Ja"
        german.no = "Nein"
        XCTAssertEqual(state.handle(.char("j"), strings: german), .yes)
        XCTAssertNil(state.handle(.char("y"), strings: german))
    }

    func testAlertHasOnlyOK() {
        var state = DialogState.alert(title: "Saved", message: "Nappy change logged.")
        let buffer = render(Dialog(state, glyphs: .ascii), width: 30, height: 6)
        XCTAssertTrue(buffer.lines.contains { $0.contains("[ OK ]") })
        XCTAssertFalse(buffer.lines.contains { $0.contains("Yes") })
        XCTAssertEqual(state.handle(.enter), .ok)
        XCTAssertEqual(state.handle(.escape), .ok)
    }

    func testTinySizesDoNotCrash() {
        let state = DialogState.confirm(title: "Quit", message: "A long question that must wrap somewhere")
        assertScreen(render(Dialog(state), width: 0, height: 0), lines: [])
        _ = render(Dialog(state), width: 1, height: 1)
        _ = render(Dialog(state), width: 5, height: 3)
        let small = render(Dialog(state), width: 20, height: 8)
        XCTAssertTrue(small.lines.joined().contains("A long"))
    }
}
