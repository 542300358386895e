import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The discharge summary on screen: offered (never forced) after a discharge, Yes opens it in the
/// report preview; the palette's "Discharge summary" opens it for the selected patient at any
/// time, the stay so far for an admitted one.
final class DischargeSummaryScreenTests: WardTestCase {
    func testADischargeOffersTheSummaryAndYesOpensItInThePreview() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        try await startShell()
        await signIn(nurse)
        await press(.char("D"), .char("y"))
        let discharged = try await store.admittedPatients()
        XCTAssertTrue(discharged.isEmpty, "the discharge is saved before anything is offered")
        XCTAssertTrue(shell.front is ConfirmScreen, screenText())
        XCTAssertTrue(screenText().contains("Bed 3 Mia Jones is discharged. Open the discharge summary"), screenText())
        XCTAssertTrue(screenText().contains("Discharged bed 3: Mia Jones — press u to undo"), "the discharge is said as ever")
        await press(.char("y"))
        XCTAssertTrue(shell.front is ReportPreviewScreen, screenText())
        let text = screenText(height: 40)
        XCTAssertTrue(text.contains("Discharge summary"), text)
        XCTAssertTrue(text.contains("Patient: Bed 3 · Mia Jones · H300 · DOB 2026-11-18"), text)
        XCTAssertTrue(text.contains("discharged 2026-11-21 14:05"), text)
        XCTAssertTrue(text.contains("by Ada Okafor (AO), nurse"), text)
        XCTAssertFalse(text.contains("Not yet discharged"), text)
    }

    func testNoLeavesItForLaterAndThePaletteOpensTheSelectedPatientsStaySoFar() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        try await admit(bed: "5", given: "Bo", family: "Brown")
        try await startShell()
        await signIn(nurse)
        await press(.char("D"), .char("y"), .char("n"))
        XCTAssertFalse(shell.front is ConfirmScreen)
        XCTAssertFalse(shell.front is ReportPreviewScreen, "No opens nothing")
        let admitted = try await store.admittedPatients()
        XCTAssertEqual(admitted.map(\.bedLabel), ["5"])

        await press(.char(":"))
        await type("Discharge summary")
        await press(.enter)
        XCTAssertTrue(shell.front is ReportPreviewScreen, screenText())
        let text = screenText(height: 40)
        XCTAssertTrue(text.contains("Patient: Bed 5 · Bo Brown"), text)
        XCTAssertTrue(text.contains("Not yet discharged: this is the stay so far"), text)
    }

    func testADischargedPatientChosenWithPGetsTheWholeStayFromThePalette() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        try await startShell()
        await signIn(nurse)
        await press(.char("D"), .char("y"), .char("n"))
        await press(.char("p"))
        await type("H300")
        await press(.enter)
        XCTAssertEqual(shell.context.selectedPatient?.hospitalNumber, "H300")
        await press(.char(":"))
        await type("Discharge summary")
        await press(.enter)
        let text = screenText(height: 40)
        XCTAssertTrue(text.contains("Patient: Bed 3 · Mia Jones · H300"), text)
        XCTAssertTrue(text.contains("discharged 2026-11-21 14:05"), text)
        XCTAssertFalse(text.contains("Not yet discharged"), text)
    }

    func testWithoutAPatientChosenThePaletteSaysToChooseOne() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await startShell()
        await signIn(nurse)
        await press(.char(":"))
        await type("Discharge summary")
        await press(.enter)
        XCTAssertFalse(shell.front is ReportPreviewScreen)
        XCTAssertEqual(messageText, "Choose a patient first (p): the discharge summary is of one patient.")
    }
}
