import XCTest
@testable import TerminalUI

final class KeySequenceTests: XCTestCase {
    func testTheBriefsExampleSequence() throws {
        let keys = try KeySequence.parse("2 ? Esc Tab S-Tab Enter Up Down PgDn C-c F1 text").get()
        XCTAssertEqual(keys, [.char("2"), .char("?"), .escape, .tab, .backTab, .enter, .up, .down, .pageDown,
                              .ctrl("c"), .function(1), .char("t"), .char("e"), .char("x"), .char("t")])
    }

    func testNamesAreCaseInsensitiveAndHaveAliases() throws {
        XCTAssertEqual(try KeySequence.parse("esc ENTER pgup PageDown home END Left right bs del F12").get(),
                       [.escape, .enter, .pageUp, .pageDown, .home, .end, .left, .right, .backspace, .delete,
                        .function(12)])
    }

    func testSpaceAndSingleCharacters() throws {
        XCTAssertEqual(try KeySequence.parse("a Space b").get(), [.char("a"), .char(" "), .char("b")])
        XCTAssertEqual(try KeySequence.parse("  q  ").get(), [.char("q")])
        XCTAssertEqual(try KeySequence.parse("").get(), [])
        XCTAssertEqual(try KeySequence.parse("F f").get(), [.char("F"), .char("f")])
        XCTAssertEqual(try KeySequence.parse("14:05").get(), [.char("1"), .char("4"), .char(":"), .char("0"), .char("5")])
    }

    func testBadTokensSayWhatIsAllowed() {
        guard case .failure(let fnError) = KeySequence.parse("F13") else { return XCTFail("F13 accepted") }
        XCTAssertTrue(fnError.message.contains("F1 to F12"), fnError.message)
        guard case .failure(let ctrlError) = KeySequence.parse("C-cc") else { return XCTFail("C-cc accepted") }
        XCTAssertTrue(ctrlError.message.contains("C-c"), ctrlError.message)
    }

    func testKeyNamesRoundTrip() throws {
        let keys: [Key] = [.char("q"), .char(" "), .enter, .escape, .tab, .backTab, .up, .down, .left, .right,
                           .pageUp, .pageDown, .home, .end, .backspace, .delete, .insert, .function(5), .ctrl("x")]
        let text = keys.map(\.name).joined(separator: " ")
        XCTAssertEqual(try KeySequence.parse(text).get(), keys)
    }

    func testKeyMapLooksUpFirstBindingAndGroups() {
        let map = KeyMap([
            KeyBinding([.char("q")], action: "quit", label: "Quit", help: "Quit Cotside", group: "App"),
            KeyBinding([.tab, .char("l")], action: "tab.next", label: "", help: "Next tab", group: "Tabs"),
            KeyBinding([.char("q")], action: "shadowed", label: "", help: "never", group: "App"),
        ])
        XCTAssertEqual(map.action(for: .char("q")), "quit")
        XCTAssertEqual(map.action(for: .char("l")), "tab.next")
        XCTAssertNil(map.action(for: .char("z")))
        XCTAssertEqual(map.groups.map(\.group), ["App", "Tabs"])
        XCTAssertEqual(map.binding(for: "tab.next")?.keyNames, "Tab/l")
    }
}
