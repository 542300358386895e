import XCTest
@testable import CotsideApp
import TerminalUI

/// Ctrl-C (the key in raw mode, SIGINT turned into the same key otherwise) quits at once, except
/// while a form holds unsaved input: there it asks exactly as `q` does.
final class InterruptKeyTests: ShellTestCase {
    @MainActor func testControlCWithNothingUnsavedQuitsAtOnce() async throws {
        let shell = try makeShell()
        _ = screen(shell, keys: "C-c")
        XCTAssertTrue(shell.wantsQuit)
        XCTAssertTrue(shell.quitByInterrupt, "the process then exits as interrupted (status 130)")
    }

    @MainActor func testControlCOverABlockingScreenQuitsAtOnce() async throws {
        let shell = try makeShell(acceptDisclaimer: false)
        XCTAssertTrue(shell.front.isBlocking, "the disclaimer is in front")
        _ = screen(shell, keys: "C-c")
        XCTAssertTrue(shell.wantsQuit)
    }

    @MainActor func testControlCInAFormWithUnsavedInputAsksLikeQ() async throws {
        let shell = try makeShell()
        shell.apply(.push(UnsavedFormDouble()), from: shell.front)
        var lines = screen(shell, keys: "C-c")
        XCTAssertFalse(shell.wantsQuit)
        assertShows(lines, "Quit Cotside?")
        assertShows(lines, "A form holds input that is not saved. Quit and lose it?")
        lines = screen(shell, keys: "n")
        XCTAssertTrue(shell.front is UnsavedFormDouble, "No keeps the form and its input")
        XCTAssertFalse(shell.wantsQuit)
        _ = screen(shell, keys: "C-c y")
        XCTAssertTrue(shell.wantsQuit)
        XCTAssertFalse(shell.quitByInterrupt, "a confirmed quit is an ordinary one")
    }

    @MainActor func testControlCWhileTypingInAFormAsksToo() async throws {
        let shell = try makeShell()
        shell.apply(.push(TypingFormDouble()), from: shell.front)
        _ = screen(shell, keys: "C-c")
        XCTAssertFalse(shell.wantsQuit)
        XCTAssertTrue(shell.front is ConfirmScreen)
    }

    @MainActor func testControlCAtTheQuitQuestionDoesNotAskTwice() async throws {
        let shell = try makeShell()
        shell.apply(.push(UnsavedFormDouble()), from: shell.front)
        _ = screen(shell, keys: "C-c C-c C-c")
        XCTAssertFalse(shell.wantsQuit)
        XCTAssertEqual(shell.stack.filter { $0 is ConfirmScreen }.count, 1)
        _ = screen(shell, keys: "Esc")
        XCTAssertTrue(shell.front is UnsavedFormDouble)
    }
}

/// A form taking text with unsaved input: `q` would be typed, Ctrl-C still asks.
final class TypingFormDouble: Screen {
    var hasUnsavedInput: Bool { true }
    var capturesText: Bool { true }
    func title(_ context: AppContext) -> String { "Typing" }
    func keyMap(_ context: AppContext) -> KeyMap { KeyMap([]) }
    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent { .handled }
    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.put("TYPING", in: area.row(0))
    }
}
