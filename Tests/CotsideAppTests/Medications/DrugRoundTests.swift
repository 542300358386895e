import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The Medications tab's drug round: the golden screen, recording given / withheld / snooze,
/// several marked slots in one record, undo, and the overdue reminder with its bell.
@MainActor
final class DrugRoundTests: WardTestCase {
    var meds: MedicationsScreen { shell.tabs[3] as! MedicationsScreen }

    func openRound() async throws -> MedicationSeed {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("4"))
        return seed
    }

    /// At 80×24 the columns that carry safety information are the last to shrink: every dose
    /// and route shows whole, on the round and on the patient's list, and the status line
    /// keeps the signed-in user beside the dose counts.
    func testAt80ColumnsDoseRouteAndUserSurvive() async throws {
        _ = try await openRound()
        var lines = screen(width: 80, height: 24)
        for (drug, dose) in [("paracetamol", "45 mg oral"), ("caffeine citrate", "5 mg oral"), ("gentamicin", "7 mg IV")] {
            let row = lines.first { $0.contains(drug) } ?? ""
            XCTAssertTrue(row.contains(dose), "\(drug) shows \(dose) whole:\n\(lines.joined(separator: "\n"))")
        }
        XCTAssertTrue(lines[22].contains("User: Nia Nurse (NN)"), lines[22])
        XCTAssertTrue(lines[22].contains("Doses 2 due · 1 overdue"), lines[22])
        await press(.char("v"))
        lines = screen(width: 80, height: 24)
        for (drug, dose) in [("caffeine citrate", "5 mg oral"), ("paracetamol", "45 mg oral"), ("vitamin D", "400 units oral")] {
            let row = lines.first { $0.contains(drug) } ?? ""
            XCTAssertTrue(row.contains(dose), "\(drug) shows \(dose) whole:\n\(lines.joined(separator: "\n"))")
        }
        XCTAssertTrue(lines[1].hasPrefix(" Bed 3 Ada Lovelace · 7-day adhere… [All 3]"), "the chips do not overwrite the name: \(lines[1])")
    }

    func testDrugRoundGroupsOverdueFirst() async throws {
        _ = try await openRound()
        // 13:00 paracetamol is overdue (window + grace ended 14:00); the 14:00 group holds
        // bed 3 caffeine and bed 10 gentamicin in bed order. Vitamin D (given) and the
        // as-needed ibuprofen are not on the round.
        assertScreen(Golden.drugRound)
        XCTAssertEqual(meds.items.map(\.medication.drugName), ["paracetamol", "caffeine citrate", "gentamicin"])
        XCTAssertEqual(shell.context.doseCounts, DoseCounts(due: 2, overdue: 1))
    }

    func testEnterRecordsGivenAndUndoTakesItBack() async throws {
        let seed = try await openRound()
        await press(.enter)
        let given = try await storedDose(seed.paracetamol, at: today("13:00"))
        XCTAssertEqual(given?.status, .given)
        XCTAssertEqual(given?.recordedBy, seed.nurse.id)
        XCTAssertEqual(given?.recordedAt, Self.now)
        XCTAssertEqual(messageText, "Recorded given: bed 3 paracetamol at 14:05 — press u to undo")
        XCTAssertEqual(meds.items.count, 2, "the round reloads without the recorded slot")
        XCTAssertEqual(shell.context.doseCounts, DoseCounts(due: 2, overdue: 0))

        await press(.char("u"))
        let undone = try await storedDose(seed.paracetamol, at: today("13:00"))
        XCTAssertNil(undone?.liveStatus)
        XCTAssertEqual(messageText, "Undone: given: bed 3 paracetamol")
        XCTAssertEqual(meds.items.count, 3)
    }

    func testWithheldAsksTheReason() async throws {
        let seed = try await openRound()
        await press(.char("j"), .char("w"))
        XCTAssertTrue(shell.front is ChoiceScreen)
        XCTAssertTrue(screenText().contains("Why was it withheld?"))
        // 1 refused, 2 nil by mouth, ...
        await press(.char("2"))
        let withheld = try await storedDose(seed.caffeine, at: today("14:00"))
        XCTAssertEqual(withheld?.status, .withheld)
        XCTAssertEqual(withheld?.withheldReason, .nilByMouth)
        XCTAssertEqual(messageText, "Recorded withheld (nil by mouth): bed 3 caffeine citrate at 14:05 — press u to undo")
    }

    func testEscapeFromTheReasonStoresNothing() async throws {
        let seed = try await openRound()
        await press(.char("w"), .escape)
        let stored = try await storedDose(seed.paracetamol, at: today("13:00"))
        XCTAssertNil(stored)
        XCTAssertTrue(shell.front is MedicationsScreen, "\(Swift.type(of: shell.front))")
    }

    /// The shift's defect: withhold, undo, then snooze the same slot must leave it open and
    /// snoozed — never "withheld" again.
    func testWithholdUndoSnoozeLeavesTheSlotDueNotWithheld() async throws {
        let seed = try await openRound()
        await press(.char("j"), .char("j"), .char("w"), .char("6"))  // withheld: other, which asks why in words
        await type("line blocked")
        await press(.enter)
        let withheld = try await storedDose(seed.gentamicin, at: today("14:00"))
        XCTAssertEqual(withheld?.withheldReason, .other)
        await press(.char("u"))
        await press(.char("j"), .char("j"), .char("z"), .char("2"))
        let slot = try await storedDose(seed.gentamicin, at: today("14:00"))
        XCTAssertNil(slot?.status, "the undone withholding does not come back under the snooze")
        XCTAssertEqual(slot?.snoozedUntil, Self.now.addingTimeInterval(30 * 60))
        XCTAssertEqual(meds.items.map(\.medication.drugName), ["paracetamol", "caffeine citrate", "gentamicin"])
    }

    /// A round that has not refreshed since another workstation gave the dose refuses to give it
    /// again, naming who gave it and when.
    func testGivingADoseAnotherWorkstationGaveIsRefused() async throws {
        let seed = try await openRound()
        let other = try await addStaff("Ama Owusu", "AO")
        _ = try await store.recordDose(DoseRecordDraft(medicationId: seed.paracetamol.id, scheduledAt: today("13:00"),
                                                       status: .given, recordedAt: today("14:03")), by: other.id)
        await press(.enter)
        XCTAssertTrue(messageText?.hasPrefix("the 13:00 dose of paracetamol is already given by AO at 14:03") == true, messageText ?? "")
        let stored = try await storedDose(seed.paracetamol, at: today("13:00"))
        XCTAssertEqual(stored?.recordedBy, other.id, "the first record stands")
    }

    /// Two nurses on one round is when this refusal is met: it is worded in the screen's language.
    func testTheRefusalOfADoseAnotherWorkstationGaveIsInTheScreensLanguage() async throws {
        let seed = try await openRound()
        shell.update { $0.language = "de" }
        let other = try await addStaff("Ama Owusu", "AO")
        _ = try await store.recordDose(DoseRecordDraft(medicationId: seed.paracetamol.id, scheduledAt: today("13:00"),
                                                       status: .given, recordedAt: today("14:03")), by: other.id)
        await press(.enter)
        XCTAssertTrue(messageText?.hasPrefix("Die 13:00-Gabe von paracetamol ist bereits verabreicht von AO um 14:03") == true,
                      messageText ?? "")
    }

    func testSnoozeMovesTheDueTimeKeepingTheSlot() async throws {
        let seed = try await openRound()
        await press(.char("j"), .char("j"), .char("z"))
        await press(.char("2"))  // 30 minutes
        let snoozed = try await storedDose(seed.gentamicin, at: today("14:00"))
        XCTAssertNil(snoozed?.status, "a snooze is not a final status")
        XCTAssertEqual(snoozed?.snoozedUntil, Self.now.addingTimeInterval(30 * 60))
        XCTAssertEqual(messageText, "bed 10 gentamicin snoozed 30 min, due again 14:35 — press u to undo")
        let item = meds.items.first { $0.medication.id == seed.gentamicin.id }
        XCTAssertEqual(item?.dueAt, today("14:35"))
        XCTAssertEqual(item?.slot.scheduledAt, today("14:00"), "snoozing keeps the slot's identity")
        XCTAssertTrue(screenText().contains("14:35z"), "the snoozed due time is shown whole, marked z:\n\(screenText())")
    }

    func testMarkedSlotsAreRecordedTogetherAndUndoneTogether() async throws {
        let seed = try await openRound()
        // Space marks paracetamol (and moves down), Down skips caffeine, Space marks gentamicin.
        await press(.char(" "), .char("j"), .char(" "))
        XCTAssertTrue(screenText().contains("2 marked"))
        await press(.enter)
        let p = try await storedDose(seed.paracetamol, at: today("13:00"))
        let c = try await storedDose(seed.caffeine, at: today("14:00"))
        let g = try await storedDose(seed.gentamicin, at: today("14:00"))
        XCTAssertEqual(p?.status, .given)
        XCTAssertNil(c, "the unmarked slot is left alone")
        XCTAssertEqual(g?.status, .given)
        XCTAssertEqual(meds.marked.count, 0)
        await press(.char("u"))
        let p2 = try await storedDose(seed.paracetamol, at: today("13:00"))
        let g2 = try await storedDose(seed.gentamicin, at: today("14:00"))
        XCTAssertNil(p2?.liveStatus)
        XCTAssertNil(g2?.liveStatus)
    }

    func testRecordingNeedsSomeoneAtTheKeyboard() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await press(.char("4"), .enter)
        let stored = try await storedDose(seed.paracetamol, at: today("13:00"))
        XCTAssertNil(stored)
        XCTAssertEqual(shell.message?.kind, .warning)
    }

    func testEmptyRoundSaysSo() async throws {
        try await startShell()
        await press(.char("4"))
        XCTAssertTrue(screenText().contains("Nothing is due on the ward now"))
    }

    func testNewlyOverdueSlotRingsOnceAndNamesCotAndDrug() async throws {
        _ = try await openRound()
        let reminder = DoseReminder()
        let first = try await store.dueBoard(now: Self.now, timeZone: Self.utc)
        XCTAssertFalse(bells(reminder.update(first, shell.context)), "slots overdue at start do not ring")
        // At 15:05 the 14:00 slots (caffeine, gentamicin) have passed window + grace too.
        let later = try await store.dueBoard(now: Self.now.addingTimeInterval(3600), timeZone: Self.utc)
        let intent = reminder.update(later, shell.context)
        XCTAssertTrue(bells(intent))
        XCTAssertEqual(message(intent), "! 2 doses now overdue: 3 caffeine citrate, 10 gentamicin")
        XCTAssertFalse(bells(reminder.update(later, shell.context)), "the same overdue slots ring once")
    }

    func testBellCanBeTurnedOff() async throws {
        _ = try await openRound()
        shell.context.preferences.bellOnOverdue = false
        let reminder = DoseReminder()
        _ = reminder.update(try await store.dueBoard(now: Self.now, timeZone: Self.utc), shell.context)
        let intent = reminder.update(try await store.dueBoard(now: Self.now.addingTimeInterval(3600), timeZone: Self.utc), shell.context)
        XCTAssertFalse(bells(intent))
        XCTAssertNotNil(message(intent), "the message line still names them")
    }

    func testBellIntentReachesTheRunner() async throws {
        try await startShell()
        shell.apply(.bell, from: shell.front)
        XCTAssertEqual(shell.pendingBells, 1)
    }

    private func flatten(_ intent: Intent) -> [Intent] {
        if case .all(let list) = intent { return list.flatMap(flatten) }
        return [intent]
    }

    private func bells(_ intent: Intent) -> Bool {
        flatten(intent).contains { if case .bell = $0 { return true } else { return false } }
    }

    private func message(_ intent: Intent) -> String? {
        for i in flatten(intent) { if case .message(let m) = i { return m.text } }
        return nil
    }
}
