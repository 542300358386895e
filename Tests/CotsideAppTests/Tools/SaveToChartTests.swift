import Clinical
import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Save-to-chart through the real store: pre-filled from the selected patient, the review
/// step, the audited write, `u` to undo, and the saved result in the patient's History.
final class SaveToChartTests: WardTestCase {
    func testSavedResultAppearsInHistoryWithWhoSavedIt() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace", weight: 3100)
        try await startShell()
        await signIn(nurse)
        shell.apply(.session(.selectedPatient(ada)), from: shell.front)
        await shell.settle()

        await press(.char("3"))
        await type("bsa")
        await press(.enter)
        // Birth weight is the chart's latest weight here; the height is typed.
        var text = screenText()
        XCTAssertTrue(text.contains("Weight          3.1"), text)
        XCTAssertTrue(text.contains("from chart, 3 d ago"), text)
        await type("50")
        text = screenText()
        // Mosteller √(50 × 3.1 / 3600).
        XCTAssertTrue(text.contains("Body surface area \(NumberText.rounded((50 * 3.1 / 3600).squareRoot(), digits: 3)) m²"), text)

        await press(.char("S"))
        text = screenText()
        XCTAssertTrue(text.contains("to the chart of bed 3 (Ada Lovelace)"), text)
        XCTAssertTrue(text.contains("[ ] I have reviewed this result"), text)
        await press(.enter)
        let none = try await store.calculatorResults(patientId: ada.id)
        XCTAssertEqual(none, [], "nothing saved before the review is ticked")
        await press(.char(" "), .enter)
        XCTAssertEqual(messageText, "Body surface area (Mosteller) saved to the chart of bed 3 (Ada Lovelace). u undoes it.")
        let saved = try await store.calculatorResults(patientId: ada.id)
        XCTAssertEqual(saved.map(\.toolId), ["bsa"])
        XCTAssertEqual(saved.first?.savedBy, nurse.id)
        XCTAssertEqual(saved.first?.inputsJSON, #"{"height_cm":50,"weight_kg":3.1}"#)

        await press(.escape, .char("2"))
        let row = try XCTUnwrap(screen(width: 120).first { $0.contains("Body surface area 0.207 m²") }, screenText(width: 120))
        XCTAssertTrue(row.contains("Calculat"), row)
        XCTAssertTrue(row.contains("Ada Lovelace"), row)
        XCTAssertTrue(row.hasSuffix("NN") || row.contains(" NN"), row)
        // Enter on it does not open a nappy form for a record that is not a nappy change.
        await press(.enter)
        XCTAssertEqual(messageText, "Saved calculator results and stroke assessments are kept as saved: undo a save with u right after it.")
    }

    func testASaveTheStoreRefusesSaysNotSavedAndOffersNoUndo() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace", weight: 3100)
        try await startShell()
        await signIn(nurse)
        shell.apply(.session(.selectedPatient(ada)), from: shell.front)
        await shell.settle()
        await press(.char("3"))
        await type("bsa")
        await press(.enter)
        await type("50")
        await press(.char("S"), .char(" "))
        try await store.pool.write { db in try db.execute(sql: "DROP TABLE calculator_result") }
        await press(.enter)
        XCTAssertTrue(messageText?.hasPrefix("Not saved: ") == true, messageText ?? "")
        XCTAssertEqual(shell.message?.kind, .error)
        XCTAssertNil(shell.context.undoable, "nothing for u to take back")
        XCTAssertFalse(shell.front is ResultReviewScreen, "the review closed when Enter was pressed")
    }

    func testWithoutASelectedPatientSaveSaysSo() async throws {
        try await startShell()
        await press(.char("3"))
        await type("bsa")
        await press(.enter)
        await type("110")
        await press(.tab)
        await type("19")
        await press(.char("S"))
        XCTAssertEqual(messageText, "Select a patient first: saving to a chart needs the selected patient.")
    }

    func testFormsPrefillTheLatestMeasuredWeightAndTheGrowthChartPlotsTheSeries() async throws {
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace", dob: "2026-11-01", weight: 3100)
        for (daysAgo, grams, cm) in [(2.0, 3300.0, 50.0), (0.1, 3520.0, 51.5)] {
            let at = Self.now.addingTimeInterval(-daysAgo * 86_400)
            _ = try await store.logMeasurement(MeasurementDraft(patientId: ada.id, measuredAt: at, kind: .weight, value: grams), by: nil)
            _ = try await store.logMeasurement(MeasurementDraft(patientId: ada.id, measuredAt: at, kind: .length, value: cm), by: nil)
        }
        try await startShell()
        shell.apply(.session(.selectedPatient(ada)), from: shell.front)
        await shell.settle()
        await press(.char("3"))
        await type("dosage")
        await press(.enter)
        var text = screenText()
        XCTAssertTrue(text.contains("3.52"), text)
        XCTAssertTrue(text.contains("from chart, 2 h 24 min ago"), text)
        // Today's weight from the chart: no loud warning.
        XCTAssertFalse(text.contains("WEIGHT NOT FROM TODAY'S CHART"), text)
        await press(.escape, .escape)  // leave the form (nothing typed), clear the filter
        await type("growth")
        await press(.enter)
        text = screenText()
        XCTAssertTrue(text.contains("age_days") || text.contains("Age"), text)
        await press(.char("g"))
        text = screenText(width: 100, height: 30)
        XCTAssertTrue(text.contains("Weight-for-age (girl)"), text)
        XCTAssertTrue(text.contains("measured 3.52 kg"), text)
        await press(.left)  // the measurement two days ago
        XCTAssertTrue(screenText(width: 100, height: 30).contains("measured 3.30 kg"), screenText())
        await press(.tab)
        text = screenText(width: 100, height: 30)
        XCTAssertTrue(text.contains("Length-for-age (girl)"), text)
        XCTAssertTrue(text.contains("measured 51.5 cm"), text)
    }
}
