import Foundation
import WardStore
import XCTest

/// Drives the real binary in tmux (the curses backend): on a ward whose second-check list names
/// IV antibiotics, the nurse gives an overdue gentamicin; the round asks for the second member,
/// the doctor types initials and PIN, and the dose is stored with both names. Only this test's
/// session is killed.
final class SecondCheckTmuxTests: XCTestCase {
    func testRecordACheckedDoseFromTheDrugRound() async throws {
        guard TmuxSession.isAvailable else { throw XCTSkip("tmux is not installed; the end-to-end test needs it") }
        let binary = try TmuxSession.cotsideBinary()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-check-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let database = home.appendingPathComponent("ward.sqlite").path
        let now = ISO8601DateFormatter().date(from: "2026-11-21T14:05:00Z")!
        let utc = TimeZone(identifier: "UTC")!

        // Seed: a nurse and a doctor with PINs, one cot, IV gentamicin at 13:00 (overdue at 14:05).
        let store = try SQLiteWardStore(path: database, clock: { now }, timeZone: utc)
        let nurse = try await store.addStaff(StaffDraft(name: "Nia Nurse", initials: "NN", role: .nurse), by: nil).record
        let doctor = try await store.addStaff(StaffDraft(name: "Dan Doctor", initials: "DD", role: .doctor), by: nurse.id).record
        try await store.setPin(staffId: nurse.id, newPin: "2468", currentPin: nil, by: nurse.id)
        try await store.setPin(staffId: doctor.id, newPin: "1357", currentPin: nil, by: doctor.id)
        _ = try await store.updateSettings([.secondCheck: "route:iv+category:antibiotic"], by: nurse.id)
        let ada = try await store.admit(PatientDraft(
            bedLabel: "3", givenName: "Ada", familyName: "Lovelace", hospitalNumber: "H300",
            dateOfBirth: CalendarDay("2026-11-18")!, sex: .female, gestationalAgeWeeks: 38, gestationalAgeDays: 2,
            birthWeightGrams: 3200, admittedAt: now.addingTimeInterval(-48 * 3600)), by: nil).record
        let gentamicin = try await store.addMedication(MedicationDraft(
            patientId: ada.id, drugName: "gentamicin", doseAmount: 16, doseUnit: .mg, route: .iv,
            schedule: .fixedTimes([TimeOfDay("13:00")!]), startsAt: now.addingTimeInterval(-86_400), category: .antibiotic),
            by: doctor.id).record
        await store.close()

        let environment = TmuxSession.environment(home: home)
        let session = TmuxSession(prefix: "cotside-check-e2e")
        defer { session.kill() }
        try session.start([binary, "--db", database, "--now", "2026-11-21T14:05:00Z"], environment: environment,
                          width: 100, height: 30)
        try session.signIn("NN", pin: "2468")
        try session.waitFor("User: Nia Nurse (NN)")
        try session.send("4")
        try session.waitFor("Drug round: 0 due, 1 overdue")
        try session.send("Enter")
        let form = try session.waitFor("Checker's initials").joined(separator: "\n")
        XCTAssertTrue(form.contains("On the ward's second-check list (route:iv+category:antibiotic)"), form)
        XCTAssertTrue(form.contains("Bed 3 · Ada "), form)
        XCTAssertTrue(form.contains("gentamicin 16 mg IV · due 13:00"), form)
        XCTAssertTrue(form.contains("Checker's PIN"), form)
        try session.send("-l", "DD")
        try session.send("Tab")
        try session.send("-l", "1357")
        let masked = try session.capture().joined(separator: "\n")
        XCTAssertFalse(masked.contains("1357"), "the checker's PIN is never drawn")
        try session.send("Enter")
        try session.waitFor("Recorded given, checked by DD: bed 3 gentamicin at 14:05")
        try session.waitFor("Nothing is due on the ward now")
        try session.send("q")
        try session.waitFor("[exited 0]")

        let check = try SQLiteWardStore(path: database, clock: { now }, timeZone: utc)
        let records = try await check.doseRecords(medicationId: gentamicin.id, from: now.addingTimeInterval(-86_400), to: now)
        await check.close()
        XCTAssertEqual(records.count, 1)
        XCTAssertEqual(records.first?.status, .given)
        XCTAssertEqual(records.first?.recordedBy, nurse.id)
        XCTAssertEqual(records.first?.checkedBy, doctor.id)
    }
}
