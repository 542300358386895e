import Foundation
import WardStore
import XCTest
@testable import CotsideApp

/// `cotside report …` writes in the language the app would show on this workstation: `--lang`
/// for the run, else the language saved in Settings → Language, else the locale; an unknown
/// code exits 2 with the same message as every command's `--lang`; a report in Chinese is not
/// made as a PDF (exit 2, naming HTML and text) and nothing is written.
@MainActor
final class ReportCommandLanguageTests: WardTestCase {
    var cli: BinaryRunner!

    override func setUp() async throws {
        try await super.setUp()
        cli = runner([:])
        _ = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await logNappy(ada, .wet, minutesAgo: 20)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: ada.id, measuredAt: Self.now.addingTimeInterval(-600),
                                                            kind: .temperature, value: 36.8), by: nil)
    }

    func runner(_ extra: [String: String]) -> BinaryRunner {
        var env = environment
        env["COTSIDE_NOW"] = "2026-11-21T14:05:00Z"
        env["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        env["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        env.merge(extra) { $1 }
        return BinaryRunner(binary: try! BinaryRunner.locate(), environment: env)
    }

    func handover(_ cli: BinaryRunner, _ more: [String]) throws -> BinaryRunner.Outcome {
        try cli.run(["report", "handover", "--by", "NN", "--db", databasePath] + more)
    }

    func testLangWritesTheReportInThatLanguageWithItsDecimalMark() async throws {
        let german = try handover(cli, ["--lang", "de"])
        XCTAssertEqual(german.status, 0, german.stderr)
        for expected in ["Schichtübergabe", "Station: ", "Erstellt: ", "Bett 3", "36,8 °C"] {
            XCTAssertTrue(german.stdout.contains(expected), "\(expected) in:\n\(german.stdout)")
        }
        XCTAssertFalse(german.stdout.contains("36.8"), german.stdout)
        let chinese = try handover(cli, ["--lang", "zh-Hans"])
        XCTAssertTrue(chinese.stdout.contains("交接班"), chinese.stdout)
        for (report, arguments) in [("patient", ["--bed", "3"])] {
            let outcome = try cli.run(["report", report, "--by", "NN", "--db", databasePath, "--lang", "fr"] + arguments)
            XCTAssertFalse(outcome.stdout.contains("Made: "), "\(report): \(outcome.stdout)\(outcome.stderr)")
        }
    }

    func testWithoutLangTheWorkstationsSavedLanguageElseTheLocale() async throws {
        // No preferences file: the locale.
        let brazil = try handover(runner(["LANG": "pt_BR.UTF-8"]), [])
        XCTAssertTrue(brazil.stdout.contains("Passagem de plantão") || brazil.stdout.contains("Leito 3"), brazil.stdout)
        XCTAssertTrue(brazil.stdout.contains("36,8 °C"), brazil.stdout)
        XCTAssertTrue(try handover(runner(["LANG": "C.UTF-8"]), []).stdout.contains("Shift handover"))
        // Settings → Language saved Spanish on this workstation: that, whatever the locale.
        let config = folder.appendingPathComponent("config/cotside")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"language": "es"}"#.utf8).write(to: config.appendingPathComponent("preferences.json"))
        let spanish = try handover(runner(["LANG": "de_DE.UTF-8"]), [])
        XCTAssertTrue(spanish.stdout.contains("Cama 3"), spanish.stdout)
        // "system" saved: the locale again; --lang still wins.
        try Data(#"{"language": "system"}"#.utf8).write(to: config.appendingPathComponent("preferences.json"))
        XCTAssertTrue(try handover(runner(["LANG": "de_DE.UTF-8"]), []).stdout.contains("Bett 3"))
        XCTAssertTrue(try handover(runner(["LANG": "de_DE.UTF-8"]), ["--lang", "en"]).stdout.contains("Bed 3"))
    }

    func testAnUnknownLanguageExits2WithTheSameMessageAsEveryCommand() async throws {
        let report = try handover(cli, ["--lang", "xx"])
        XCTAssertEqual(report.status, 2)
        XCTAssertTrue(report.stderr.contains("xx") && report.stderr.contains("zh-Hans"), "names the code and the shipped ones: \(report.stderr)")
        XCTAssertTrue(report.stdout.isEmpty)
        let snapshot = try cli.run(["snapshot", "dashboard", "--lang", "xx", "--db", databasePath])
        XCTAssertEqual(snapshot.status, 2)
        let refusal = { (text: String) in text.split(separator: "\n").first { $0.contains("xx") } }
        XCTAssertNotNil(refusal(report.stderr))
        XCTAssertEqual(refusal(snapshot.stderr), refusal(report.stderr), "one refusal for one rule")
    }

    func testAReportInChineseIsRefusedAsAPDFNamingHTMLAndTextAndNothingIsWritten() async throws {
        let file = folder.appendingPathComponent("handover.pdf").path
        let refused = try handover(cli, ["--lang", "zh-Hans", "--format", "pdf", "--out", file])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--format pdf: 无法生成简体中文的 PDF"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("(--format html, --format text)"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file))
        let html = try handover(cli, ["--lang", "zh-Hans", "--format", "html", "--out", folder.appendingPathComponent("h.html").path])
        XCTAssertEqual(html.status, 0, html.stderr)
        let french = try handover(cli, ["--lang", "fr", "--format", "pdf", "--out", file])
        XCTAssertEqual(french.status, 0, french.stderr)
        let pdf = try ReportFileCheck.checkedPDF(file).text
        XCTAssertTrue(pdf.contains("Page 1 sur "), pdf)
        XCTAssertTrue(pdf.contains("36,8"), pdf)
    }
}
