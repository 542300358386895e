import XCTest
@testable import TerminalUI

final class HelpOverlayTests: XCTestCase {
    private let map = KeyMap([
        KeyBinding([.tab], action: "tab.next", label: "", help: "Next tab", group: "Tabs"),
        KeyBinding([.backTab], action: "tab.previous", label: "", help: "Previous tab", group: "Tabs"),
        KeyBinding([.char("?")], action: "help", label: "Help", help: "Show keys", group: "App"),
        KeyBinding([.char("q")], action: "quit", label: "Quit", help: "Quit Cotside", group: "App"),
    ])
    private func blankRow() -> String { "│" + String(repeating: " ", count: 38) + "│" }
    private func row(_ text: String) -> String { "│ " + TextWidth.fit(text, to: 37) + "│" }

    func testListsBindingsGroupedAndScrollsWithinTheBox() {
        let buffer = render(HelpOverlay(keyMap: map, state: HelpOverlayState()), width: 40, height: 10)
        assertScreen(buffer, lines: [
            "",
            "┌ Keys " + String(repeating: "─", count: 32) + "┐",
            row("Filter:"),
            blankRow(),
            row("Tabs"),
            row("  Tab    Next tab"),
            row("  S-Tab  Previous tab"),
            row("App"),
            "└" + String(repeating: "─", count: 38) + "┘",
            "",
        ])
    }

    func testFilterAsYouType() {
        var state = HelpOverlayState()
        for ch in "QUIT" { XCTAssertTrue(state.handle(.char(ch))) }
        let buffer = render(HelpOverlay(keyMap: map, state: state), width: 40, height: 10)
        XCTAssertEqual(buffer.lines[2], row("Filter: QUIT"))
        XCTAssertEqual(buffer.lines[4], row("App"))
        XCTAssertEqual(buffer.lines[5], row("  q      Quit Cotside"))
        XCTAssertEqual(buffer.lines[6], blankRow())
        XCTAssertTrue(state.handle(.backspace))
        XCTAssertEqual(state.filter, "QUI")
        XCTAssertFalse(state.handle(.escape))
    }

    func testNoMatchSaysSo() {
        let state = HelpOverlayState(filter: "zzz")
        let buffer = render(HelpOverlay(keyMap: map, state: state), width: 40, height: 10)
        XCTAssertEqual(buffer.lines[4], row("No key matches"))
    }

    func testTinySizes() {
        assertScreen(render(HelpOverlay(keyMap: map, state: HelpOverlayState()), width: 0, height: 0), lines: [])
        _ = render(HelpOverlay(keyMap: map, state: HelpOverlayState()), width: 1, height: 1)
        _ = render(HelpOverlay(keyMap: map, state: HelpOverlayState()), width: 3, height: 3)
    }

    func testGreyedBindingsAreFollowedOnceByWhyWrappedToTheBox() {
        let reason = "only a doctor or a pharmacist may add, change, pause and stop medications"
        let map = KeyMap([
            KeyBinding([.char("n")], action: "add", label: "", help: "Add a medication", group: "Screen", disabledReason: reason),
            KeyBinding([.char("P")], action: "pause", label: "", help: "Pause", group: "Screen", disabledReason: reason),
            KeyBinding([.char("f")], action: "filter", label: "", help: "Filter", group: "Screen"),
        ])
        let lines = HelpOverlay(keyMap: map, state: HelpOverlayState()).lines(width: 40)
        XCTAssertEqual(lines.map(\.text), ["Screen", "  n  Add a medication", "  P  Pause",
                                           "     only a doctor or a pharmacist may",
                                           "     add, change, pause and stop",
                                           "     medications", "  f  Filter"])
        XCTAssertEqual(lines.map(\.role), [.header, .muted, .muted, .muted, .muted, .muted, .normal])
    }
}
