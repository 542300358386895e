import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// "Export the ward…" and "Import an export…" from the palette: a small form, the export run
/// as a command with a message naming the file, the import confirmed and run as a write that
/// reloads what is shown; a refused import shows why at the file field and stores nothing.
@MainActor
final class ExportImportPaletteTests: WardTestCase {
    private func runFromPalette(_ title: String) async {
        await press(.char(":"))
        await type(title)
        await press(.enter)
    }

    /// Empties the focused text field and types `text`.
    private func replaceField(with text: String) async {
        for _ in 0..<120 { shell.handle(.key(.backspace)) }
        await shell.settle()
        await type(text)
    }

    func testExportFromThePaletteWritesTheFileAndNamesIt() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(ada, .wet, minutesAgo: 30)
        try await startShell()
        await signIn(nurse)
        await runFromPalette("Export the ward")
        XCTAssertTrue(shell.front is ExportFormScreen, screenText())
        XCTAssertTrue(screenText().contains("-export-20261121-1405"), "\n" + screenText())
        let out = folder.appendingPathComponent("exports").path
        await replaceField(with: out)
        await press(.enter)
        await shell.settle()
        let file = out + "/" + WardExportKind.jsonFileName
        XCTAssertTrue(FileManager.default.fileExists(atPath: file))
        XCTAssertFalse(shell.front is ExportFormScreen, "the form closes when the export is written")
        // The ward setting row that turns the test ward's PINs off is exported as a record too.
        XCTAssertEqual(messageText, "Exported 7 records to \(file)")

        // Again into the same folder: refused at the field, the export kept.
        await runFromPalette("Export the ward")
        await replaceField(with: out)
        await press(.enter)
        XCTAssertTrue(shell.front is ExportFormScreen)
        XCTAssertTrue(messageText?.contains("already exists") == true, messageText ?? "")
    }

    func testImportFromThePaletteConfirmsWritesAndReloads() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(ada, .wet, minutesAgo: 30)
        let out = folder.appendingPathComponent("exports").path
        _ = try await store.exportWard(WardExportRequest(folder: out, format: .json, cotsideVersion: "test", exportedAt: Self.now),
                                 progress: { _ in })
        try await startShell()
        await signIn(nurse)

        // This ward is not empty: the import is refused at the field, nothing stored.
        await runFromPalette("Import an export")
        XCTAssertTrue(shell.front is ImportFormScreen, screenText())
        await type(out)
        await press(.enter)
        XCTAssertTrue(screenText().contains("Import an export"), screenText())
        await press(.char("y"))
        await shell.settle()
        XCTAssertTrue(shell.front is ImportFormScreen)
        XCTAssertTrue(messageText?.contains("already holds records") == true, messageText ?? "")
        let nappies = try await storedNappies()
        XCTAssertEqual(nappies.count, 1)

        // Merging adds what is missing (nothing here) and says so; the form closes.
        await press(.tab)
        await press(.right)
        await press(.enter)
        await press(.char("y"))
        await shell.settle()
        XCTAssertFalse(shell.front is ImportFormScreen, screenText())
        XCTAssertEqual(messageText, "Imported 0 records from \(out)/\(WardExportKind.jsonFileName)")
    }
}
