import Foundation
import ReportKit
import WardStore
import XCTest
@testable import CotsideApp

/// The report preview reads in the workstation's language, the renderers' own words included,
/// and a report in Chinese is not saved as a PDF (its fonts have no Chinese): the form says so,
/// names HTML and text, and writes nothing.
final class ReportPreviewLanguageTests: WardTestCase {
    override var launchOptions: LaunchOptions {
        var options = super.launchOptions
        options.language = "zh-Hans"
        return options
    }

    func testAChinesePreviewReadsInChineseAndIsNotSavedAsAPDFOfQuestionMarks() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "3", given: "Mia", family: "Jones")
        try await startShell()
        await signIn(nurse)
        shell.apply(.push(ReportPreviewScreen(HandoverPreview.preview, environment: ["HOME": folder.path])), from: shell.front)
        await shell.settle()
        let text = screenText(height: 30)
        for expected in ["交接班", "病区: ", "生成: ", "患者: "] {
            XCTAssertTrue(text.contains(expected), "\(expected) in:\n\(text)")
        }
        XCTAssertFalse(text.contains("Made: ") || text.contains("Patient: "), text)

        await press(.char("w"))
        await type(folder.appendingPathComponent("shift.txt").path)
        await press(.down, .right, .right, .enter)
        XCTAssertTrue(shell.front is ReportSaveScreen, "the form stays for another format")
        XCTAssertTrue(messageText?.contains("无法生成简体中文的 PDF") == true, messageText ?? "no message")
        XCTAssertTrue(messageText?.contains("HTML") == true, messageText ?? "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("shift.pdf").path))
        // HTML is written, in Chinese.
        await press(.left, .enter)
        let html = try String(contentsOfFile: folder.appendingPathComponent("shift.html").path, encoding: .utf8)
        XCTAssertTrue(html.contains("<html lang=\"zh-Hans\">"))
        XCTAssertTrue(html.contains("交接班"))
    }
}
