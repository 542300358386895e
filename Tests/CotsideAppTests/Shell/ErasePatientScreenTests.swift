import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// "Erase a patient's data…" from the palette: the hospital number (refusals at the field), then
/// the number typed again; the write erases, says how much went and which earlier backups still
/// hold the patient, and reloads. Nothing happens without a signed-in user or on a mismatch.
@MainActor
final class ErasePatientScreenTests: WardTestCase {
    func openFromPalette() async {
        await press(.char(":"))
        await type("Erase a patient")
        await press(.enter)
    }

    func testThePaletteErasesADischargedPatientAfterTheNumberIsTypedAgain() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(ada, .wet, minutesAgo: 30, notes: "Lovelace settled")
        _ = try await store.discharge(patientId: ada.id, at: Self.now, by: nurse.id)
        try await admit(bed: "7", given: "Bo", family: "Stays")
        let backups = folder.appendingPathComponent(".local/state/cotside/backups")
        try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
        _ = try store.backup(to: backups.appendingPathComponent("ward-earlier.sqlite").path)
        try await startShell()
        await signIn(nurse)

        await openFromPalette()
        XCTAssertTrue(shell.front is ErasePatientScreen, "\(shell.front)")
        await type("H999")
        await press(.enter)
        XCTAssertTrue(screenText().contains("no patient has hospital number H999"), screenText())
        await press(.ctrl("u"))
        await type("H700")
        await press(.enter)
        XCTAssertTrue(screenText().contains("still admitted in bed 7; discharge the patient first"), screenText())
        XCTAssertTrue(shell.front is ErasePatientScreen)

        await press(.ctrl("u"))
        await type("h300")
        await press(.enter)
        let confirm = try XCTUnwrap(shell.front as? ConfirmErasureScreen, "\(shell.front)")
        XCTAssertEqual(confirm.plan.counts.nappyChanges, 1)
        XCTAssertTrue(screenText().contains("Ada Lovelace, born 2026-11-18 · H300: 2 records"), screenText())
        XCTAssertTrue(screenText().contains("cannot be undone"), screenText())
        XCTAssertEqual(messageText, shell.context.t("erase.warning"), "the earlier refusal is gone")
        await type("H30")
        await press(.enter)
        XCTAssertTrue(screenText().contains("that is not H300"), screenText())
        let kept = try await store.patient(id: ada.id)
        XCTAssertNotNil(kept, "a mismatch erases nothing")

        await press(.ctrl("u"))
        await type("h300")
        await press(.enter)
        XCTAssertTrue(shell.stack.isEmpty, "\(shell.stack)")
        XCTAssertEqual(messageText, "Erased hospital number H300: 2 records removed; the audit trail keeps the erasure and the "
                       + "counts only. 1 earlier backups in \(backups.path) still hold this patient: expire them.")
        let gone = try await store.patient(id: ada.id)
        XCTAssertNil(gone)
        let erasure = try await store.auditEntries(entity: .patient, entityId: ada.id).last
        XCTAssertEqual(erasure?.action, .erase)
        XCTAssertEqual(erasure?.staffId, nurse.id)
        XCTAssertTrue(screenText().contains("Bo Stays"), "the other cot stays on the Dashboard")
    }

    func testNobodySignedInIsAskedToSignInFirst() async throws {
        try await startShell()
        shell.perform(ShellAction.erasePatient.id)
        await shell.settle()
        XCTAssertTrue(shell.stack.isEmpty)
        XCTAssertEqual(messageText, shell.context.t("ward.no_user"))
    }
}
