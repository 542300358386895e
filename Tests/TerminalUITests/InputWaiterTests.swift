import Foundation
import XCTest
@testable import TerminalUI

/// The waiter says "ready" once per arming, when its descriptor has input or a signal is
/// queued, and never reads: the loop reads, then re-arms it.
final class InputWaiterTests: XCTestCase {
    func testItWakesOncePerArmingAndLeavesTheInputUnread() throws {
        var keys: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&keys), 0)
        defer { close(keys[0]); close(keys[1]) }
        let wakes = Counter()
        let waiter = InputWaiter(keys: keys[0], signals: -1) { wakes.increment() }
        waiter.start()
        defer { waiter.stop() }
        XCTAssertFalse(wakes.wait(forAtLeast: 1, seconds: 0.2), "nothing ready, no wake")

        var byte: UInt8 = 65
        XCTAssertEqual(write(keys[1], &byte, 1), 1)
        XCTAssertTrue(wakes.wait(forAtLeast: 1, seconds: 2))
        XCTAssertFalse(wakes.wait(forAtLeast: 2, seconds: 0.2), "not re-armed: no second wake though the byte is unread")

        waiter.rearm(watchKeys: true)
        XCTAssertTrue(wakes.wait(forAtLeast: 2, seconds: 2), "re-armed with the byte still unread: ready again")
        var buffer: UInt8 = 0
        XCTAssertEqual(read(keys[0], &buffer, 1), 1, "the waiter left the input for the loop")
        XCTAssertEqual(buffer, 65)
    }

    func testWithoutTheKeyboardOnlyTheSignalPipeWakesIt() throws {
        var keys: [Int32] = [-1, -1], signals: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&keys), 0)
        XCTAssertEqual(pipe(&signals), 0)
        defer { for fd in keys + signals { close(fd) } }
        let wakes = Counter()
        let waiter = InputWaiter(keys: keys[0], signals: signals[0]) { wakes.increment() }
        waiter.start()
        defer { waiter.stop() }
        var byte: UInt8 = 1
        XCTAssertEqual(write(keys[1], &byte, 1), 1)
        XCTAssertTrue(wakes.wait(forAtLeast: 1, seconds: 2))
        var drained: UInt8 = 0
        _ = read(keys[0], &drained, 1)
        // In the background: type-ahead does not wake it (tcgetpgrp on a pipe fails, so it
        // never counts as back in the foreground either); a signal does.
        waiter.rearm(watchKeys: false)
        XCTAssertEqual(write(keys[1], &byte, 1), 1)
        XCTAssertFalse(wakes.wait(forAtLeast: 2, seconds: 0.6))
        XCTAssertEqual(write(signals[1], &byte, 1), 1)
        XCTAssertTrue(wakes.wait(forAtLeast: 2, seconds: 2))
    }
}

private final class Counter: @unchecked Sendable {
    private let condition = NSCondition()
    private var count = 0

    func increment() {
        condition.lock()
        count += 1
        condition.broadcast()
        condition.unlock()
    }

    /// True once `count` reaches `target` within `seconds`.
    func wait(forAtLeast target: Int, seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while count < target {
            if !condition.wait(until: deadline) { return count >= target }
        }
        return true
    }
}
