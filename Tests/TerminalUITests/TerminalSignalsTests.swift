import XCTest
@testable import TerminalUI

/// The self-pipe between signal handlers and the event loop: handlers only queue, the loop
/// takes them in order and decides (no curses call ever runs in a handler).
final class TerminalSignalsTests: XCTestCase {
    override func tearDown() {
        TerminalSignals.uninstall()
    }

    func testSignalsMapToWhatTheLoopDoes() {
        XCTAssertEqual(TerminalSignal(number: SIGTSTP), .suspend)
        XCTAssertEqual(TerminalSignal(number: SIGCONT), .resume)
        XCTAssertEqual(TerminalSignal(number: SIGINT), .interrupt)
        XCTAssertEqual(TerminalSignal(number: SIGTERM), .terminate(SIGTERM))
        XCTAssertEqual(TerminalSignal(number: SIGHUP), .terminate(SIGHUP))
        XCTAssertEqual(TerminalSignal(number: SIGWINCH), .resize, "a resize wakes the input waiter like any signal")
    }

    func testHandlersQueueSignalsInOrderInsteadOfActing() {
        TerminalSignals.install()
        XCTAssertEqual(TerminalSignals.take(), [])
        raise(SIGCONT)
        raise(SIGINT)   // would end the test run without the handler
        raise(SIGTERM)
        XCTAssertEqual(TerminalSignals.take(), [.resume, .interrupt, .terminate(SIGTERM)])
        XCTAssertEqual(TerminalSignals.take(), [], "taken once")
        raise(SIGHUP)   // the earlier SIGTERM was taken: this one is queued, not fatal
        XCTAssertEqual(TerminalSignals.take(), [.terminate(SIGHUP)])
    }

    func testTheQueueWakesAPollingLoop() {
        TerminalSignals.install()
        raise(SIGCONT)
        var entry = pollfd(fd: TerminalSignals.readDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&entry, 1, 0), 1)
        _ = TerminalSignals.take()
        entry.revents = 0
        XCTAssertEqual(poll(&entry, 1, 0), 0, "empty once taken")
    }
}
