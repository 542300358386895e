import XCTest
@testable import TerminalUI

final class FunctionBarTests: XCTestCase {
    private let map = KeyMap([
        KeyBinding([.char("?")], action: "help", label: "Help", help: "Show the keys"),
        KeyBinding([.char(":")], action: "palette", label: "Palette", help: "Run a command"),
        KeyBinding([.down, .char("j")], action: "down", label: "", help: "Move down"),
        KeyBinding([.char("q")], action: "quit", label: "Quit", help: "Quit Cotside"),
    ])

    func testGeneratedFromBindingsSkippingUnlabelled() {
        let buffer = render(FunctionBar(keyMap: map), width: 40, height: 1)
        assertScreen(buffer, lines: ["? Help  : Palette  q Quit"])
        XCTAssertEqual(buffer[0, 0].role, .functionKey)
        XCTAssertEqual(buffer[2, 0].role, .functionLabel)
    }

    func testItemsThatDoNotFitAreDroppedWhole() {
        assertScreen(render(FunctionBar(keyMap: map), width: 15, height: 1), lines: ["? Help"])
        assertScreen(render(FunctionBar(keyMap: map), width: 3, height: 1), lines: [""])
        assertScreen(render(FunctionBar(keyMap: map), width: 0, height: 0), lines: [])
    }

    func testFunctionKeyStyle() {
        let fkeys = KeyMap([
            KeyBinding([.function(1)], action: "help", label: "Help", help: "Help"),
            KeyBinding([.function(10)], action: "quit", label: "Quit", help: "Quit"),
        ])
        assertScreen(render(FunctionBar(keyMap: fkeys, style: .functionKeys), width: 30, height: 1),
                     lines: ["1Help 10Quit"])
    }

    func testABindingThePersonMayNotUseStaysOnTheBarGreyed() {
        let greyed = KeyMap([
            KeyBinding([.char("n")], action: "add", label: "New", help: "Add", disabledReason: "only a doctor may"),
            KeyBinding([.char("f")], action: "filter", label: "Filter", help: "Filter"),
        ])
        let buffer = render(FunctionBar(keyMap: greyed), width: 30, height: 1)
        assertScreen(buffer, lines: ["n New  f Filter"])
        XCTAssertEqual((0..<5).map { buffer[$0, 0].role }, Array(repeating: .muted, count: 5))
        XCTAssertEqual(buffer[7, 0].role, .functionKey)
        XCTAssertEqual(buffer[9, 0].role, .functionLabel)
    }
}
