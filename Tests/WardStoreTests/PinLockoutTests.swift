import Foundation
import GRDB
import XCTest
@testable import WardStore

/// Five wrong PINs in a row lock a member out for five minutes by the store's clock (the test
/// clock here): tries during the lock-out are refused, audited, and neither extend it nor count
/// towards another; the right PIN after it ends is taken; a right PIN clears the count.
final class PinLockoutTests: WardStoreTestCase {
    var nurse: Staff!

    override func setUp() async throws {
        try await super.setUp()
        try await requirePins(true)
        nurse = try await addNurse("AB")
        try await store.setPin(staffId: nurse.id, newPin: "2468", currentPin: nil, by: nurse.id)
    }

    func check(_ pin: String) async throws -> PinCheck {
        try await store.checkPin(staffId: nurse.id, pin: pin, purpose: .signIn)
    }

    func staffTrail() async throws -> [AuditEntry] {
        try await store.auditEntries(entity: .staff, entityId: nurse.id).filter { !$0.action.changesRecord }
    }

    func testFiveWrongPinsLockTheMemberOutForFiveMinutes() async throws {
        let before = try await staffTrail().count
        for remaining in [4, 3, 2, 1] {
            let result = try await check("1111")
            XCTAssertEqual(result, .wrong(remaining: remaining))
            clock.advance(minutes: 0.5)
        }
        let lockedAt = StoredTime.truncated(clock.now)
        let fifth = try await check("1111")
        let until = lockedAt.addingTimeInterval(5 * 60)
        XCTAssertEqual(fifth, .lockedOut(until: until))
        let status = try await store.pinStatus(staffId: nurse.id)
        XCTAssertEqual(status.lockedUntil, until)

        let trail = try await staffTrail().dropFirst(before)
        XCTAssertEqual(trail.map(\.action), [.pinFailed, .pinFailed, .pinFailed, .pinFailed, .lockedOut])
        XCTAssertTrue(trail.allSatisfy { $0.staffId == nurse.id }, "a try is the member's own entry")
        for (n, entry) in trail.prefix(4).enumerated() {
            XCTAssertEqual(entry.afterJSON, #"{"failures":"\#(n + 1)","purpose":"signIn"}"#, "how many in a row")
        }
        XCTAssertTrue(trail.last!.afterJSON!.contains("\"until\":\"\(StoredTime.milliseconds(until))\""), trail.last!.afterJSON!)
    }

    func testTriesDuringTheLockOutAreRefusedAuditedAndDoNotLockAgain() async throws {
        for _ in 0..<5 { _ = try await check("1111") }
        let lockedStatus = try await store.pinStatus(staffId: nurse.id)
        let until = try XCTUnwrap(lockedStatus.lockedUntil)
        let lockedRows = try await staffTrail().filter { $0.action == .lockedOut }.count
        XCTAssertEqual(lockedRows, 1)

        clock.advance(minutes: 1)
        for pin in ["1111", "2468", "9999"] {  // even the right PIN is refused while locked out
            let result = try await check(pin)
            XCTAssertEqual(result, .lockedOut(until: until), "refused with the same end")
            clock.advance(minutes: 1)
        }
        let status = try await store.pinStatus(staffId: nurse.id)
        XCTAssertEqual(status.lockedUntil, until, "not extended")
        XCTAssertEqual(status.failures, 0, "not counted towards another lock-out")
        let trail = try await staffTrail()
        XCTAssertEqual(trail.filter { $0.action == .lockedOut }.count, lockedRows + 3, "each refused try is audited")
        let tries = trail.filter { $0.action == .lockedOut }.dropFirst()
        XCTAssertTrue(tries.allSatisfy { $0.afterJSON?.contains(#""attempt":"during the lock-out""#) ?? false },
                      "a try during the lock-out is told apart from the lock-out: \(tries.map(\.afterJSON))")
        XCTAssertFalse(trail.first { $0.action == .lockedOut }?.afterJSON?.contains("attempt") ?? true)
        XCTAssertEqual(trail.filter { $0.action == .pinFailed }.count, 4, "and none counts as a wrong PIN")
        XCTAssertFalse(trail.contains { $0.action == .signIn }, "no sign-in while locked out")

        clock.now = until.addingTimeInterval(-1)
        let justBefore = try await check("2468")
        XCTAssertEqual(justBefore, .lockedOut(until: until), "a second before the end is still locked")
        clock.now = until
        let after = try await check("2468")
        XCTAssertEqual(after, .accepted, "the right PIN when the lock-out ends")
        let cleared = try await store.pinStatus(staffId: nurse.id)
        XCTAssertEqual(cleared, PinStatus(hasPin: true, failures: 0, lockedUntil: nil))
        let signIn = try await staffTrail().last
        XCTAssertEqual(signIn?.action, .signIn)
    }

    func testARightPinClearsTheCount() async throws {
        for _ in 0..<4 { _ = try await check("1111") }
        let four = try await store.pinStatus(staffId: nurse.id)
        XCTAssertEqual(four.failures, 4)
        let right = try await check("2468")
        XCTAssertEqual(right, .accepted)
        let cleared = try await store.pinStatus(staffId: nurse.id)
        XCTAssertEqual(cleared.failures, 0)
        for remaining in [4, 3, 2, 1] {
            let result = try await check("1111")
            XCTAssertEqual(result, .wrong(remaining: remaining), "counted from zero again")
        }
        let status = try await store.pinStatus(staffId: nurse.id)
        XCTAssertNil(status.lockedUntil)
    }

    func testAfterALockOutEndsTheCountStartsAgain() async throws {
        for _ in 0..<5 { _ = try await check("1111") }
        clock.advance(minutes: 5)
        let result = try await check("1111")
        XCTAssertEqual(result, .wrong(remaining: 4), "one wrong PIN after the lock-out is not another lock-out")
    }

    /// The arithmetic alone, for any clock.
    func testLockOutArithmetic() {
        let now = noon
        XCTAssertEqual(PinLockout.afterFailure(previousFailures: 0, now: now).failures, 1)
        XCTAssertNil(PinLockout.afterFailure(previousFailures: 3, now: now).lockedUntil)
        let fifth = PinLockout.afterFailure(previousFailures: 4, now: now)
        XCTAssertEqual(fifth.failures, 0)
        XCTAssertEqual(fifth.lockedUntil, now.addingTimeInterval(300))
        XCTAssertEqual(PinLockout.attempts, 5)
        XCTAssertEqual(PinLockout.duration, 300)
    }
}
