import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// History corrects every charted kind: Enter opens the kind's form filled with the entry (a
/// dose record opens a correction that asks for a reason), `x` deletes after asking, and `u`
/// takes either back. Calculator results and stroke assessments stay as saved.
@MainActor
final class HistoryCorrectionTests: WardTestCase {
    var history: HistoryScreen { shell.tabs[1] as! HistoryScreen }

    func seedCot() async throws -> (Staff, Patient) {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        return (nurse, ada)
    }

    /// Opens History signed in, the newest entry selected.
    func openHistory(as nurse: Staff) async throws {
        try await startShell()
        await signIn(nurse)
        await press(.char("2"))
    }

    // MARK: Feeds

    func testEnterOnAFeedOpensItsFormAndTheEditIsUndoable() async throws {
        let (nurse, ada) = try await seedCot()
        let feed = try await store.logFeed(FeedDraft(patientId: ada.id, occurredAt: Self.now.addingTimeInterval(-600),
                                                     kind: .formula, volumeML: 30, notes: "slow"), by: nurse.id).record
        try await openHistory(as: nurse)
        await press(.enter)
        let form = try XCTUnwrap(shell.front as? QuickFeedScreen, "Enter on a feed opens the feed form")
        XCTAssertEqual(form.state.text("time"), "2026-11-21 13:55")
        XCTAssertEqual(form.state.text("amount"), "30")
        XCTAssertEqual(form.state.text("notes"), "slow")
        // Time, kind, amount: correct 30 mL to 35 mL.
        await press(.tab, .tab, .ctrl("u"))
        await type("35")
        await press(.enter)
        var stored = try await store.feed(id: feed.id)
        XCTAssertEqual(stored?.volumeML, 35)
        XCTAssertEqual(stored?.occurredAt, feed.occurredAt, "the time is kept to the second")
        XCTAssertEqual(stored?.notes, "slow")
        XCTAssertTrue(shell.front is HistoryScreen)
        await press(.char("u"))
        stored = try await store.feed(id: feed.id)
        XCTAssertEqual(stored?.volumeML, 30)
    }

    func testDeletingAFeedAsksAndUndoBringsItBack() async throws {
        let (nurse, ada) = try await seedCot()
        let feed = try await store.logFeed(FeedDraft(patientId: ada.id, occurredAt: Self.now, kind: .breast, durationMinutes: 12),
                                           by: nurse.id).record
        try await openHistory(as: nurse)
        await press(.char("x"))
        XCTAssertTrue(shell.front is ConfirmScreen, "x asks before deleting a feed")
        await press(.char("y"))
        var stored = try await store.feed(id: feed.id)
        XCTAssertNotNil(stored?.deletedAt)
        XCTAssertEqual(history.events.count, 0)
        XCTAssertTrue(messageText?.hasPrefix("Deleted Feed breast for bed 3") == true, messageText ?? "")
        await press(.char("u"))
        stored = try await store.feed(id: feed.id)
        XCTAssertNil(stored?.deletedAt)
        XCTAssertEqual(history.events.count, 1)
    }

    // MARK: Measurements

    func testAMistakenLengthIsCorrectedFromHistory() async throws {
        let (nurse, ada) = try await seedCot()
        let length = try await store.logMeasurement(MeasurementDraft(patientId: ada.id, measuredAt: Self.now.addingTimeInterval(-300),
                                                                     kind: .length, value: 145), by: nurse.id).record
        try await openHistory(as: nurse)
        await press(.enter)
        let form = try XCTUnwrap(shell.front as? MeasurementFormScreen, "Enter on a measurement opens the measurement form")
        XCTAssertEqual(form.kind, .length)
        XCTAssertEqual(form.state.text("value"), "145")
        await press(.tab, .tab, .ctrl("u"))
        await type("45")
        await press(.enter)
        let stored = try await store.measurement(id: length.id)
        XCTAssertEqual(stored?.value, 45)
        XCTAssertEqual(stored?.kind, .length)
        XCTAssertEqual(stored?.measuredAt, length.measuredAt)
        let rows = try await storedNappies()
        XCTAssertEqual(rows.count, 1, "corrected in place, not logged again")
        XCTAssertTrue(messageText?.contains("Updated") == true, messageText ?? "")
    }

    /// An SpO2 is corrected with the oxygen it was read on: the form shows it (mode and amount)
    /// and a mistaken flow is put right, not only the saturation.
    func testAnSpO2sOxygenIsShownAndCorrectedFromHistory() async throws {
        let (nurse, ada) = try await seedCot()
        let set = ObservationSet(patientId: ada.id, measuredAt: Self.now.addingTimeInterval(-300),
                                 readings: [ObservationReading(.spo2, 93, oxygen: OxygenSupport(mode: .litres, amount: 5))])
        let spo2 = try await store.logObservations(set, by: nurse.id)[0].record
        try await openHistory(as: nurse)
        await press(.enter)
        let form = try XCTUnwrap(shell.front as? MeasurementFormScreen)
        XCTAssertEqual(form.state.fields.map(\.id), ["time", "kind", "value", "oxygen", "o2amount", "notes"])
        XCTAssertEqual(form.state.text("o2amount"), "5")
        await press(.tab, .tab, .tab, .tab, .ctrl("u"))
        await type("0.5")
        await press(.enter)
        let stored = try await store.measurement(id: spo2.id)
        XCTAssertEqual(stored?.value, 93)
        XCTAssertEqual(stored?.oxygen, OxygenSupport(mode: .litres, amount: 0.5))
        // Room air: no amount field, and none stored.
        await press(.enter)
        let again = try XCTUnwrap(shell.front as? MeasurementFormScreen)
        await press(.tab, .tab, .tab, .left)      // litres/min → room air
        XCTAssertEqual(again.state.fields.map(\.id), ["time", "kind", "value", "oxygen", "notes"])
        await press(.enter)
        let air = try await store.measurement(id: spo2.id)
        XCTAssertEqual(air?.oxygen, .air)
    }

    func testDeletingAMeasurementTakesItOffTheChart() async throws {
        let (nurse, ada) = try await seedCot()
        let length = try await store.logMeasurement(MeasurementDraft(patientId: ada.id, measuredAt: Self.now,
                                                                     kind: .length, value: 145), by: nurse.id).record
        try await openHistory(as: nurse)
        await press(.char("x"), .char("y"))
        let latest = try await store.latestMeasurements(patientId: ada.id)
        XCTAssertTrue(latest.isEmpty, "the 145 cm length is off the chart")
        await press(.char("u"))
        let back = try await store.measurement(id: length.id)
        XCTAssertNil(back?.deletedAt)
    }

    // MARK: Dose records

    func testEnterOnADoseRecordAsksForTheCorrectStatusAndAReason() async throws {
        let seed = try await seedMedications()
        try await openHistory(as: seed.nurse)
        // Newest first: the vitamin D dose given at 09:05, then gentamicin at 02:10.
        XCTAssertEqual(history.selectedEvent?.kind, .doseRecord)
        await press(.enter)
        let form = try XCTUnwrap(shell.front as? DoseCorrectionScreen, "Enter on a dose record opens a correction")
        XCTAssertEqual(form.status, .given)
        // Status: 2 = withheld; then the withheld reason (3 = vomited), then the reason.
        await press(.char("2"), .tab, .char("3"), .tab, .enter)
        XCTAssertTrue(shell.front is DoseCorrectionScreen, "the reason is required")
        await type("charted on the wrong drug")
        await press(.enter)
        let stored = try await storedDose(seed.vitaminD, at: today("09:00"))
        XCTAssertEqual(stored?.status, .withheld)
        XCTAssertEqual(stored?.withheldReason, .vomited)
        XCTAssertEqual(stored?.notes, "Correction: charted on the wrong drug")
        XCTAssertTrue(shell.front is HistoryScreen)
        await press(.char("u"))
        let undone = try await storedDose(seed.vitaminD, at: today("09:00"))
        XCTAssertEqual(undone?.status, .given)
    }

    func testDeletingADoseRecordAsksAndIsUndoable() async throws {
        let seed = try await seedMedications()
        try await openHistory(as: seed.nurse)
        await press(.char("x"), .char("y"))
        let left = try await storedDose(seed.vitaminD, at: today("09:00"))
        XCTAssertNil(left, "the vitamin D record is deleted (the slot is open again)")
        await press(.char("u"))
        let back = try await storedDose(seed.vitaminD, at: today("09:00"))
        XCTAssertEqual(back?.status, .given)
    }

    // MARK: As-needed doses

    func testAnAsNeededDoseIsEditedAndDeletedFromHistory() async throws {
        let seed = try await seedMedications()
        let dose = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: seed.ibuprofen.id,
                                                                     givenAt: Self.now.addingTimeInterval(-120)), by: seed.nurse.id).record
        try await openHistory(as: seed.nurse)
        XCTAssertEqual(history.selectedEvent?.kind, .asNeededDose)
        await press(.enter)
        let form = try XCTUnwrap(shell.front as? AsNeededDoseFormScreen, "Enter on an as-needed dose opens its form")
        XCTAssertEqual(form.state.text("amount"), "7")
        await press(.tab, .ctrl("u"))
        await type("3.5")
        await press(.tab)
        await type("half dose, spat out")
        await press(.enter)
        var stored = try await store.asNeededDose(id: dose.id)
        XCTAssertEqual(stored?.doseAmount, 3.5)
        XCTAssertEqual(stored?.notes, "half dose, spat out")
        await press(.char("x"), .char("y"))
        stored = try await store.asNeededDose(id: dose.id)
        XCTAssertNotNil(stored?.deletedAt)
        await press(.char("u"))
        stored = try await store.asNeededDose(id: dose.id)
        XCTAssertNil(stored?.deletedAt)
    }

    func testMovingAnAsNeededDoseInsideTheIntervalAsksForAnOverrideReason() async throws {
        let seed = try await seedMedications()
        _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: seed.ibuprofen.id,
                                                              givenAt: Self.now.addingTimeInterval(-8 * 3600)), by: seed.nurse.id)
        let late = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: seed.ibuprofen.id,
                                                                     givenAt: Self.now.addingTimeInterval(-60)), by: seed.nurse.id).record
        try await openHistory(as: seed.nurse)
        await press(.enter)
        XCTAssertTrue(shell.front is AsNeededDoseFormScreen)
        // 3 hours after the first dose: inside ibuprofen's 6-hour interval.
        await press(.ctrl("u"))
        await type("2026-11-21 09:05")
        await press(.enter)
        XCTAssertTrue(shell.front is PromptScreen, "the rule refuses; an override reason is asked")
        XCTAssertTrue(messageText?.hasPrefix("Refused:") == true, messageText ?? "")
        var stored = try await store.asNeededDose(id: late.id)
        XCTAssertEqual(stored?.givenAt, late.givenAt, "nothing stored yet")
        await type("consultant agreed")
        await press(.enter)
        stored = try await store.asNeededDose(id: late.id)
        XCTAssertEqual(stored?.givenAt, today("09:05"))
        XCTAssertEqual(stored?.overrideReason, "consultant agreed")
        XCTAssertTrue(shell.front is HistoryScreen)
    }
}
