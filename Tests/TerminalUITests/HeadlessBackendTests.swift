import XCTest
@testable import TerminalUI

/// XCTest on Linux cannot run `@MainActor` test classes (the discovery cast fails), so each
/// test hops to the main actor, where the backends live.
final class HeadlessBackendTests: XCTestCase {
    func testTextTrimsTrailingSpacesPerLine() async {
        await MainActor.run {
            let backend = HeadlessBackend(width: 10, height: 2)
            var frame = Buffer(width: 10, height: 2)
            frame.put("hi", x: 1, y: 0)
            backend.flush(frame)
            XCTAssertEqual(backend.text(), " hi\n")
        }
    }

    func testStyledTextMarksRoles() async {
        await MainActor.run {
            let backend = HeadlessBackend(width: 10, height: 1)
            var frame = Buffer(width: 10, height: 1)
            frame.put("ok", x: 0, y: 0)
            frame.put("bad", x: 3, y: 0, role: .danger)
            backend.flush(frame)
            XCTAssertEqual(backend.styledText(), "ok [danger]bad")
            frame.put("!", x: 7, y: 0)
            backend.flush(frame)
            XCTAssertEqual(backend.styledText(), "ok [danger]bad[normal] !")
        }
    }

    func testScriptedEventsAndResize() async {
        await MainActor.run {
            let backend = HeadlessBackend(width: 80, height: 24)
            backend.enqueue(keys: [.char("2"), .escape])
            backend.resize(width: 100, height: 30)
            XCTAssertEqual(backend.readEvent(timeoutMs: 0), .key(.char("2")))
            XCTAssertEqual(backend.readEvent(timeoutMs: 0), .key(.escape))
            XCTAssertEqual(backend.readEvent(timeoutMs: 0), .resize(width: 100, height: 30))
            XCTAssertNil(backend.readEvent(timeoutMs: 0))
            XCTAssertEqual(backend.size.width, 100)
            XCTAssertEqual(backend.size.height, 30)
        }
    }

    /// A tiny shell drawn through the backend at several sizes, including a resize to below the
    /// minimum and back, and the degenerate 1×1 and 0×0.
    func testShellAcrossResizes() async {
        await MainActor.run {
            func frame(_ width: Int, _ height: Int) -> Buffer {
                var buffer = Buffer(width: width, height: height)
                let tooSmall = TooSmallView(minimumWidth: 30, minimumHeight: 4)
                if tooSmall.applies(width: width, height: height) {
                    tooSmall.render(in: buffer.area, into: &buffer)
                    return buffer
                }
                let rows = buffer.area.split(.vertical, [.length(1), .fill, .length(1)])
                TabBar(titles: ["Dashboard", "History"], selected: 0).render(in: rows[0], into: &buffer)
                MessageLine(.info("Nothing due")).render(in: rows[1], into: &buffer)
                FunctionBar(bindings: [KeyBinding([.char("q")], action: "quit", label: "Quit", help: "")]).render(in: rows[2], into: &buffer)
                return buffer
            }
            let backend = HeadlessBackend(width: 30, height: 4)
            backend.flush(frame(30, 4))
            XCTAssertEqual(backend.text(), " 1 Dashboard   2 History\ni Nothing due\n\nq Quit")
            backend.resize(width: 20, height: 3)
            backend.flush(frame(20, 3))
            XCTAssertEqual(backend.text(), " Enlarge the window\n  to at least 30×4\n     (now 20×3)")
            backend.resize(width: 1, height: 1)
            backend.flush(frame(1, 1))
            XCTAssertEqual(backend.text(), "E")
            backend.resize(width: 0, height: 0)
            backend.flush(frame(0, 0))
            XCTAssertEqual(backend.text(), "")
            backend.resize(width: 30, height: 4)
            backend.flush(frame(30, 4))
            XCTAssertEqual(backend.lastChanges.count, 120)  // after a resize everything is redrawn
            XCTAssertTrue(backend.text().hasPrefix(" 1 Dashboard"))
        }
    }
}
