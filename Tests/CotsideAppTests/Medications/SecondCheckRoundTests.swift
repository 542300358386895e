import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// On the drug round: withheld "other" asks for the reason in words, and a dose of a drug on the
/// ward's second-check list asks for the second member (and their PIN where PINs are required)
/// before it is stored, with both names kept and shown.
@MainActor
final class SecondCheckRoundTests: WardTestCase {
    var meds: MedicationsScreen { shell.tabs[3] as! MedicationsScreen }

    func openRound(list: String = "") async throws -> MedicationSeed {
        let seed = try await seedMedications()
        if !list.isEmpty { _ = try await store.updateSettings([.secondCheck: list], by: seed.nurse.id) }
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("4"))
        return seed
    }

    func testWithheldOtherAsksForTheReasonInWords() async throws {
        let seed = try await openRound()
        await press(.char("j"), .char("w"), .char("6"))
        XCTAssertTrue(shell.front is PromptScreen, "other asks for words")
        XCTAssertTrue(screenText().contains("Withheld for another reason"), screenText())
        await press(.enter)
        XCTAssertEqual(messageText, "Say in words why the dose was withheld; nothing was stored")
        XCTAssertTrue(shell.front is PromptScreen)
        let none = try await storedDose(seed.caffeine, at: today("14:00"))
        XCTAssertNil(none, "nothing stored")
        await type("baby in theatre")
        await press(.enter)
        let withheld = try await storedDose(seed.caffeine, at: today("14:00"))
        XCTAssertEqual(withheld?.withheldReason, .other)
        XCTAssertEqual(withheld?.notes, "baby in theatre")
        XCTAssertTrue(shell.front is MedicationsScreen, "the prompt closes once stored")
        XCTAssertEqual(messageText, "Recorded withheld (other): bed 3 caffeine citrate at 14:05 — press u to undo")
    }

    /// Golden: the second-check form at 80×24 on a ward without PINs (initials only).
    static let checkForm = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         ┌ Second check ──────────────────────────────────────────────────────────────┐
         │ On the ward's second-check list (gentamicin): check each dose, then sign   │
         │ Bed 10 · Bo Preterm                                                        │
         │   gentamicin 7 mg IV · due 14:00                                           │
         │                                                                            │
         │ Checker's initials                        ✖ is required                    │
         │ Enter saves · Tab/↓ next field · ←/→ change a choice · Esc back            │
         └────────────────────────────────────────────────────────────────────────────┘













         Ward · Doses 2 due · 1 overdue  User: Nia Nurse (NN)          Sat 21 Nov 14:05
        Enter Save  Esc Back
        """#

    func testAGivenDoseOnTheListAsksForTheSecondMember() async throws {
        let seed = try await openRound(list: "gentamicin")
        await press(.char("j"), .char("j"), .enter)
        XCTAssertTrue(shell.front is SecondCheckScreen, "gentamicin asks for a checker")
        assertScreen(Self.checkForm, width: 80, height: 24)
        await type("NN")
        await press(.enter)
        XCTAssertEqual(messageText, "The second checker must be someone other than you")
        let none = try await storedDose(seed.gentamicin, at: today("14:00"))
        XCTAssertNil(none?.liveStatus, "nothing stored")
        await press(.backspace, .backspace)
        await type("DD")
        await press(.enter)
        let given = try await storedDose(seed.gentamicin, at: today("14:00"))
        XCTAssertEqual(given?.status, .given)
        XCTAssertEqual(given?.recordedBy, seed.nurse.id)
        XCTAssertEqual(given?.checkedBy, seed.doctor.id)
        XCTAssertTrue(shell.front is MedicationsScreen)
        XCTAssertEqual(messageText, "Recorded given, checked by DD: bed 10 gentamicin at 14:05 — press u to undo")
        // A drug not on the list is given at once.
        await press(.home, .enter)
        XCTAssertTrue(shell.front is MedicationsScreen)
        let paracetamol = try await storedDose(seed.paracetamol, at: today("13:00"))
        XCTAssertEqual(paracetamol?.status, .given)
        XCTAssertNil(paracetamol?.checkedBy)
    }

    func testTheCheckersPinIsCheckedWherePinsAreRequired() async throws {
        let seed = try await seedMedications()
        _ = try await store.updateSettings([.secondCheck: "route:iv"], by: seed.nurse.id)
        try await givePin(seed.doctor, "2468")
        try await requirePins(true)
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("4"), .char("j"), .char("j"), .enter)
        let form = try XCTUnwrap(shell.front as? SecondCheckScreen)
        XCTAssertNotNil(form.state["pin"], "the PIN is asked on a ward that requires PINs")
        await type("DD")
        await press(.tab)
        await type("1111")
        await press(.enter)
        XCTAssertEqual(messageText, "Wrong PIN for DD; 4 tries left before a 5-minute lock-out")
        XCTAssertEqual(form.state.text("pin"), "", "the typed PIN is not kept")
        let none = try await storedDose(seed.gentamicin, at: today("14:00"))
        XCTAssertNil(none?.liveStatus)
        await type("2468")
        await press(.enter)
        let given = try await storedDose(seed.gentamicin, at: today("14:00"))
        XCTAssertEqual(given?.checkedBy, seed.doctor.id)
        let failures = try await store.auditTrail(AuditFilter(actions: [.pinFailed]), olderThan: nil, limit: 5)
        XCTAssertTrue(failures.first?.entry.afterJSON?.contains("secondCheck") == true)
    }

    /// The patient's list shows who checked the latest dose; an antibiotic says it is not judged.
    func testTheListShowsTheCheckerAndAntibioticsAreNotJudged() async throws {
        let seed = try await seedMedications()
        _ = try await store.updateMedication(id: seed.gentamicin.id, MedicationDraft(
            patientId: seed.bo.id, drugName: "gentamicin", doseAmount: 7, doseUnit: .mg, route: .iv, schedule: .everyHours(12),
            startsAt: seed.gentamicin.startsAt, category: .antibiotic), by: seed.doctor.id)
        _ = try await store.recordDose(DoseRecordDraft(medicationId: seed.gentamicin.id, scheduledAt: today("14:00"), status: .given,
                                                       recordedAt: Self.now, checkedBy: seed.doctor.id), by: seed.nurse.id)
        try await startShell()
        await signIn(seed.nurse)
        shell.apply(.session(.selectedPatient(seed.bo)), from: shell.front)
        await press(.char("4"), .char("v"))
        let row = screen(width: 140).first { $0.contains("gentamicin") } ?? ""
        XCTAssertTrue(row.contains("given 14:05, checked DD"), row)
        XCTAssertTrue(row.contains("not judged (antibiotic)"), row)
        await press(.char("5"))
        let trends = screenText(width: 160, height: 120)
        XCTAssertTrue(trends.contains("Not judged: gentamicin. Antibiotics act on an infection"), trends)
    }

    /// The list is a ward setting: on the Ward settings form with its meaning, checked by the store.
    func testTheListIsEditedOnTheWardSettingsForm() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await press(.char("s"), .down, .down, .enter)
        let form = try XCTUnwrap(shell.front as? WardSettingsScreen)
        while form.state.fields[form.state.focus].id != "secondCheck" { await press(.tab) }
        XCTAssertTrue(screenText(height: 40).contains("Doses of these drugs, categories and routes need a second member's"),
                      screenText(height: 40))
        await type("gentamicin, route:vein")
        await press(.enter)
        XCTAssertTrue(messageText?.contains("route:vein is not a route") == true, messageText ?? "")
        XCTAssertTrue(shell.front is WardSettingsScreen, "refused, still open")
        for _ in 0..<"route:vein".count { await press(.backspace) }
        await type("category:antibiotic")
        await press(.enter)
        let saved = try await store.settings()
        XCTAssertEqual(saved.secondCheck.text, "gentamicin, category:antibiotic")
        XCTAssertEqual(shell.context.wardSettings.secondCheck, saved.secondCheck, "the round reads the new list at once")
    }

    /// History's row names the checker, and the record's audit trail names both members.
    func testHistoryAndTheAuditTrailNameTheChecker() async throws {
        let seed = try await openRound(list: "gentamicin")
        await press(.char("j"), .char("j"), .enter)
        await type("DD")
        await press(.enter)
        await press(.char("2"))
        XCTAssertTrue(screenText(width: 140).contains("14:00 slot · checked by DD"), screenText(width: 140))
        await press(.char("a"))
        let trail = try XCTUnwrap(shell.front as? RecordTrailScreen)
        XCTAssertEqual(trail.entity, .doseRecord)
        let text = screenText(width: 100, height: 40)
        XCTAssertTrue(text.contains("checked by") && text.contains("DD Dan Doctor"), text)
        XCTAssertTrue(text.contains("NN Nia Nurse"), text)
        _ = seed
    }

    /// `g` on an as-needed drug on the list asks for the checker too; a dose the interval rule
    /// refuses then asks for the override reason and keeps the checker.
    func testAnAsNeededDoseOnTheListIsCheckedAndKeepsItsCheckerThroughAnOverride() async throws {
        let seed = try await seedMedications()
        _ = try await store.updateSettings([.secondCheck: "ibuprofen"], by: seed.nurse.id)
        try await startShell()
        await signIn(seed.nurse)
        shell.apply(.session(.selectedPatient(seed.bo)), from: shell.front)
        await press(.char("4"), .char("v"), .char("j"), .char("g"))  // Bo's rows: gentamicin, ibuprofen
        XCTAssertTrue(shell.front is SecondCheckScreen)
        await type("DD")
        await press(.enter)
        XCTAssertEqual(messageText, "Gave as-needed bed 10 ibuprofen, checked by DD at 14:05 — press u to undo")
        await press(.char("g"))
        await type("DD")
        await press(.enter)
        XCTAssertTrue(shell.front is PromptScreen, "inside 6 h: the override reason is asked")
        await type("fever 39.5 after review")
        await press(.enter)
        let doses = try await store.asNeededDoses(medicationId: seed.ibuprofen.id, from: Self.now.addingTimeInterval(-86_400),
                                                  to: Self.now.addingTimeInterval(60))
        XCTAssertEqual(doses.map(\.checkedBy), [seed.doctor.id, seed.doctor.id])
        XCTAssertEqual(doses.last?.overrideReason, "fever 39.5 after review")
        XCTAssertTrue(shell.front is MedicationsScreen)
    }

    /// The checker sees what they sign for: patient and bed, drug, dose with unit, route and the
    /// slot's time; doses given together are each listed, under their patient.
    func testTheCheckShowsEachDoseInFull() async throws {
        _ = try await openRound(list: "gentamicin, caffeine citrate")
        await press(.char("j"), .char(" "), .char(" "))  // caffeine citrate (bed 3) and gentamicin (bed 10)
        await press(.enter)
        XCTAssertTrue(shell.front is SecondCheckScreen)
        let text = screenText()
        XCTAssertTrue(text.contains("Bed 3 · Ada Lovelace"), text)
        XCTAssertTrue(text.contains("caffeine citrate 5 mg oral · due 14:00"), text)
        XCTAssertTrue(text.contains("Bed 10 · Bo Preterm"), text)
        XCTAssertTrue(text.contains("gentamicin 7 mg IV · due 14:00"), text)
    }

    /// An as-needed dose on the list: the check says it is as-needed and the time it is given.
    func testAnAsNeededCheckSaysAsNeededWithTheTime() async throws {
        let seed = try await seedMedications()
        _ = try await store.updateSettings([.secondCheck: "ibuprofen"], by: seed.nurse.id)
        try await startShell()
        await signIn(seed.nurse)
        shell.apply(.session(.selectedPatient(seed.bo)), from: shell.front)
        await press(.char("4"), .char("v"), .char("j"))  // Bo's rows: gentamicin, ibuprofen
        await press(.char("g"))
        XCTAssertTrue(shell.front is SecondCheckScreen, screenText())
        let text = screenText()
        XCTAssertTrue(text.contains("Bed 10 · Bo Preterm"), text)
        XCTAssertTrue(text.contains("ibuprofen 7 mg oral · as-needed, now 14:05"), text)
    }

    /// Many doses marked at once: at most `shownLines` lines, so the form keeps its initials field
    /// on 80×24, and it says how many more doses it covers than it lists.
    func testManyDosesAndLongNamesStillFitWithTheInitialsField() async throws {
        let seed = try await seedMedications()
        try await startShell()
        let lines = CheckedDose.lines(Array(repeating: CheckedDose(bedLabel: "3", patientName: "Ada Lovelace", medication: seed.gentamicin,
                                                                    scheduledAt: Self.now), count: 14), shell.context)
        XCTAssertEqual(lines.count, CheckedDose.shownLines + 1)
        XCTAssertEqual(lines.last, "… and 5 more doses, as marked on the round")
        // A drug name too long for 80 columns gets a line of its own: dose, route and time stay in sight.
        var long = seed.gentamicin
        long.drugName = "gentamicin sulfate in sodium chloride 0.9% premixed paediatric infusion bag"
        let split = CheckedDose(bedLabel: "10", patientName: "Bo Preterm", medication: long, scheduledAt: Self.now).lines(shell.context)
        XCTAssertEqual(split, ["  gentamicin sulfate in sodium chloride 0.9% premixed paediatric infusion bag",
                               "  7 mg IV · due 14:05"])
    }

    /// The checker is the member whose initials are typed, exactly: "LN" is Luca Novak even with
    /// Leo Nowak (LNA) on the ward.
    func testTheCheckersInitialsAreMatchedExactly() async throws {
        let seed = try await seedMedications()
        _ = try await store.updateSettings([.secondCheck: "gentamicin"], by: seed.nurse.id)
        _ = try await store.addStaff(StaffDraft(name: "Leo Nowak", initials: "LNA", role: .nurse), by: seed.nurse.id)
        let luca = try await store.addStaff(StaffDraft(name: "Luca Novak", initials: "LN", role: .nurse), by: seed.nurse.id).record
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("4"), .char("j"), .char("j"), .enter)
        await type("ln")
        await press(.enter)
        let given = try await storedDose(seed.gentamicin, at: today("14:00"))
        XCTAssertEqual(given?.checkedBy, luca.id)
    }
}
