import Foundation
import ReportKit
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The patient report on screen: `P` (and the palette's "Patient report") on the Dashboard and in
/// History open the selected patient's week in the report preview, named for whoever is signed in.
final class PatientReportScreenTests: WardTestCase {
    func testPOnTheDashboardOpensTheSelectedCotsWeekInThePreview() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        let bo = try await admit(bed: "10", given: "Bo", family: "Brown")
        try await logNappy(bo, .wet, minutesAgo: 30)
        try await startShell()
        await signIn(nurse)
        XCTAssertTrue(shell.paletteItems(for: shell.front).contains { $0.title == "Patient report: the selected patient's last 7 days" },
                      "the palette offers it on the Dashboard")
        await press(.down)
        await press(.char("P"))
        XCTAssertTrue(shell.front is ReportPreviewScreen, screenText())
        let text = screenText(height: 40)
        XCTAssertTrue(text.contains("Patient report"), text)
        XCTAssertTrue(text.contains("Period: 2026-11-14 14:05 to 2026-11-21 14:05"), text)
        XCTAssertTrue(text.contains("Patient: Bed 10 · Bo Brown"), "the selected cot, the second by bed: \(text)")
        XCTAssertTrue(text.contains("by Ada Okafor (AO), nurse"), text)
        await press(.char("]"), .char("]"))
        XCTAssertTrue(screenText(height: 40).contains("Nappies and intake per day"), screenText(height: 40))
        await press(.escape)
        XCTAssertTrue(shell.front is DashboardScreen)
    }

    func testPInHistoryOpensTheShownPatientOrTheSelectedEntrysAndSaysWhatItNeedsOtherwise() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await startShell()
        await signIn(nurse)
        await press(.char("2"))
        await press(.char("P"))
        XCTAssertEqual(messageText, "Choose a patient (p) or an entry first: the report is one patient's")
        XCTAssertFalse(shell.front is ReportPreviewScreen)

        let mia = try await admit(bed: "3", given: "Mia", family: "Jones")
        try await logNappy(mia, .dirty, minutesAgo: 20, colour: .yellow)
        shell.perform(.reloadAll)
        await shell.settle()
        await press(.char("P"))
        XCTAssertTrue(shell.front is ReportPreviewScreen, screenText())
        XCTAssertTrue(screenText(height: 40).contains("Patient: Bed 3 · Mia Jones"), screenText(height: 40))
    }

    func testNobodySignedInIsToldTheReportNamesItsMaker() async throws {
        try await admit(bed: "3", given: "Mia", family: "Jones")
        try await startShell()
        await press(.char("P"))
        XCTAssertFalse(shell.front is ReportPreviewScreen)
        XCTAssertEqual(messageText, "Sign in to see the patient report: it names who made it")
    }
}
