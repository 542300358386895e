import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The admit form for a child beyond the neonatal period: gestation and birth weight may stay
/// empty (the line under the fields says when); for a neonate the store's refusal is shown at
/// both fields; the birth weight takes g or kg.
@MainActor
final class OlderChildAdmitFormTests: WardTestCase {
    /// Opens the admit form and fills it (now is 2026-11-21 14:05).
    func fillAdmitForm(dob: String, ga: String = "", weight: String = "") async {
        await press(.char("A"))
        for (i, text) in ["7", "Tom", "Four", "H777", dob].enumerated() {
            if i > 0 { await press(.tab) }
            await type(text)
        }
        await press(.tab, .char("1"), .tab)   // sex: option 1 (male)
        await type(ga)
        await press(.tab)
        await type(weight)
    }

    func row(_ label: String) -> String { screen().first { $0.contains(label) } ?? "" }

    func testAFourYearOldIsAdmittedWithoutGestationOrBirthWeight() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await fillAdmitForm(dob: "2022-07-01")
        await press(.enter)
        XCTAssertTrue(shell.stack.isEmpty, messageText ?? screenText())
        let admitted = try await store.admittedPatients()
        let patient = try XCTUnwrap(admitted.first)
        XCTAssertNil(patient.gestationalAgeWeeks)
        XCTAssertNil(patient.birthWeightGrams)
        XCTAssertTrue(screen().contains { $0.contains("Tom Four") && $0.contains("4 y 4 mo") }, screenText())
        XCTAssertTrue(screenText().contains("born 2022-07-01 · gestation and birth weight not recorded"), screenText())
    }

    func testANeonateWithoutThemIsRefusedAtBothFields() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await fillAdmitForm(dob: "2026-11-18")
        await press(.enter)
        XCTAssertTrue(shell.front is PatientFormScreen)
        let form = try XCTUnwrap(shell.front as? PatientFormScreen)
        XCTAssertEqual(form.issues["ga"], "the gestational age is needed for a neonate (3 days old at admission; optional after 28 days)")
        XCTAssertEqual(form.issues["weight"], "the birth weight is needed for a neonate (3 days old at admission; optional after 28 days)")
        let patients = try await store.allPatients()
        XCTAssertTrue(patients.isEmpty)
    }

    func testBirthWeightTakesKgAndABareKgIsRefusedWithTheUnitSuggested() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await fillAdmitForm(dob: "2026-11-18", ga: "38+2", weight: "3.4")
        await press(.enter)
        XCTAssertTrue(shell.front is PatientFormScreen)
        XCTAssertTrue(row("Birth weight").contains("‘3.4’ is not a plausible weight in g"), row("Birth weight"))
        await press(.ctrl("u"))
        await type("3.4 kg")
        await press(.enter)
        let admitted = try await store.admittedPatients()
        let patient = try XCTUnwrap(admitted.first)
        XCTAssertEqual(patient.birthWeightGrams, 3400)
        await press(.char("e"))
        let edit = try XCTUnwrap(shell.front as? PatientFormScreen)
        XCTAssertEqual(edit.state.text("weight"), "3400 g", "shown with its unit")
    }

    /// Only the gestation known (a parent remembers "born at 36 weeks"): the Dashboard says
    /// which of the two is not recorded.
    func testTheDashboardNamesTheOneThatIsNotRecorded() async throws {
        _ = try await store.admit(PatientDraft(
            bedLabel: "7", givenName: "Tom", familyName: "Four", hospitalNumber: "H777", dateOfBirth: CalendarDay("2022-07-01")!,
            sex: .male, gestationalAgeWeeks: 36, gestationalAgeDays: 0, birthWeightGrams: nil,
            admittedAt: Self.now.addingTimeInterval(-6 * 3600)), by: nil)
        try await startShell()
        XCTAssertTrue(screenText().contains("born 2022-07-01 · GA 36+0 wk · birth weight not recorded"), screenText())
    }

    /// A child admitted without a birth weight and not yet weighed: Trends and the Dashboard
    /// leave per-kg figures out (no weight to divide by) rather than guess one, and a Tools form
    /// that takes a weight says it is not recorded.
    func testWithoutAnyWeightPerKgFiguresAreLeftOutAndToolsSayNotRecorded() async throws {
        let tom = try await store.admit(PatientDraft(
            bedLabel: "7", givenName: "Tom", familyName: "Four", hospitalNumber: "H777", dateOfBirth: CalendarDay("2022-07-01")!,
            sex: .male, gestationalAgeWeeks: nil, gestationalAgeDays: nil, birthWeightGrams: nil,
            admittedAt: Self.now.addingTimeInterval(-6 * 3600)), by: nil).record
        _ = try await store.logFeed(FeedDraft(patientId: tom.id, occurredAt: Self.now.addingTimeInterval(-3600), kind: .oralFluid,
                                              volumeML: 250), by: nil)
        try await logNappy(tom, .wet, minutesAgo: 30, weight: 60)
        _ = try await store.updateSettings([.dryNappyWeightGrams: "12"], by: nil)
        try await startShell()
        shell.selectPatient(tom)
        XCTAssertTrue(screenText().contains("Urine output: no weight recorded — chart a weight to see mL/kg/h"), screenText())
        XCTAssertTrue(screenText().contains("Intake 24 h: 250 mL"), screenText())
        await press(.char("5"))
        let lines = screen(width: 140, height: 50)
        let intake = try XCTUnwrap(lines.first { $0.contains("Intake (mL/kg/day)") }, lines.joined(separator: "\n"))
        XCTAssertFalse(intake.contains(where: \.isNumber), intake)
        await press(.char("3"))
        await type("bsa")
        await press(.enter)
        XCTAssertTrue(screenText().contains("not recorded on the chart; enter it"), screenText())
    }

    /// The admit form at 80×24 with the birth weight focused: both optional fields unmarked, the
    /// line under them saying when they are needed and how a weight is written.
    func testAdmitFormGolden80x24() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await fillAdmitForm(dob: "2022-07-01")
        assertScreen(Self.admitForm, width: 80, height: 24)
    }

    static let admitForm = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         ┌ Admit patient ─────────────────────────────────────────────────────────────┐
         │                                                                            │
         │ Bed              7                                                         │
         │ Given name       Tom                                                       │
         │ Family name      Four                                                      │
         │ Hospital number  H777                                                      │
         │ Date of birth    2022-07-01                                                │
         │ Sex                male                                                    │
         │ Gestation (wk+d)                                                           │
         │ Birth weight                                                               │
         │ Admitted at      now                    → Sat 21 Nov 2026 14:05 (now)      │
         │ Time of birth                                                              │
         │ 3400 g or 3.4 kg · needed for a neonate (≤ 28 days old); optional if older │
         └────────────────────────────────────────────────────────────────────────────┘







         Ward                         User: Nia Nurse (NN)             Sat 21 Nov 14:05
        Enter Save  Esc Back
        """#
}
