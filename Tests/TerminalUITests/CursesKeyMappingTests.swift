import XCTest
@testable import TerminalUI

/// The curses backend itself needs a terminal (the tmux end-to-end tests cover it); its key
/// table is pure. Codes are ncurses' curses.h values: KEY_DOWN 0402, KEY_UP 0403, KEY_LEFT 0404,
/// KEY_RIGHT 0405, KEY_HOME 0406, KEY_BACKSPACE 0407, KEY_F0 0410, KEY_DC 0512, KEY_NPAGE 0522,
/// KEY_PPAGE 0523, KEY_BTAB 0541, KEY_END 0550.
final class CursesKeyMappingTests: XCTestCase {
    func testKeyCodes() {
        let f0: Int32 = 0o410
        let table: [(Int32, Key)] = [(0o402, .down), (0o403, .up), (0o404, .left), (0o405, .right),
                                     (0o406, .home), (0o407, .backspace), (0o512, .delete), (0o522, .pageDown),
                                     (0o523, .pageUp), (0o541, .backTab), (0o550, .end), (f0 + 1, .function(1)),
                                     (f0 + 12, .function(12))]
        for (code, key) in table {
            XCTAssertEqual(CursesKeys.keyCode(code, functionKeyBase: f0), key, "code \(code)")
        }
        XCTAssertNil(CursesKeys.keyCode(f0 + 13, functionKeyBase: f0))
    }

    func testControlCharactersAndText() {
        XCTAssertEqual(CursesKeys.character(27), .escape)
        XCTAssertEqual(CursesKeys.character(9), .tab)
        XCTAssertEqual(CursesKeys.character(13), .enter)  // nonl(): Enter arrives as CR
        XCTAssertEqual(CursesKeys.character(127), .backspace)
        XCTAssertEqual(CursesKeys.character(3), .ctrl("c"))
        XCTAssertEqual(CursesKeys.character(21), .ctrl("u"))
        XCTAssertEqual(CursesKeys.character(0x71), .char("q"))
        XCTAssertEqual(CursesKeys.character(0xE9), .char("é"))
        XCTAssertEqual(CursesKeys.character(0x4E2D), .char("中"))
        XCTAssertNil(CursesKeys.character(0))
    }
}
