import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// "Back up the ward now" from the palette: the same checked copy as `cotside backup`, into the
/// backup folder, named on the message line; refused with nobody signed in.
@MainActor
final class BackupNowTests: WardTestCase {
    func testThePaletteBacksTheWardUpIntoTheBackupFolder() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        _ = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await startShell()
        await signIn(nurse)
        XCTAssertTrue(shell.paletteItems(for: shell.front).contains { $0.action == ShellAction.backUpNow.id })
        shell.perform(ShellAction.backUpNow.id)
        await shell.settle()
        let folder = try XCTUnwrap(shell.context.paths.backups)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".sqlite") }
        XCTAssertEqual(files.count, 1, "one backup in \(folder)")
        let text = try XCTUnwrap(messageText)
        XCTAssertTrue(text.contains(folder + "/" + files[0]), text)
        XCTAssertEqual(shell.message?.kind, .success)
        let now = Self.now
        let copy = try SQLiteWardStore(path: folder + "/" + files[0], clock: { now }, timeZone: Self.utc)
        let patients = try await copy.admittedPatients()
        XCTAssertEqual(patients.map(\.bedLabel), ["3"])
        await copy.close()
    }

    /// The automatic backup of the first minute and one asked for in the same second both land.
    func testABackupOfTheSameSecondIsKeptBesideIt() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        let folder = try XCTUnwrap(shell.context.paths.backups)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let taken = folder + "/" + WardDatabaseLocation.backupFileName(at: shell.context.clock.now)
        XCTAssertTrue(FileManager.default.createFile(atPath: taken, contents: Data("earlier".utf8)))
        shell.perform(ShellAction.backUpNow.id)
        await shell.settle()
        XCTAssertEqual(shell.message?.kind, .success, messageText ?? "")
        XCTAssertEqual(try String(contentsOfFile: taken, encoding: .utf8), "earlier", "the earlier backup is not replaced")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(files.count, 2, "\(files)")
        XCTAssertTrue(files.allSatisfy { $0.hasPrefix("ward-") && $0.hasSuffix(".sqlite") }, "pruning still sees both: \(files)")
    }

    func testNobodySignedInIsRefusedAndNothingIsWritten() async throws {
        try await startShell()
        shell.perform(ShellAction.backUpNow.id)
        await shell.settle()
        XCTAssertEqual(messageText, shell.context.t("ward.no_user"))
        let folder = try XCTUnwrap(shell.context.paths.backups)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        XCTAssertEqual(written, [], "no backup without someone signed in")
    }
}
