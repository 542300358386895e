import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The idle lock's timing with an injected clock: `idleLockMinutes` without a key or a click
/// locks, any key or click starts the count again, 0 never locks, nobody signed in is not locked.
@MainActor
final class IdleLockTests: WardTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    func testTheTimerIsDueOnlyOnceTheMinutesHavePassedWithoutInput() {
        var timer = IdleTimer()
        XCTAssertFalse(timer.isDue(at: start, minutes: 5), "the first instant starts the count")
        XCTAssertFalse(timer.isDue(at: start.addingTimeInterval(299), minutes: 5))
        XCTAssertTrue(timer.isDue(at: start.addingTimeInterval(300), minutes: 5))
        timer.activity(at: start.addingTimeInterval(300))
        XCTAssertFalse(timer.isDue(at: start.addingTimeInterval(599), minutes: 5), "a key starts the count again")
        XCTAssertTrue(timer.isDue(at: start.addingTimeInterval(600), minutes: 5))
        XCTAssertFalse(timer.isDue(at: start.addingTimeInterval(86_400), minutes: 0), "0 minutes: never")
    }

    func testAClockSetBackRestartsTheCountInsteadOfNeverLocking() {
        var timer = IdleTimer()
        timer.activity(at: start)
        XCTAssertFalse(timer.isDue(at: start.addingTimeInterval(-3600), minutes: 5))
        XCTAssertFalse(timer.isDue(at: start.addingTimeInterval(-3600 + 299), minutes: 5))
        XCTAssertTrue(timer.isDue(at: start.addingTimeInterval(-3600 + 300), minutes: 5))
    }

    /// The shell on its ticks: locks after the ward's minutes (here 2), audited, and a key
    /// before then puts it off.
    func testTheShellLocksAfterTheWardsIdleMinutesOfNoInput() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        _ = try await store.updateSettings([.idleLockMinutes: "2"], by: nil)
        let clock = ManualClock(start)
        try await startShell()
        shell.idleClock = { clock.now }
        await signIn(nurse)
        await press(.down)
        clock.now = start.addingTimeInterval(119)
        await tick()
        XCTAssertNil(shell.lockScreen)
        await press(.up)  // a key at 1:59 starts the count again
        clock.now = start.addingTimeInterval(238)
        await tick()
        XCTAssertNil(shell.lockScreen, "1:59 since the last key")
        shell.handle(.mouse(MouseEvent(x: 5, y: 5, kind: .wheelDown)))  // a click or a wheel counts too
        clock.now = start.addingTimeInterval(357)
        await tick()
        XCTAssertNil(shell.lockScreen)
        clock.now = start.addingTimeInterval(358)
        await tick()
        XCTAssertEqual(shell.lockScreen?.lockedMember, nurse, "two minutes without input")
        let trail = try await sessionTrail()
        XCTAssertEqual(trail, ["lock NN"])
    }

    func testZeroMinutesNeverLocksAndNobodySignedInIsNotLocked() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let clock = ManualClock(start)
        try await startShell()
        shell.idleClock = { clock.now }
        await tick()
        clock.now = start.addingTimeInterval(3600)
        await tick()
        XCTAssertNil(shell.lockScreen, "nobody is signed in: nothing to lock")
        _ = try await store.updateSettings([.idleLockMinutes: "0"], by: nil)
        shell.apply(.session(.wardSettings(try await store.settings())), from: shell.front)
        await signIn(nurse)
        await tick()
        clock.now = start.addingTimeInterval(86_400)
        await tick()
        XCTAssertNil(shell.lockScreen, "0 minutes: never")
    }

    /// The wall clock as the test sets it.
    @MainActor private final class ManualClock {
        var now: Date
        init(_ now: Date) { self.now = now }
    }

    private func tick() async {
        shell.receive(.tick)
        await shell.settle()
    }
}
