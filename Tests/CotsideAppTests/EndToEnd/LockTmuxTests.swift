import Foundation
import WardStore
import XCTest

/// The real binary in tmux (the curses backend): the nurse signs in with her PIN, Ctrl-X locks
/// the screen at once (nothing of the cot left on the terminal), a wrong PIN says how many tries
/// are left, hers unlocks; the trail holds each step. Only this test's session is killed.
final class LockTmuxTests: XCTestCase {
    func testSignInWithAPinLockByKeyAndUnlock() async throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-lock-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let database = home.appendingPathComponent("ward.sqlite").path
        let now = ISO8601DateFormatter().date(from: "2026-11-21T14:05:00Z")!
        let utc = TimeZone(identifier: "UTC")!

        // A new ward (PINs required): the nurse with her PIN, one cot.
        let store = try SQLiteWardStore(path: database, clock: { now }, timeZone: utc)
        let nurse = try await store.addStaff(StaffDraft(name: "Nia Nurse", initials: "NN", role: .nurse), by: nil).record
        try await store.setPin(staffId: nurse.id, newPin: "2468", currentPin: nil, by: nurse.id)
        _ = try await store.admit(PatientDraft(
            bedLabel: "3", givenName: "Ada", familyName: "Lovelace", hospitalNumber: "H300",
            dateOfBirth: CalendarDay("2026-11-18")!, sex: .female, gestationalAgeWeeks: 38, gestationalAgeDays: 2,
            birthWeightGrams: 3200, admittedAt: now.addingTimeInterval(-48 * 3600)), by: nil)
        await store.close()

        let environment = TmuxSession.environment(home: home)
        let session = TmuxSession(prefix: "cotside-lock-e2e")
        defer { session.kill() }
        try session.start([binary, "--db", database, "--now", "2026-11-21T14:05:00Z"], environment: environment,
                          width: 100, height: 30)
        try session.waitFor("I understand")
        try session.send("Enter")
        try session.waitFor("Who is at the keyboard?")
        try session.send("Enter")
        try session.waitFor("Sign in as Nia Nurse (NN)")
        try session.send("-l", "2468")
        let typed = try session.waitFor("PIN: ••••_").joined(separator: "\n")
        XCTAssertFalse(typed.contains("2468"), typed)
        try session.send("Enter")
        try session.waitFor("User: Nia Nurse (NN)")
        try session.waitFor("Ada Lovelace")

        try session.send("C-x")
        let locked = try session.waitFor("Cotside is locked").joined(separator: "\n")
        XCTAssertTrue(locked.contains("Signed in: Nia Nurse (NN)"), locked)
        for secret in ["Ada", "Lovelace", "H300", "Bed 3", "Occupied"] {
            XCTAssertFalse(locked.contains(secret), "“\(secret)” on the locked terminal:\n\(locked)")
        }
        try session.send("-l", "1357")
        try session.send("Enter")
        try session.waitFor("Wrong PIN: 4 tries left before a 5-minute lock-out")
        try session.send("-l", "2468")
        try session.send("Enter")
        try session.waitFor("Unlocked: welcome back, Nia Nurse")
        try session.waitFor("Ada Lovelace")
        try session.send("q")
        try session.waitFor("[exited 0]")

        let check = try SQLiteWardStore(path: database, clock: { now }, timeZone: utc)
        let rows = try await check.auditTrail(AuditFilter(actions: [.signIn, .lock, .pinFailed, .unlock]), olderThan: nil, limit: 10)
        await check.close()
        XCTAssertEqual(rows.reversed().map(\.entry.action), [.signIn, .lock, .pinFailed, .unlock])
        XCTAssertTrue(rows.allSatisfy { $0.entry.staffId == nurse.id })
    }
}
