import Foundation
import ReportKit
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The report preview every report opens in: saving (`w`) names the file after the report and
/// the ward's own clock, with the extension of the format chosen; printing (`p`) saves the file
/// first, sends it to CUPS' lp off the main actor, and where lp is missing says so and where
/// the file is.
final class ReportPreviewScreenTests: WardTestCase {
    func testTheSuggestedFileIsNamedAfterTheReportAndTheWardsLocalTime() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let lateEvening = WardClock.parseInstant("2026-11-21T23:30:00Z")!
        XCTAssertEqual(ReportSaveScreen.suggestedFile(kind: "stroke-assessment", format: .pdf, now: lateEvening, timeZone: berlin,
                                                      environment: ["HOME": "/home/ada"]),
                       "/home/ada/stroke-assessment-20261122-0030.pdf", "00:30 on the 22nd in Berlin, not 23:30 UTC")
        XCTAssertEqual(ReportSaveScreen.suggestedFile(kind: "handover", format: .text, now: Self.now, timeZone: Self.utc,
                                                      environment: ["HOME": "/home/ada/"]),
                       "/home/ada/handover-20261121-1405.txt")
        XCTAssertEqual(ReportSaveScreen.suggestedFile(kind: "handover", format: .html, now: Self.now, timeZone: Self.utc,
                                                      environment: [:]),
                       "handover-20261121-1405.html")
    }

    /// The export form offers its folder by the same rule, in the ward's time (it was UTC: a
    /// Berlin ward exporting at 00:30 was offered the previous day's name).
    func testTheExportFolderIsNamedInTheWardsLocalTimeToo() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let lateEvening = WardClock.parseInstant("2026-11-21T23:30:00Z")!
        XCTAssertEqual(SuggestedPath.inHome("cotside-export", now: lateEvening, timeZone: berlin, environment: ["HOME": "/home/ada"],
                                            exists: { _ in false }),
                       "/home/ada/cotside-export-20261122-0030")
    }

    /// Saved, then printed in the same minute: the print form must not offer the name just used
    /// (it refused "already exists" and the nurse had to edit a path to print).
    func testTheSuggestedFileIsNeverOneThatExists() {
        let taken: Set = ["/home/ada/handover-20261121-1405.pdf", "/home/ada/handover-20261121-1405-2.pdf"]
        XCTAssertEqual(ReportSaveScreen.suggestedFile(kind: "handover", format: .pdf, now: Self.now, timeZone: Self.utc,
                                                      environment: ["HOME": "/home/ada"], exists: taken.contains),
                       "/home/ada/handover-20261121-1405-3.pdf")
        XCTAssertEqual(ReportSaveScreen.suggestedFile(kind: "handover", format: .text, now: Self.now, timeZone: Self.utc,
                                                      environment: ["HOME": "/home/ada"], exists: taken.contains),
                       "/home/ada/handover-20261121-1405.txt", "another format's file is no clash")
    }

    /// A name the PDF's standard fonts cannot show is saved, and the nurse is told it prints as
    /// "?" and that HTML shows it.
    func testSavingAPDFOfAChineseNameSaysItPrintsAsQuestionMarksAndOffersHTML() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "小明", family: "王")
        try await startShell()
        await signIn(nurse)
        try await openHandover()
        await press(.char("w"))
        await type(folder.appendingPathComponent("shift.txt").path)
        await press(.down, .right, .right, .enter)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("shift.pdf").path))
        XCTAssertEqual(messageText, "Saved \(folder.appendingPathComponent("shift.pdf").path), but the PDF fonts cannot show 王小明 "
                       + "(printed as ?): save as HTML to show every script")
    }

    func testChoosingPDFSavesAPDFUnderAPdfNameNotTxt() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        try await startShell()
        await signIn(nurse)
        try await openHandover()
        await press(.char("w"))
        XCTAssertTrue(fileField?.hasSuffix("/handover-20261121-1405.txt") == true, fileField ?? "no save form")
        await type(folder.appendingPathComponent("shift.txt").path)
        await press(.down, .right, .right)
        let file = folder.appendingPathComponent("shift.pdf").path
        XCTAssertEqual(fileField, file, "the extension follows the format")
        await press(.left)
        XCTAssertEqual(fileField, folder.appendingPathComponent("shift.html").path)
        await press(.right, .enter)
        XCTAssertTrue(screenText().contains("Handover saved to \(file)"), screenText())
        let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        XCTAssertEqual(String(decoding: bytes.prefix(5), as: UTF8.self), "%PDF-")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("shift.txt").path))

        // A name the user ended otherwise is kept as typed.
        await press(.char("w"))
        await type(folder.appendingPathComponent("for-lp").path)
        await press(.down, .right, .right)
        XCTAssertEqual(fileField, folder.appendingPathComponent("for-lp").path)
    }

    func testPrintingWithoutCUPSSaysNothingWasPrintedAndWhereTheFileIs() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try await startShell()
        await signIn(nurse)
        try await openHandover(environment: ["HOME": folder.path, "PATH": bin.path])
        await press(.char("p"))
        XCTAssertTrue(screenText().contains("Print the report"), screenText())
        XCTAssertTrue(screenText().contains("Enter saves the file and prints it"), screenText())
        XCTAssertTrue(screenText().contains("Enter Print  Esc Back"), screenText())
        let file = folder.appendingPathComponent("handover-20261121-1405.pdf").path
        XCTAssertEqual(fileField, file, "printing starts as PDF: every page names the patient")
        await press(.enter)
        // Under the home folder the message says ~/…, so the file's name is never cut off.
        XCTAssertEqual(messageText, "Saved to ~/handover-20261121-1405.pdf; not printed: CUPS' lp is not installed")
        XCTAssertTrue(shell.front is ReportPreviewScreen, "the print form closed")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }

    func testPrintingSendsTheSavedFileToLpAndSaysWhatLpAnswered() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("lp.log").path
        let lp = bin.appendingPathComponent("lp")
        try Data("#!/bin/sh\necho \"$@\" > \(log)\necho 'request id is Ward-7 (1 file(s))'\n".utf8).write(to: lp)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: lp.path)
        try await startShell()
        await signIn(nurse)
        try await openHandover(environment: ["HOME": folder.path, "PATH": bin.path + ":/usr/bin:/bin"])
        await press(.char("p"), .down, .left, .left, .enter)
        let file = folder.appendingPathComponent("handover-20261121-1405.txt").path
        XCTAssertEqual(messageText, "Saved ~/handover-20261121-1405.txt and sent it to the printer: request id is Ward-7 (1 file(s))")
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "-- \(file)\n")
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("Bed 3: Mia Jones"))
    }

    func testALpThatRefusesIsQuotedAndTheFileKept() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let lp = bin.appendingPathComponent("lp")
        try Data("#!/bin/sh\necho 'lp: Error - No default destination.' >&2\nexit 1\n".utf8).write(to: lp)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: lp.path)
        try await startShell()
        await signIn(nurse)
        try await openHandover(environment: ["HOME": folder.path, "PATH": bin.path + ":/usr/bin:/bin"])
        await press(.char("p"), .enter)
        let file = folder.appendingPathComponent("handover-20261121-1405.pdf").path
        XCTAssertEqual(messageText,
                       "lp could not print ~/handover-20261121-1405.pdf (exit 1): lp: Error - No default destination.; the report is saved there")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file))
    }

    func testWithNobodySignedInThePreviewSaysSignInAndSavesNothing() async throws {
        try await admit(bed: "3", given: "Mia", family: "Jones")
        try await startShell()
        shell.apply(.push(ReportPreviewScreen(HandoverPreview.preview, environment: ["HOME": folder.path])), from: shell.front)
        await shell.settle()
        XCTAssertTrue(screenText().contains("Sign in first: the handover names who made it."), screenText())
        await press(.char("w"))
        XCTAssertTrue(shell.front is ReportPreviewScreen, "nothing to save without a maker")
    }

    func testAnotherMemberSigningInHasTheReportMadeAgainInTheirName() async throws {
        let ada = try await addStaff("Ada Okafor", "AO")
        let ben = try await addStaff("Ben Bell", "BB")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        try await startShell()
        await signIn(ada)
        try await openHandover()
        XCTAssertTrue(screenText(height: 30).contains("by Ada Okafor (AO), nurse"), screenText(height: 30))
        let file = folder.appendingPathComponent("shift.txt").path
        await press(.char("w"))
        await type(file)
        // Ben signs in over the save form: it may not save a report naming Ada.
        await signIn(ben)
        await press(.enter)
        XCTAssertEqual(messageText, "Someone else is signed in now: Esc, and the report is made again in their name before it is "
                       + "saved or printed.")
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
        await press(.escape)
        shell.handle(.tick)
        await shell.settle()
        XCTAssertTrue(screenText(height: 30).contains("by Ben Bell (BB), nurse"), screenText(height: 30))
        await press(.char("w"))
        await type(file)
        await press(.enter)
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("by Ben Bell (BB), nurse"))
    }

    /// The file the save or print form in front would write.
    private var fileField: String? { (shell.front as? ReportSaveScreen)?.state.text("file") }

    /// The handover preview, pushed with the environment the test gives (HOME, PATH).
    private func openHandover(environment: [String: String]? = nil) async throws {
        if let environment {
            shell.apply(.push(ReportPreviewScreen(HandoverPreview.preview, environment: environment)), from: shell.front)
            await shell.settle()
        } else {
            await press(.char("H"))
        }
        XCTAssertTrue(shell.front is ReportPreviewScreen)
        XCTAssertTrue(screenText(height: 30).contains("Shift handover"), screenText(height: 30))
    }
}
