import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Admission form: the store's validation messages at the field, nothing stored on error;
/// discharge asks first; the patient picker selects by bed, name or hospital number.
@MainActor
final class PatientFormTests: WardTestCase {
    /// Fills the admit form: bed, given, family, hospital no., date of birth, sex, GA, weight.
    func fillAdmitForm(bed: String = "7", dob: String, ga: String = "38+2", weight: String = "3100") async {
        await press(.char("A"))
        for (i, text) in [bed, "Ada", "Lovelace", "H777", dob].enumerated() {
            if i > 0 { await press(.tab) }
            await type(text)
        }
        await press(.tab, .char("2"), .tab)   // sex: option 2 (female)
        await type(ga)
        await press(.tab)
        await type(weight)
    }

    func row(_ label: String) -> String { screen().first { $0.contains(label) } ?? "" }

    func testFutureDateOfBirthIsRefusedAtTheField() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await fillAdmitForm(dob: "2026-11-30")
        await press(.enter)
        XCTAssertTrue(shell.front is PatientFormScreen)
        XCTAssertTrue(row("Date of birth").contains("date of birth 2026-11-30 is in the future"), row("Date of birth"))
        let patients = try await store.allPatients()
        XCTAssertTrue(patients.isEmpty)
    }

    /// The optional time of birth: a bad one is named at its field; a good one makes the first
    /// 72 hours of age read in hours on the Dashboard (born 02:30, now 14:05 → 11 h).
    func testTimeOfBirthMakesTheAgeReadInHours() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await fillAdmitForm(dob: "2026-11-21")
        await press(.tab, .tab)
        await type("25:00")
        await press(.enter)
        XCTAssertTrue(row("Time of birth").contains("‘25:00’ is not a time of day"), row("Time of birth"))
        await press(.ctrl("u"))
        await type("02:30")
        await press(.enter)
        let admitted = try await store.allPatients()
        let patient = try XCTUnwrap(admitted.first)
        XCTAssertEqual(patient.timeOfBirth, TimeOfDay("02:30"))
        XCTAssertTrue(screen().contains { $0.contains("Ada Lovelace") && $0.contains("11 h") }, screenText())
    }

    func testGestationOutsideRangeAndUnreadableAreNamed() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await fillAdmitForm(dob: "2026-11-18", ga: "45+0")
        await press(.enter)
        XCTAssertTrue(row("Gestation").contains("gestational age 45+0 is outside 22+0 to 44+6 weeks"), row("Gestation"))
        await press(.ctrl("u"))
        await type("3x")
        await press(.enter)
        XCTAssertTrue(row("Gestation").contains("‘3x’ is not a gestational age"), row("Gestation"))
        let patients = try await store.allPatients()
        XCTAssertTrue(patients.isEmpty)
    }

    func testBedInUseIsNamedAtTheField() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await admit(bed: "7", given: "First", family: "Baby")
        try await startShell()
        await signIn(nurse)
        await fillAdmitForm(dob: "2026-11-18")
        await press(.enter)
        XCTAssertTrue(row("Bed").contains("bed 7 already holds an admitted patient"), row("Bed"))
    }

    func testAdmitThenDischargeAfterConfirmation() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await fillAdmitForm(dob: "2026-11-18")
        await press(.enter)
        XCTAssertTrue(shell.stack.isEmpty)
        let admitted = try await store.admittedPatients()
        XCTAssertEqual(admitted.map(\.fullName), ["Ada Lovelace"])
        XCTAssertEqual(admitted.first?.gestationalAgeWeeks, 38)
        XCTAssertEqual(admitted.first?.sex, .female)
        XCTAssertTrue(screenText().contains("Ada Lovelace"))

        await press(.char("D"))
        XCTAssertTrue(shell.front is ConfirmScreen)
        await press(.enter)   // "No" is the default
        var still = try await store.admittedPatients()
        XCTAssertEqual(still.count, 1)
        await press(.char("D"), .char("y"))
        still = try await store.admittedPatients()
        XCTAssertTrue(still.isEmpty)
        XCTAssertTrue(shell.front is ConfirmScreen, "the discharge summary is offered")
        await press(.char("n"))
        XCTAssertTrue(screenText().contains("No patients admitted — press A to admit"))
    }

    func testPatientPickerSelectsByHospitalNumber() async throws {
        try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let bo = try await admit(bed: "10", given: "Bo", family: "Preterm")
        try await startShell()
        await press(.char("p"))
        XCTAssertTrue(shell.front is PatientPickerScreen)
        XCTAssertTrue(screenText().contains("Ada Lovelace · H300 · 3 d"), "the picker shows each age as staff write it")
        await type("H1000")
        await press(.enter)
        XCTAssertEqual(shell.context.selectedPatient?.id, bo.id)
        await press(.char("2"))
        XCTAssertTrue(screen()[1].contains("Bed 10 Bo Preterm"), screen()[1])
    }
}

/// Editing an admission keeps the earlier version: undo brings it back.
@MainActor
final class PatientEditTests: WardTestCase {
    func testEditThenUndo() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        // Admitted at 14:04:37 two days ago: seconds the form (minutes) cannot show.
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace", hoursAgo: 48 + 23.0 / 3600)
        try await startShell()
        await signIn(nurse)
        await press(.char("e"))
        let form = try XCTUnwrap(shell.front as? PatientFormScreen)
        XCTAssertEqual(form.state.text("family"), "Lovelace")
        XCTAssertEqual(form.state.text("ga"), "38+2")
        XCTAssertEqual(form.state.text("admitted"), "2026-11-19 14:04")
        await press(.tab, .tab, .ctrl("u"))
        await type("King")
        await press(.enter)
        var stored = try await store.patient(id: ada.id)
        XCTAssertEqual(stored?.familyName, "King")
        XCTAssertEqual(stored?.admittedAt, ada.admittedAt, "an unchanged time field keeps the stored instant")
        await press(.char("u"))
        stored = try await store.patient(id: ada.id)
        XCTAssertEqual(stored?.familyName, "Lovelace")
    }
}
