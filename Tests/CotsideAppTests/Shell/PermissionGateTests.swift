import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// What a member may not do is greyed where it is offered (function bar, help overlay, palette)
/// and refused where it is done (a key, a palette item, the one write path): the message line
/// says who may, in the permission table's words, the refusal is in the trail once, and nothing
/// else happens. Seed: `seedMedications` (NN a nurse and the ward admin, DD a doctor).
@MainActor
final class PermissionGateTests: WardTestCase {
    static let prescribeRefusal = "only a doctor or a pharmacist may add, change, pause and stop medications; NN is a nurse (and a ward admin)"

    var meds: MedicationsScreen { shell.tabs[Tab.medications.rawValue] as! MedicationsScreen }

    /// Ada's medication list on the Medications tab, `member` at the keyboard.
    func openAdasList(as member: (MedicationSeed) -> Staff) async throws -> MedicationSeed {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(member(seed))
        shell.apply(.session(.selectedPatient(seed.ada)), from: shell.front)
        await press(.char("4"), .char("v"))
        XCTAssertEqual(meds.view, .patient)
        return seed
    }

    /// The refusals the trail holds for `member`.
    func refusals(_ member: Staff) async throws -> [AuditEntry] {
        try await store.auditEntries(entity: .staff, entityId: member.id).filter { $0.action == .refused }
    }

    /// The roles of the cells showing `text` on row `y` (first occurrence).
    func roles(of text: String, row y: Int, in buffer: Buffer) -> Set<StyleRole> {
        let line = buffer.lines[y]
        guard let range = line.range(of: text) else {
            XCTFail("row \(y) has no “\(text)”: \(line)")
            return []
        }
        let start = line.distance(from: line.startIndex, to: range.lowerBound)
        return Set((start..<start + text.count).map { buffer[$0, y].role })
    }

    func testANurseSeesThePrescribingKeysGreyedOnTheBarAndInTheHelp() async throws {
        _ = try await openAdasList(as: \.nurse)
        let buffer = shell.render(width: 80, height: 24)
        XCTAssertEqual(roles(of: "n New", row: 23, in: buffer), [.muted], buffer.lines[23])
        XCTAssertEqual(roles(of: "P Pause", row: 23, in: buffer), [.muted])
        XCTAssertEqual(roles(of: "Filter", row: 23, in: buffer), [.functionLabel], "what a nurse may do is not greyed")
        XCTAssertEqual(roles(of: "Give PRN", row: 23, in: buffer), [.functionLabel])
        let bindings = meds.keyMap(shell.context).bindings
        XCTAssertEqual(Set(bindings.filter { $0.disabledReason != nil }.map(\.action)),
                       ["meds.add", "meds.edit", "meds.pause", "meds.stop"])
        XCTAssertEqual(bindings.first { $0.action == "meds.add" }?.disabledReason, Self.prescribeRefusal)

        await press(.char("?"))
        let help = screenText(width: 120, height: 40)
        let lines = help.split(separator: "\n").map(String.init)
        let stop = try XCTUnwrap(lines.firstIndex { $0.contains("Stop the selected medication now") }, help)
        XCTAssertTrue(lines[stop + 1].contains("only a doctor or a pharmacist may add, change, pause and stop"), help)
        XCTAssertTrue(lines[stop + 2].contains("medications; NN is a nurse"), "wrapped in the box, not cut: \(help)")
    }

    func testANursePressingAddIsToldWhoMayAndTheRefusalIsRecordedOnceAndNothingElseHappens() async throws {
        let seed = try await openAdasList(as: \.nurse)
        await press(.char("n"))
        XCTAssertEqual(messageText, Self.prescribeRefusal)
        XCTAssertEqual(shell.message?.kind, .warning)
        XCTAssertTrue(shell.front === meds, "no medication form opens")
        let refused = try await refusals(seed.nurse)
        XCTAssertEqual(refused.count, 1)
        XCTAssertEqual(refused.first?.staffId, seed.nurse.id)
        XCTAssertTrue(refused.first?.afterJSON?.contains("\"permission\":\"prescribe\"") == true, "\(String(describing: refused.first?.afterJSON))")
        let stored = try await store.medications(patientId: seed.ada.id, includeEnded: true)
        XCTAssertEqual(stored.count, 3, "nothing stored")

        // Pausing from the palette is the same refusal, and recorded again.
        shell.perform("meds.pause")
        await shell.settle()
        XCTAssertEqual(messageText, Self.prescribeRefusal)
        let pausedNow = try await store.medications(patientId: seed.ada.id, includeEnded: true).filter(\.isPaused)
        XCTAssertEqual(pausedNow.count, 0)
        let refusedAgain = try await refusals(seed.nurse)
        XCTAssertEqual(refusedAgain.count, 2)
    }

    func testADoctorMayAddAMedication() async throws {
        _ = try await openAdasList(as: \.doctor)
        let buffer = shell.render(width: 80, height: 24)
        XCTAssertEqual(roles(of: "New", row: 23, in: buffer), [.functionLabel])
        await press(.char("n"))
        XCTAssertTrue(shell.front is MedicationFormScreen, screenText())
    }

    func testWhenTheWardLetsNursesPrescribeANurseMay() async throws {
        let seed = try await seedMedications()
        _ = try await store.updateSettings([.nursesPrescribe: "1"], by: nil)
        try await startShell()
        await signIn(seed.nurse)
        shell.apply(.session(.selectedPatient(seed.ada)), from: shell.front)
        await press(.char("4"), .char("v"))
        XCTAssertNil(meds.keyMap(shell.context).bindings.first { $0.action == "meds.add" }?.disabledReason)
        await press(.char("n"))
        XCTAssertTrue(shell.front is MedicationFormScreen, screenText())
    }

    func testTheWritePathRefusesAWriteThatNeedsAPermissionBeforeRunningIt() async throws {
        let seed = try await openAdasList(as: \.nurse)
        let draft = MedicationDraft(patientId: seed.ada.id, drugName: "morphine", doseAmount: 0.1, doseUnit: .mg, route: .iv,
                                    schedule: .everyHours(4), startsAt: Self.now)
        // `by: nil` is not checked by the store: only the write path stands in the way.
        shell.apply(.write(WardWrite(undoSummary: nil, needs: .prescribe) { repository in
            let saved = try await repository.addMedication(draft, by: nil)
            return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: "stored")
        }), from: shell.front)
        await shell.settle()
        XCTAssertEqual(messageText, Self.prescribeRefusal)
        let stored = try await store.medications(patientId: seed.ada.id, includeEnded: true)
        XCTAssertFalse(stored.contains { $0.drugName == "morphine" })
        let refused = try await refusals(seed.nurse)
        XCTAssertEqual(refused.count, 1)
    }

    func testAStoreRefusalIsSaidOnTheMessageLineNotAtAField() async throws {
        let seed = try await openAdasList(as: \.nurse)
        await press(.char("s"), .down, .down, .enter)
        XCTAssertTrue(shell.front is WardSettingsScreen)
        let form = shell.front as! WardSettingsScreen
        let draft = MedicationDraft(patientId: seed.ada.id, drugName: "morphine", doseAmount: 0.1, doseUnit: .mg, route: .iv,
                                    schedule: .everyHours(4), startsAt: Self.now)
        let nurseId = seed.nurse.id
        // A write that forgot to say what it needs: the store refuses, audits, and its words show.
        shell.apply(.write(WardWrite(undoSummary: nil) { repository in
            let saved = try await repository.addMedication(draft, by: nurseId)
            return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: "stored")
        }), from: form)
        await shell.settle()
        XCTAssertEqual(messageText, Self.prescribeRefusal)
        XCTAssertEqual(shell.message?.kind, .warning)
        XCTAssertEqual(form.issues, [:], "no field holds it")
        let refused = try await refusals(seed.nurse)
        XCTAssertEqual(refused.count, 1, "the store's own refusal row, once")
    }

    // MARK: - Ward admin only

    func testADoctorMayReadTheWardSettingsButNotSaveThem() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.doctor)
        await press(.char("s"), .down, .down, .enter)
        XCTAssertTrue(shell.front is WardSettingsScreen)
        let buffer = shell.render(width: 80, height: 24)
        XCTAssertEqual(roles(of: "Enter Save", row: 23, in: buffer), [.muted])
        let form = shell.front as! WardSettingsScreen
        while form.state.fields[form.state.focus].id != WardSettingKey.wardName.rawValue { await press(.tab) }
        await press(.ctrl("u"))
        await type("Puffin")
        await press(.enter)
        XCTAssertEqual(messageText, "only a ward admin may change ward settings; DD is a doctor")
        XCTAssertTrue(shell.front === form, "the form stays, with what was typed")
        let settings = try await store.settings()
        XCTAssertNotEqual(settings.wardName, "Puffin")
        let refused = try await refusals(seed.doctor)
        XCTAssertEqual(refused.count, 1)
    }

    func testTheWardAdminSavesTheWardSettings() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("s"), .down, .down, .enter)
        let form = shell.front as! WardSettingsScreen
        while form.state.fields[form.state.focus].id != WardSettingKey.wardName.rawValue { await press(.tab) }
        await press(.ctrl("u"))
        await type("Puffin")
        await press(.enter)
        let settings = try await store.settings()
        XCTAssertEqual(settings.wardName, "Puffin")
    }

    func testRestoreAndEraseAreGreyedInThePaletteForADoctorAndRefusedWithoutOpening() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.doctor)
        let items = shell.paletteItems(for: shell.front)
        let reasons = Dictionary(uniqueKeysWithValues: items.map { ($0.action, $0.disabledReason) })
        XCTAssertEqual(reasons["shell.restore_backup"], "only a ward admin may restore a backup; DD is a doctor")
        XCTAssertEqual(reasons["shell.erase_patient"],
                       "only a ward admin may erase a patient's data, import into a ward in use; DD is a doctor")
        XCTAssertEqual(reasons["shell.export"], .some(nil), "listed, and not greyed")
        XCTAssertEqual(reasons["shell.staff"], .some(nil))

        // Selected in the palette, the reason shows under the prompt.
        await press(.char(":"))
        await type("Restore a backup")
        XCTAssertTrue(screenText().contains("only a ward admin may restore a backup"), screenText())
        await press(.enter)
        XCTAssertFalse(shell.stack.contains { $0 is RestoreBackupScreen }, "the form does not open")
        XCTAssertEqual(messageText, "only a ward admin may restore a backup; DD is a doctor")

        shell.perform(.erasePatient)
        await shell.settle()
        XCTAssertFalse(shell.stack.contains { $0 is ErasePatientScreen })
        XCTAssertEqual(messageText, "only a ward admin may erase a patient's data, import into a ward in use; DD is a doctor")
        let refused = try await refusals(seed.doctor)
        XCTAssertEqual(refused.count, 2)
    }

    func testTheWardAdminOpensRestoreAndErase() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.nurse)
        XCTAssertTrue(shell.paletteItems(for: shell.front).allSatisfy { $0.disabledReason == nil })
        shell.perform(.restoreBackup)
        await shell.settle()
        XCTAssertTrue(shell.front is RestoreBackupScreen)
        shell.perform(.forceBack)
        shell.perform(.erasePatient)
        await shell.settle()
        XCTAssertTrue(shell.front is ErasePatientScreen)
    }

    func testGoalRangesAreGreyedForAHealthcareAssistant() async throws {
        let seed = try await seedMedications()
        let assistant = try await store.addStaff(StaffDraft(name: "Hana Helper", initials: "HH", role: .healthcareAssistant),
                                                 by: seed.nurse.id).record
        try await startShell()
        await signIn(assistant)
        shell.apply(.push(GoalRangesScreen(patient: seed.ada)), from: shell.front)
        await shell.settle()
        await press(.enter)
        XCTAssertFalse(shell.front is GoalRangeFormScreen)
        XCTAssertEqual(messageText, "only a nurse or a doctor may set a cot's goal ranges; HH is a healthcare assistant")
        let refused = try await refusals(assistant)
        XCTAssertEqual(refused.count, 1)
    }
}
