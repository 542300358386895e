import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Goal ranges from the keyboard: `r` on a cot lists the range in force per kind (own or age
/// default with its source); Enter edits low/high with live checks; `d` returns a kind to its age
/// default after asking; a change moves the Dashboard's out-of-range mark at once; bad input is
/// refused with a message and nothing is stored.
@MainActor
final class GoalRangesScreenTests: WardTestCase {
    var ada: Patient!
    var nurse: Staff!

    /// Ada (born 3 days before the clock, 38+2 weeks) with a temperature of 37.9 °C charted an
    /// hour ago, the Goal ranges screen open on her cot.
    func openGoals(glucoseInMgPerDl: Bool = false, ownTemperature: GoalRange? = nil) async throws {
        nurse = try await addStaff("Nia Nurse", "NN")
        ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        if let ownTemperature {
            try await store.setGoalRange(patientId: ada.id, kind: .temperature, ownTemperature, by: nurse.id)
        }
        if glucoseInMgPerDl {
            var settings = try await store.settings()
            settings.glucoseUnit = .mgPerDl
            _ = try await store.updateSettings(settings, by: nil)
        }
        _ = try await store.logMeasurement(MeasurementDraft(patientId: ada.id, measuredAt: Self.now.addingTimeInterval(-3600),
                                                            kind: .temperature, value: 37.9), by: nil)
        try await startShell()
        await signIn(nurse)
        await press(.char("r"))
        XCTAssertTrue(shell.front is GoalRangesScreen, "r on a cot opens its goal ranges")
    }

    var goals: GoalRangesScreen { shell.front as! GoalRangesScreen }
    var form: GoalRangeFormScreen { shell.front as! GoalRangeFormScreen }

    func ownGoals() async throws -> [MeasurementKind: GoalRange] {
        try await store.goalRanges(patientId: ada.id).filter { $0.value.isPatientGoal }
    }

    /// Clears the focused field and types `text`.
    func retype(_ text: String) async {
        for _ in 0..<8 { await press(.backspace) }
        await type(text)
    }

    func dashboardMark() -> RangeMark? {
        let dashboard = shell.tabs.compactMap { $0 as? DashboardScreen }.first
        return dashboard?.rows.first { $0.patient.id == ada.id }?.latestOutOfRange?.mark
    }

    func testGoldenScreen() async throws {
        try await openGoals(ownTemperature: GoalRange(low: 36, high: 37.8, source: MeasurementGoals.patientGoalSource))
        assertScreen(GoalGolden.list)
        await press(.enter)
        assertScreen(GoalGolden.temperatureForm)
    }

    func testSettingAGoalChangesTheOutOfRangeMarkAtOnce() async throws {
        try await openGoals()
        XCTAssertEqual(dashboardMark(), .high, "37.9 °C is above the age default 37.5")
        await press(.enter)                 // temperature, the first row
        XCTAssertEqual(form.state.fields.map(\.id), ["low", "high"])
        XCTAssertEqual(form.state.text("low"), "36.5")
        await press(.tab)
        await retype("38")
        await press(.enter)
        XCTAssertTrue(shell.front is GoalRangesScreen, "saved: back on the list")
        let own = try await ownGoals()
        XCTAssertEqual(own[.temperature]?.low, 36.5)
        XCTAssertEqual(own[.temperature]?.high, 38)
        XCTAssertNil(dashboardMark(), "37.9 °C is inside the patient's own goal, and the Dashboard knows at once")
        XCTAssertTrue(screenText().contains("36.5–38 °C"), screenText())
        XCTAssertTrue(screenText().contains("own goal"), screenText())
        XCTAssertTrue(messageText?.contains("Temperature goal for bed 3: 36.5–38 °C") ?? false, "\(String(describing: messageText))")
        let trends = try await store.patientTrends(patientId: ada.id, window: .days7, now: Self.now, timeZone: Self.utc)
        XCTAssertEqual(trends.goals[.temperature]?.high, 38, "the Trends bands read the same goal")
        let audit = try await store.auditEntries(entity: .measurementGoal, entityId: ada.id)
        XCTAssertEqual(audit.count, 1)
        XCTAssertEqual(audit.first?.staffId, nurse.id)

        // d asks, then returns temperature to the age default: the mark comes back.
        await press(.char("d"))
        XCTAssertTrue(shell.front is ConfirmScreen)
        await press(.char("y"))
        XCTAssertTrue(shell.front is GoalRangesScreen)
        let after = try await ownGoals()
        XCTAssertNil(after[.temperature])
        XCTAssertEqual(dashboardMark(), .high)
        XCTAssertTrue(screenText().contains("age default (NICE NG143 / WHO)"), screenText())
        let audited = try await store.auditEntries(entity: .measurementGoal, entityId: ada.id)
        XCTAssertEqual(audited.count, 2)
        // Nothing left to reset: d says so and asks nothing.
        await press(.char("d"))
        XCTAssertTrue(shell.front is GoalRangesScreen)
        XCTAssertTrue(messageText?.contains("already uses the age default") ?? false, "\(String(describing: messageText))")
    }

    func testUUndoesAGoalEditAndAReset() async throws {
        try await openGoals(ownTemperature: GoalRange(low: 36, high: 37.8, source: MeasurementGoals.patientGoalSource))
        await press(.enter, .tab)
        await retype("38")
        await press(.enter)
        var own = try await ownGoals()
        XCTAssertEqual(own[.temperature]?.high, 38)
        await press(.char("u"))
        own = try await ownGoals()
        XCTAssertEqual(own[.temperature]?.high, 37.8, "u puts the previous own goal back")
        XCTAssertEqual(messageText, "Undone: Temperature goal change for bed 3")
        await press(.char("d"), .char("y"))
        own = try await ownGoals()
        XCTAssertNil(own[.temperature])
        await press(.char("u"))
        own = try await ownGoals()
        XCTAssertEqual(own[.temperature], GoalRange(low: 36, high: 37.8, source: MeasurementGoals.patientGoalSource),
                       "u after d brings the own goal back")
        XCTAssertEqual(dashboardMark(), .high, "37.9 °C is above the restored 37.8 goal again")
        let audit = try await store.auditEntries(entity: .measurementGoal, entityId: ada.id)
        XCTAssertEqual(audit.map(\.action), [.update, .update, .revert, .update, .revert])
    }

    func testLowNotBelowHighIsRefusedAsTypedAndNothingIsStored() async throws {
        try await openGoals()
        await press(.down, .enter)          // heart rate 100–180
        await retype("190")
        XCTAssertTrue(screenText().contains("low 190 must be below high 180"), screenText())
        await press(.enter)
        XCTAssertTrue(shell.front is GoalRangeFormScreen, "refused: the form stays")
        XCTAssertTrue(messageText?.contains("low 190 must be below high 180") ?? false, "\(String(describing: messageText))")
        var own = try await ownGoals()
        XCTAssertTrue(own.isEmpty)
        // The refusal puts the cursor on high; fixing it clears the message.
        XCTAssertEqual(form.state.fields[form.state.focus].id, "high")
        await retype("200")
        XCTAssertNil(form.issues["high"])
        XCTAssertFalse(screen().contains { $0.contains("High limit") && $0.contains("must be below") }, screenText())
        await press(.enter)
        own = try await ownGoals()
        XCTAssertEqual(own[.heartRate], GoalRange(low: 190, high: 200, source: MeasurementGoals.patientGoalSource))
    }

    func testOutsideThePhysicalLimitsOrNotANumberIsRefused() async throws {
        try await openGoals()
        await press(.enter)                 // temperature: 25–45 °C, as measurement entry
        await retype("50")
        await press(.enter)
        XCTAssertTrue(shell.front is GoalRangeFormScreen)
        XCTAssertTrue(screenText().contains("25"), screenText())
        await retype("abc")
        await press(.enter)
        XCTAssertTrue(shell.front is GoalRangeFormScreen)
        // Temperature's default closes both ends: neither may be left empty.
        await retype("")
        await press(.enter)
        XCTAssertTrue(shell.front is GoalRangeFormScreen)
        let own = try await ownGoals()
        XCTAssertTrue(own.isEmpty, "nothing stored")
        await press(.escape)
        if shell.front is ConfirmScreen { await press(.char("y")) }
        XCTAssertTrue(shell.front is GoalRangesScreen)
    }

    func testAnOpenEndIsAllowedWhereTheDefaultHasOne() async throws {
        try await openGoals()
        await press(.down, .down, .down, .enter)   // SpO2 ≥ 94
        XCTAssertEqual(form.kind, .spo2)
        XCTAssertEqual(form.state.text("high"), "")
        await retype("92")
        await press(.enter)
        let own = try await ownGoals()
        XCTAssertEqual(own[.spo2], GoalRange(low: 92, high: nil, source: MeasurementGoals.patientGoalSource))
        XCTAssertTrue(screenText().contains("≥ 92 %"), screenText())
    }

    func testGlucoseIsTypedInTheWardsUnit() async throws {
        try await openGoals(glucoseInMgPerDl: true)
        XCTAssertTrue(screenText().contains("47–180 mg/dL"), screenText())
        await press(.end, .up, .enter)   // glucose, above the pain score
        XCTAssertEqual(form.kind, .glucose)
        await retype("54")
        await press(.tab)
        await retype("144")
        await press(.enter)
        let own = try await ownGoals()
        XCTAssertEqual(try XCTUnwrap(own[.glucose]?.low), 3.0, accuracy: 0.01, "stored in mmol/L")
        XCTAssertEqual(try XCTUnwrap(own[.glucose]?.high), 8.0, accuracy: 0.01)
        XCTAssertTrue(screenText().contains("54–144 mg/dL"), screenText())
    }

    func testTrendsOpensItAndThePaletteOffersIt() async throws {
        try await openGoals()
        await press(.escape)
        XCTAssertTrue(shell.front is DashboardScreen, "\(Swift.type(of: shell.front))")
        await press(.char("t"))             // Trends for the selected cot
        await press(.char("r"))
        XCTAssertTrue(shell.front is GoalRangesScreen, "r on the Trends patient view")
        XCTAssertEqual(goals.patient.id, ada.id)
        await press(.escape)
        let items = shell.paletteItems(for: shell.front)
        XCTAssertTrue(items.contains { $0.title == "Goal ranges of the cot" }, "a palette action: \(items.map(\.title))")
    }

    func testChangesNeedSomeoneAtTheKeyboard() async throws {
        ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await startShell()
        await press(.char("r"))
        XCTAssertTrue(shell.front is GoalRangesScreen, "anyone may look")
        await press(.enter)
        XCTAssertTrue(shell.front is GoalRangesScreen, "nobody signed in: no form")
        XCTAssertNotNil(messageText)
        await press(.char("d"))
        XCTAssertTrue(shell.front is GoalRangesScreen, "nobody signed in: nothing to confirm")
        let own = try await ownGoals()
        XCTAssertTrue(own.isEmpty)
    }
}
