import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// "Restore a backup…" from the palette: the file's path, a yes/no naming it and where the ward
/// is kept, then the restore as a write; a refused file is said at the field with the ward kept.
@MainActor
final class RestoreBackupScreenTests: WardTestCase {
    func openFromPalette() async {
        await press(.char(":"))
        await type("Restore a backup")
        await press(.enter)
    }

    func testThePaletteRestoresABackupAfterAYesAndReloadsEverything() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let backup = folder.appendingPathComponent("backup.sqlite").path
        _ = try store.backup(to: backup)
        try await admit(bed: "7", given: "Bo", family: "Later")
        try await startShell()
        await signIn(nurse)
        XCTAssertTrue(screenText().contains("Bo Later"), screenText())

        await openFromPalette()
        XCTAssertTrue(shell.front is RestoreBackupScreen, "\(shell.front)")
        let missing = folder.appendingPathComponent("nowhere.sqlite").path
        await type(missing)
        await press(.enter)
        XCTAssertTrue(shell.front is ConfirmScreen, "\(shell.front)")
        await press(.char("y"))
        XCTAssertTrue(shell.front is RestoreBackupScreen, "a refused file stays in the form: \(shell.front)")
        XCTAssertTrue(screenText().contains("does not exist"), screenText())

        await press(.ctrl("u"))
        await type(backup)
        await press(.enter)
        XCTAssertTrue(screenText().contains("before-restore"), screenText())
        await press(.char("n"))
        XCTAssertTrue(shell.front is RestoreBackupScreen, "no keeps the ward: \(shell.front)")
        await press(.enter)
        await press(.char("y"))

        XCTAssertTrue(shell.stack.isEmpty, "\(shell.stack)")
        XCTAssertEqual(messageText, "Restored the ward from \(backup); the ward as it was is kept as "
                       + "\(databasePath).before-restore-20261121T140500Z.")
        XCTAssertTrue(screenText().contains("Ada Lovelace"), screenText())
        XCTAssertFalse(screenText().contains("Bo Later"), "everything reloaded from the restored ward: \(screenText())")
        XCTAssertEqual(shell.context.staff?.initials, "NN")
        let fresh = try SQLiteWardStore(path: databasePath)
        let beds = try await fresh.admittedPatients().map(\.bedLabel)
        XCTAssertEqual(beds, ["3"])
    }

    func testNobodySignedInIsAskedToSignInFirst() async throws {
        try await startShell()
        shell.perform(ShellAction.restoreBackup.id)
        await shell.settle()
        XCTAssertTrue(shell.stack.isEmpty)
        XCTAssertEqual(messageText, shell.context.t("ward.no_user"))
    }

    /// A restore by another process: what this one remembers by id (the undo, the chosen
    /// patient) belonged to the old ward, so it is dropped and the user told.
    func testARestoreElsewhereDropsTheUndoAndSaysSo() async throws {
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await startShell()
        shell.apply(.session(.undoable(UndoRecord(auditEntryIds: [1], summary: "nappy"))), from: shell.front)
        shell.apply(.session(.selectedPatient(ada)), from: shell.front)
        shell.storeDidChange(WardChange(entities: [], isFromAnotherProcess: true, wardReplaced: true))
        await shell.settle()
        XCTAssertNil(shell.context.undoable)
        XCTAssertEqual(messageText, shell.context.t("restore.elsewhere"))
    }
}
