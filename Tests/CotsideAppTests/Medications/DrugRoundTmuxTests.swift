import Foundation
import WardStore
import XCTest

/// Drives the real binary in tmux (the curses backend): a ward with one overdue dose, the
/// nurse opens the Medications tab, presses Enter on the drug round, and the dose is stored as
/// given by her. Only this test's session is killed.
final class DrugRoundTmuxTests: XCTestCase {
    func testRecordADoseAsGivenFromTheDrugRound() async throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-round-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let database = home.appendingPathComponent("ward.sqlite").path
        let now = ISO8601DateFormatter().date(from: "2026-11-21T14:05:00Z")!
        let utc = TimeZone(identifier: "UTC")!

        // Seed: one nurse, one cot, paracetamol at 13:00 (overdue at 14:05).
        let store = try SQLiteWardStore(path: database, clock: { now }, timeZone: utc)
        let nurse = try await store.addStaff(StaffDraft(name: "Nia Nurse", initials: "NN", role: .nurse), by: nil).record
        // A new ward requires PINs: the nurse signs in with hers.
        try await store.setPin(staffId: nurse.id, newPin: "2468", currentPin: nil, by: nurse.id)
        let ada = try await store.admit(PatientDraft(
            bedLabel: "3", givenName: "Ada", familyName: "Lovelace", hospitalNumber: "H300",
            dateOfBirth: CalendarDay("2026-11-18")!, sex: .female, gestationalAgeWeeks: 38, gestationalAgeDays: 2,
            birthWeightGrams: 3200, admittedAt: now.addingTimeInterval(-48 * 3600)), by: nil).record
        let paracetamol = try await store.addMedication(MedicationDraft(
            patientId: ada.id, drugName: "paracetamol", doseAmount: 45, doseUnit: .mg, route: .oral,
            schedule: .fixedTimes([TimeOfDay("13:00")!]), startsAt: now.addingTimeInterval(-86_400)), by: nil).record
        await store.close()

        let environment = TmuxSession.environment(home: home)
        let session = TmuxSession(prefix: "cotside-round-e2e")
        defer { session.kill() }
        try session.start([binary, "--db", database, "--now", "2026-11-21T14:05:00Z"], environment: environment,
                          width: 120, height: 35)
        try session.signIn(pin: "2468")
        try session.waitFor("User: Nia Nurse (NN)")
        try session.send("4")
        let round = try session.waitFor("Drug round: 0 due, 1 overdue").joined(separator: "\n")
        XCTAssertTrue(round.contains("overdue"), round)
        XCTAssertTrue(round.contains("paracetamol"), round)
        try session.send("Enter")
        try session.waitFor("Recorded given: bed 3 paracetamol at 14:05")
        try session.waitFor("Nothing is due on the ward now")
        try session.send("q")
        try session.waitFor("[exited 0]")

        let check = try SQLiteWardStore(path: database, clock: { now }, timeZone: utc)
        let records = try await check.doseRecords(medicationId: paracetamol.id, from: now.addingTimeInterval(-86_400), to: now)
        await check.close()
        XCTAssertEqual(records.count, 1)
        XCTAssertEqual(records.first?.status, .given)
        XCTAssertEqual(records.first?.recordedBy, nurse.id)
    }
}
