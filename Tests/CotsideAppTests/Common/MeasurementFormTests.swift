import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Charting a measurement from the keyboard: `n` then `v` on a cot; the value follows the kind
/// (unit, range; diastolic only for blood pressure); out-of-range values are refused, never
/// clamped, and nothing is stored; a saved measurement can be undone.
@MainActor
final class MeasurementFormTests: WardTestCase {
    var ada: Patient!

    func openForm() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await startShell()
        await signIn(nurse)
        await press(.char("n"))
        XCTAssertTrue(shell.front is NewEntryScreen)
        await press(.char("v"))
    }

    var form: MeasurementFormScreen { shell.front as! MeasurementFormScreen }
    var fieldIDs: [String] { form.state.fields.map(\.id) }

    func stored() async throws -> [MeasurementRecord] {
        try await store.latestMeasurements(patientId: ada.id).map(\.measurement)
    }

    func testWeightIsStoredInGramsAndCanBeUndone() async throws {
        try await openForm()
        XCTAssertEqual(fieldIDs, ["time", "kind", "value", "notes"])
        XCTAssertTrue(screenText().contains("Chart a measurement"), screenText())
        await press(.tab, .tab)
        await type("3250")
        await press(.enter)
        var saved = try await stored()
        XCTAssertEqual(saved.map(\.kind), [.weight])
        XCTAssertEqual(saved.first?.value, 3250)
        XCTAssertEqual(saved.first?.measuredAt, Self.now)
        XCTAssertTrue(shell.message?.text.contains("Charted Weight 3250 g for bed 3") ?? false, "\(String(describing: shell.message))")
        await press(.char("u"))
        saved = try await stored()
        XCTAssertTrue(saved.isEmpty, "u takes the measurement back")
    }

    func testTypingATimeReplacesNowAndTypingAValueReplacesTheRemembered() async throws {
        try await openForm()
        await type("13:05")       // the default “now” goes at the first character
        XCTAssertEqual(form.state.text("time"), "13:05")
        await press(.tab, .tab)
        await type("3250")
        await press(.enter)
        let saved = try await stored()
        XCTAssertEqual(saved.first?.measuredAt, Self.now.addingTimeInterval(-3600))
    }

    /// The measurement form refuses a future time in its own words, at the time field; it once
    /// showed the nappy form's message (issue 14: the forms' near-copies).
    func testFutureTimeIsRefusedInTheMeasurementFormsOwnWords() async throws {
        try await openForm()
        await type("+30m")
        await press(.tab, .tab)
        await type("3250")
        await press(.enter)
        XCTAssertTrue(shell.front is MeasurementFormScreen)
        let words = shell.context.t("measure.future")
        XCTAssertNotEqual(words, "measure.future", "the catalogue has the measurement form's words")
        XCTAssertEqual(shell.message?.kind, .error)
        XCTAssertEqual(shell.message?.text, words)
        XCTAssertEqual(form.issues["time"], words, "said at the time field")
        let stored = try await stored()
        XCTAssertTrue(stored.isEmpty)
    }

    func testOutOfRangeValueIsRefusedNotClamped() async throws {
        try await openForm()
        await press(.tab, .tab)
        await type("0.1 kg")      // weight: 200–150000 g
        await press(.enter)
        XCTAssertTrue(shell.front is MeasurementFormScreen, "an invalid form cannot be saved")
        let stored = try await stored()
        XCTAssertTrue(stored.isEmpty)
        XCTAssertTrue(screenText().contains("200"), screenText())
    }

    /// Weights in kg or g (`WeightText`): stored in grams; a bare number that fits only as kg is
    /// refused at the field with the unit suggested, never converted.
    func testWeightTakesKgOrGAndABareNumberInTheWrongUnitIsRefused() async throws {
        try await openForm()
        await press(.tab, .tab)
        await type("50")
        await press(.enter)
        XCTAssertTrue(shell.front is MeasurementFormScreen)
        XCTAssertEqual(form.issues["value"], "‘50’ is not a plausible weight in g; for kg, type 50 kg")
        var saved = try await stored()
        XCTAssertTrue(saved.isEmpty)
        await press(.ctrl("u"))
        await type("3,25kg")
        await press(.enter)
        saved = try await stored()
        XCTAssertEqual(saved.first?.value, 3250)
        XCTAssertTrue(shell.message?.text.contains("Charted Weight 3250 g for bed 3") ?? false, "\(String(describing: shell.message))")
    }

    func testBloodPressureAsksForDiastolic() async throws {
        try await openForm()
        await press(.tab, .char("8"))   // blood pressure
        XCTAssertEqual(fieldIDs, ["time", "kind", "value", "diastolic", "notes"])
        await press(.tab)
        await type("72")
        await press(.enter)
        XCTAssertTrue(shell.front is MeasurementFormScreen)
        var saved = try await stored()
        XCTAssertTrue(saved.isEmpty, "systolic alone is not a blood pressure")
        XCTAssertEqual(form.state.fields[form.state.focus].id, "diastolic", "the refusal puts the cursor on the missing field")
        await type("45")
        await press(.enter)
        saved = try await stored()
        XCTAssertEqual(saved.first?.kind, .bloodPressure)
        XCTAssertEqual(saved.first?.value, 72)
        XCTAssertEqual(saved.first?.diastolicMmHg, 45)
        await press(.char("n"), .char("v"), .tab, .char("4"))  // temperature: no diastolic
        XCTAssertEqual(fieldIDs, ["time", "kind", "value", "notes"])
    }
}
