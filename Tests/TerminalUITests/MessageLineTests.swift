import XCTest
@testable import TerminalUI

final class MessageLineTests: XCTestCase {
    func testErrorHasSymbolAndDangerRole() {
        let buffer = render(MessageLine(.error("Weight must be between 0.3 and 10 kg")), width: 50, height: 1)
        assertScreen(buffer, lines: ["✖ Weight must be between 0.3 and 10 kg"])
        XCTAssertEqual(buffer[0, 0].role, .danger)
    }

    func testEachKindHasItsOwnSymbolInASCII() {
        let kinds: [(Message, String)] = [(.info("i"), "i i"), (.success("s"), "+ s"), (.warning("w"), "! w"),
                                          (.error("e"), "x e")]
        for (message, text) in kinds {
            assertScreen(render(MessageLine(message, glyphs: .ascii), width: 10, height: 1), lines: [text])
        }
    }

    func testNoMessageClearsTheLineAndTinySizesAreSafe() {
        var buffer = Buffer(width: 5, height: 1)
        buffer.put("old", x: 0, y: 0)
        MessageLine(nil).render(in: buffer.area, into: &buffer)
        assertScreen(buffer, lines: [""])
        assertScreen(render(MessageLine(.info("x")), width: 0, height: 0), lines: [])
        assertScreen(render(MessageLine(.info("hello")), width: 1, height: 1), lines: ["…"])
    }
}
