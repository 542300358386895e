import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Charting a set of observations from the keyboard: `n` then `o` on a cot. Any subset of the
/// values, one time, one save (one row per value); a value outside the cot's goal range is
/// marked beside its field with its word and saved anyway; an impossible value or an empty set
/// is refused and nothing is stored; `u` takes the whole set back.
@MainActor
final class ObservationsFormTests: WardTestCase {
    var ada: Patient!

    func openForm(glucoseInMgPerDl: Bool = false) async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")  // 3 days old: newborn goal ranges
        if glucoseInMgPerDl {
            var settings = try await store.settings()
            settings.glucoseUnit = .mgPerDl
            _ = try await store.updateSettings(settings, by: nil)
        }
        try await startShell()
        await signIn(nurse)
        await press(.char("n"))
        XCTAssertTrue(shell.front is NewEntryScreen)
        await press(.char("o"))
    }

    var form: ObservationsFormScreen { shell.front as! ObservationsFormScreen }
    var fieldIDs: [String] { form.state.fields.map(\.id) }

    /// Moves the cursor to field `id` and types `text` there.
    func fill(_ id: String, _ text: String) async {
        while fieldIDs[form.state.focus] != id { await press(.tab) }
        await type(text)
    }

    func stored() async throws -> [MeasurementRecord] {
        try await store.latestMeasurements(patientId: ada.id).map(\.measurement)
    }

    func testOneSaveChartsEveryValueAtOneTimeAndUndoTakesThemAllBack() async throws {
        try await openForm()
        XCTAssertEqual(fieldIDs, ["time", "temp", "hr", "rr", "spo2", "oxygen", "systolic", "diastolic", "glucose", "pain", "notes"])
        await fill("time", "13:50")
        await fill("temp", "37.2")
        await fill("hr", "140")
        await fill("rr", "42")
        await fill("spo2", "97")
        await press(.tab, .char("2"))   // room air
        await fill("systolic", "70")
        await fill("diastolic", "40")
        await fill("glucose", "4.2")
        await fill("pain", "3")
        await press(.enter)
        XCTAssertFalse(shell.front is ObservationsFormScreen, "saved and closed: \(messageText ?? "")")
        let saved = try await stored()
        XCTAssertEqual(Set(saved.map(\.kind)), Set(ObservationSet.kinds))
        XCTAssertEqual(Set(saved.map(\.measuredAt)), [Self.now.addingTimeInterval(-15 * 60)], "one time for every value")
        XCTAssertEqual(saved.first { $0.kind == .spo2 }?.oxygen, .air)
        XCTAssertEqual(saved.first { $0.kind == .bloodPressure }?.diastolicMmHg, 40)
        XCTAssertTrue(messageText?.contains("for bed 3") ?? false, messageText ?? "")
        await press(.char("u"))
        let afterUndo = try await stored()
        XCTAssertTrue(afterUndo.isEmpty, "u takes back the whole set: \(afterUndo.map(\.kind))")
    }

    func testAnyOneValueIsASet() async throws {
        try await openForm()
        await fill("pain", "2")
        XCTAssertTrue(screenText().contains("FLACC"), "the form names the pain scale: \(screenText())")
        await press(.enter)
        let saved = try await stored()
        XCTAssertEqual(saved.map(\.kind), [.pain])
        XCTAssertEqual(saved.first?.value, 2)
    }

    func testOutOfRangeIsMarkedBesideTheFieldAndSavedAnyway() async throws {
        try await openForm()
        await fill("hr", "190")
        XCTAssertTrue(screenText().contains("▲ high (goal 100–180 bpm)"), screenText())
        await fill("spo2", "85")
        XCTAssertTrue(screenText().contains("▼ low (goal ≥ 94 %)"), screenText())
        await press(.enter)
        let saved = try await stored()
        XCTAssertEqual(Set(saved.map(\.kind)), [.heartRate, .spo2], "out of range is never refused")
    }

    func testTheFormAt80x24ShowsTheMarkWithItsWord() async throws {
        try await openForm()
        await fill("temp", "37.2")
        await fill("hr", "190")
        await fill("spo2", "97")
        assertScreen(Golden.observationsFormHighHeartRate, width: 80, height: 24)
    }

    func testAnImpossibleValueIsRefusedWithItsRangeAndNothingIsStored() async throws {
        try await openForm()
        await fill("hr", "140")
        await fill("temp", "70")
        XCTAssertTrue(screenText().contains("25") && screenText().contains("45"), screenText())
        await press(.enter)
        XCTAssertTrue(shell.front is ObservationsFormScreen, "an impossible temperature cannot be saved")
        XCTAssertTrue((messageText ?? "").hasPrefix("Temperature: ") && (messageText ?? "").contains("between 25 and 45 °C"),
                      "the message names the field and the allowed range: \(messageText ?? "")")
        let saved = try await stored()
        XCTAssertTrue(saved.isEmpty, "not even the good heart rate")
    }

    /// Glucose is typed in the ward's unit, judged against the goal in that unit, stored in mmol/L.
    func testGlucoseIsTypedInTheWardsUnit() async throws {
        try await openForm(glucoseInMgPerDl: true)
        await fill("glucose", "36")
        XCTAssertTrue(screenText().contains("mg/dL"), screenText())
        XCTAssertTrue(screenText().contains("▼ low (goal 47–180 mg/dL)"), "2.6–10 mmol/L in mg/dL: \(screenText())")
        await press(.enter)
        let saved = try await stored()
        XCTAssertEqual(saved.first?.kind, .glucose)
        XCTAssertEqual(saved.first?.value ?? 0, 2.0, accuracy: 0.01, "36 mg/dL is 2.0 mmol/L")
    }

    func testAnEmptySetIsRefused() async throws {
        try await openForm()
        await press(.enter)
        XCTAssertTrue(shell.front is ObservationsFormScreen)
        XCTAssertEqual(messageText, shell.context.t("obs.empty"))
        XCTAssertEqual(fieldIDs[form.state.focus], "temp")
        let saved = try await stored()
        XCTAssertTrue(saved.isEmpty)
    }

    func testOxygenTakesItsAmountInItsOwnUnit() async throws {
        try await openForm()
        await fill("spo2", "92")
        await press(.tab, .char("3"))   // litres per minute
        XCTAssertEqual(fieldIDs[6], "o2amount")
        XCTAssertTrue(screenText().contains("L/min"), screenText())
        await press(.tab)
        await type("20")
        XCTAssertTrue(screenText().contains("0.01") && screenText().contains("15"), "the allowed flow is named: \(screenText())")
        await press(.enter)
        var saved = try await stored()
        XCTAssertTrue(saved.isEmpty, "20 L/min is refused")
        await press(.backspace, .backspace)
        await type("0.5")
        await press(.enter)
        saved = try await stored()
        XCTAssertEqual(saved.first?.oxygen, OxygenSupport(mode: .litres, amount: 0.5))
    }

    func testOxygenWithoutAnSpO2IsRefused() async throws {
        try await openForm()
        await fill("hr", "140")
        await press(.tab, .tab, .tab, .char("2"))   // oxygen: room air, no SpO2
        XCTAssertEqual(fieldIDs[form.state.focus], "oxygen")
        await press(.enter)
        XCTAssertTrue(shell.front is ObservationsFormScreen)
        XCTAssertEqual(messageText, shell.context.t("obs.spo2_needed"))
        let saved = try await stored()
        XCTAssertTrue(saved.isEmpty)
    }

    func testEscCancelsWithoutStoring() async throws {
        try await openForm()
        await press(.escape)
        XCTAssertFalse(shell.front is ObservationsFormScreen)
        let saved = try await stored()
        XCTAssertTrue(saved.isEmpty)
    }
}
