import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Whom Medications, Trends and Tools are about: the Dashboard's selected cot, unless the user
/// chose another explicitly (`p`, Enter or `t` on a cot, a History filter, Trends' whole ward);
/// that choice wins until the Dashboard selection moves again. History stays the ward's log
/// unless narrowed explicitly.
@MainActor
final class PatientSelectionTests: WardTestCase {
    var meds: MedicationsScreen { shell.tabs[3] as! MedicationsScreen }
    var trends: TrendsScreen { shell.tabs[4] as! TrendsScreen }
    var tools: ToolsTabScreen { shell.tabs[2] as! ToolsTabScreen }
    var history: HistoryScreen { shell.tabs[1] as! HistoryScreen }

    /// Bed 3 Ada and bed 10 Bo; the Dashboard lists bed 3 first.
    func seed() async throws -> (Staff, Patient, Patient) {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let bo = try await admit(bed: "10", given: "Bo", family: "Preterm")
        try await logNappy(ada, .wet, minutesAgo: 30)
        try await logNappy(bo, .dirty, minutesAgo: 60)
        return (nurse, ada, bo)
    }

    func testTheDashboardsSelectedCotIsThePatientOfMedicationsTrendsAndTools() async throws {
        let (nurse, ada, bo) = try await seed()
        try await startShell()
        await signIn(nurse)
        XCTAssertEqual(shell.context.selectedPatient?.id, ada.id, "the first cot is selected from the start")
        await press(.down)
        XCTAssertEqual(shell.context.selectedPatient?.id, bo.id)
        await press(.char("5"))
        XCTAssertEqual(trends.patientTrends?.patient.id, bo.id)
        await press(.char("4"), .char("v"))
        XCTAssertEqual(meds.view, .patient)
        XCTAssertTrue(screenText().contains("Bed 10 Bo Preterm"), screenText())
        await press(.char("3"))
        XCTAssertEqual(tools.snapshot?.patientId, bo.id, "Tools loads the chart of the Dashboard's cot")
        await press(.char("2"))
        XCTAssertNil(history.filter(shell.context).patientId, "History stays the ward's log unless narrowed explicitly")
        XCTAssertEqual(Set(history.events.map(\.bedLabel)), ["3", "10"])
    }

    func testAnExplicitChoiceWinsUntilTheDashboardSelectionMovesAgain() async throws {
        let (nurse, ada, bo) = try await seed()
        try await startShell()
        await signIn(nurse)
        await press(.down)                                  // Dashboard on Bo
        await press(.char("p"))
        await type("Ada")
        await press(.enter)                                 // explicitly Ada
        XCTAssertEqual(shell.context.selectedPatient?.id, ada.id)
        await press(.char("5"))
        XCTAssertEqual(trends.patientTrends?.patient.id, ada.id)
        shell.reloadAll()
        await shell.settle()
        XCTAssertEqual(shell.context.selectedPatient?.id, ada.id, "a reload of the Dashboard is not a move")
        await press(.char("1"), .up, .down)                 // the Dashboard selection moves: Bo again
        XCTAssertEqual(shell.context.selectedPatient?.id, bo.id)
        XCTAssertNil(shell.context.patientChoice)
        await press(.char("5"))
        XCTAssertEqual(trends.patientTrends?.patient.id, bo.id)
        await press(.escape)                                // Trends' whole ward is an explicit choice too
        XCTAssertNil(shell.context.selectedPatient)
        XCTAssertNotNil(trends.wardTrends)
    }

    func testPInToolsChoosesThePatientAndSlashStartsAFilterThatTakesP() async throws {
        let (nurse, ada, bo) = try await seed()
        try await startShell()
        await signIn(nurse)
        await press(.char("3"), .char("p"))
        XCTAssertTrue(shell.front is PatientPickerScreen, "p chooses a patient in Tools as on every tab")
        XCTAssertEqual(tools.query, "")
        await type("Bo")
        await press(.enter)
        XCTAssertEqual(shell.context.selectedPatient?.id, bo.id)
        XCTAssertEqual(tools.snapshot?.patientId, bo.id)
        XCTAssertTrue(screenText().contains("pre-fill from bed 10 Bo Preterm"), "Tools says whose chart it uses:\n\(screenText())")
        await press(.char("/"), .char("p"), .char("e"), .char("w"))
        XCTAssertEqual(tools.query, "pew", "after / every letter is filter text")
        await press(.escape)
        await type("gcs")
        XCTAssertEqual(tools.query, "gcs", "other letters still start the filter at once")
        await press(.char("p"))
        XCTAssertEqual(tools.query, "gcsp", "inside a filter p is text")
        XCTAssertFalse(shell.front is PatientPickerScreen)
        _ = ada
    }

    /// Esc is bound to "Back" in the picker (the function bar says so): it closes the picker and
    /// leaves the choice as it was. It used to be a dead key (bound, but no case handled it).
    func testEscapeClosesThePatientPickerWithoutChoosing() async throws {
        let (nurse, ada, _) = try await seed()
        try await startShell()
        await signIn(nurse)
        await press(.char("p"))
        XCTAssertTrue(shell.front is PatientPickerScreen)
        await type("Bo")
        await press(.escape)
        XCTAssertFalse(shell.front is PatientPickerScreen, "Esc goes back")
        XCTAssertTrue(shell.stack.isEmpty)
        XCTAssertEqual(shell.context.selectedPatient?.id, ada.id, "nothing was chosen")
    }

    /// A bed label typed exactly is the first row, so Enter chooses that cot: "1" is bed 1, not
    /// bed 11 admitted before it (the store's search ranks an exact bed first).
    func testAnExactBedIsTheFirstRowOfThePatientPicker() async throws {
        let (nurse, _, _) = try await seed()
        _ = try await admit(bed: "11", given: "Eli", family: "Early")
        let one = try await admit(bed: "1", given: "Una", family: "One")
        try await startShell()
        await signIn(nurse)
        await press(.char("p"))
        await type("1")
        await press(.enter)
        XCTAssertEqual(shell.context.selectedPatient?.id, one.id)
    }
}
