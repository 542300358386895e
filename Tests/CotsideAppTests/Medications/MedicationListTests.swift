import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// A patient's medication list on the Medications tab: the golden screen, the filter chips,
/// pause / resume, stop, and as-needed doses refused by the interval rule unless overridden.
@MainActor
final class MedicationListTests: WardTestCase {
    var meds: MedicationsScreen { shell.tabs[3] as! MedicationsScreen }

    func openList(_ pick: (MedicationSeed) -> Patient) async throws -> MedicationSeed {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.nurse)
        shell.apply(.session(.selectedPatient(pick(seed))), from: shell.front)
        await press(.char("4"), .char("v"))
        return seed
    }

    func testAdasMedicationList() async throws {
        _ = try await openList(\.ada)
        // Paracetamol's 13:00 slot is overdue → Attention; vitamin D was given at 09:05 and
        // its 7-day adherence counts the missed earlier days (1 given of 3 decided slots).
        assertScreen(Golden.medicationList)
    }

    /// A time that is not today carries its day, at 80 columns too: vitamin D's next dose is
    /// tomorrow 09:00 and paracetamol was last given yesterday, neither of them today.
    func testTimesNotTodayCarryTheirDayAt80Columns() async throws {
        let seed = try await seedMedications()
        let yesterday = today("13:00").addingTimeInterval(-86_400)
        _ = try await store.recordDose(DoseRecordDraft(
            medicationId: seed.paracetamol.id, scheduledAt: yesterday, status: .given, recordedAt: yesterday), by: seed.nurse.id)
        try await startShell()
        await signIn(seed.nurse)
        shell.apply(.session(.selectedPatient(seed.ada)), from: shell.front)
        await press(.char("4"), .char("v"))
        let lines = screen(width: 80, height: 24)
        let vitaminD = try XCTUnwrap(lines.first { $0.contains("vitamin D") }, "\n" + lines.joined(separator: "\n"))
        XCTAssertTrue(vitaminD.contains("tomorrow 09:00"), vitaminD)
        XCTAssertTrue(vitaminD.contains("given 09:05"), "today's time stays bare: " + vitaminD)
        let paracetamol = try XCTUnwrap(lines.first { $0.contains("paracetamol") }, "\n" + lines.joined(separator: "\n"))
        XCTAssertTrue(paracetamol.contains("given yesterday 13:00"), paracetamol)
        XCTAssertTrue(paracetamol.contains("✖ 13:00"), "today's overdue slot: " + paracetamol)
    }

    func testFilterChipsCycle() async throws {
        let seed = try await openList(\.ada)
        XCTAssertEqual(meds.filter, .all)
        XCTAssertEqual(meds.rows.count, 3)
        await press(.char("f"), .char("f"), .char("f"))
        XCTAssertEqual(meds.filter, .attention)
        XCTAssertTrue(meds.rows.contains { $0.medication.id == seed.paracetamol.id })
        XCTAssertTrue(screenText().contains("[Attention"))
        await press(.char("f"))
        XCTAssertEqual(meds.filter, .all)
    }

    func testPauseResumeAndStop() async throws {
        let seed = try await openList(\.ada)
        await signIn(seed.doctor)  // pausing and stopping are prescribing
        // Rows by drug name: caffeine citrate, paracetamol, vitamin D.
        await press(.char("P"))
        var caffeine = try await store.medication(id: seed.caffeine.id)
        XCTAssertEqual(caffeine?.isPaused, true)
        XCTAssertEqual(messageText, "Paused caffeine citrate")
        await press(.char("f"), .char("f"))
        XCTAssertEqual(meds.rows.map(\.medication.drugName), ["caffeine citrate"], "the Paused chip")
        await press(.char("P"))
        caffeine = try await store.medication(id: seed.caffeine.id)
        XCTAssertEqual(caffeine?.isPaused, false)

        await press(.char("f"), .char("f"), .char("f"))  // back to All
        await press(.char("S"))
        XCTAssertTrue(shell.front is ChoiceScreen)
        await press(.char("2"))
        caffeine = try await store.medication(id: seed.caffeine.id)
        XCTAssertEqual(caffeine?.endsAt, Self.now)
    }

    func testAsNeededDoseRefusedInsideTheIntervalUnlessOverridden() async throws {
        let seed = try await openList(\.bo)
        // Bo's rows: gentamicin, ibuprofen.
        await press(.char("j"), .char("g"))
        var doses = try await store.asNeededDoses(medicationId: seed.ibuprofen.id, from: Self.now.addingTimeInterval(-86_400), to: Self.now.addingTimeInterval(60))
        XCTAssertEqual(doses.count, 1)
        XCTAssertEqual(messageText, "Gave as-needed bed 10 ibuprofen at 14:05 — press u to undo")

        await press(.char("g"))
        XCTAssertTrue(shell.front is PromptScreen, "a second dose inside 6 h asks for an override reason")
        doses = try await store.asNeededDoses(medicationId: seed.ibuprofen.id, from: Self.now.addingTimeInterval(-86_400), to: Self.now.addingTimeInterval(60))
        XCTAssertEqual(doses.count, 1, "nothing stored before the override is confirmed")
        await type("fever 39.5 after review")
        await press(.enter)
        doses = try await store.asNeededDoses(medicationId: seed.ibuprofen.id, from: Self.now.addingTimeInterval(-86_400), to: Self.now.addingTimeInterval(60))
        XCTAssertEqual(doses.count, 2)
        XCTAssertTrue(doses.contains { $0.overrideReason == "fever 39.5 after review" })
    }

    func testNoPatientChosenSaysHowToChoose() async throws {
        try await startShell()
        await press(.char("4"), .char("v"))
        XCTAssertTrue(screenText().contains("No patient chosen: press p to choose one"))
    }

    func testVShowsTheDashboardsCotOrWithNobodyChosenTheSelectedSlotsCot() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.nurse)
        // Round order: paracetamol (bed 3), caffeine (bed 3), gentamicin (bed 10).
        await press(.char("4"), .char("j"), .char("j"), .char("v"))
        XCTAssertEqual(shell.context.selectedPatient?.id, seed.ada.id, "the Dashboard's cot, bed 3")
        XCTAssertTrue(screenText().contains("Bed 3 Ada Lovelace"))
        await press(.char("v"))
        shell.apply(.session(.selectedPatient(nil)), from: shell.front)  // the whole ward chosen: nobody
        await shell.settle()
        await press(.char("v"))
        XCTAssertEqual(shell.context.selectedPatient?.id, seed.bo.id)
        XCTAssertEqual(meds.rows.map(\.medication.drugName), ["gentamicin", "ibuprofen"])
        XCTAssertTrue(screenText().contains("Bed 10 Bo Preterm"))
        await press(.char("v"))
        XCTAssertEqual(meds.view, .round)
        // A chosen patient is kept: v on bed 3's slot still shows Bo.
        await press(.char("k"), .char("v"))
        XCTAssertEqual(meds.rows.map(\.medication.drugName), ["gentamicin", "ibuprofen"])
    }
}
