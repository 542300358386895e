import ChildProcess
import Foundation
import ReportKit
import WardStore
import XCTest
@testable import CotsideApp

/// A registrar's printout of a patient's week from a fixed demo ward and clock: the text as
/// written here, the HTML through a real parser, the PDF through poppler and qpdf.
final class PatientReportGoldenTests: WardTestCase {
    func bed3Week() async throws -> ReportDocument {
        _ = try await DemoWard.generate(into: store, cots: 4, days: 30, seed: 7, now: Self.now, timeZone: Self.utc)
        let patient = try await store.admittedPatients().first { $0.bedLabel == "3" }!
        let report = try await store.patientReport(PatientReportRequest(
            patientId: patient.id, from: Self.now.addingTimeInterval(-PatientReportRequest.defaultSpan), to: Self.now, timeZone: Self.utc))
        let maker = try await store.activeStaff().first { $0.role == .nurse }!
        return PatientReportDocument(report, localizer: try Catalogues.localizer(for: "en"), madeBy: maker, madeAt: Self.now).document
    }

    func testBed3sWeekReadsAsWrittenHere() async throws {
        let text = String(decoding: ReportRendering.render(try await bed3Week(), as: .text), as: UTF8.self)
        XCTAssertEqual(text, PatientReportGolden.bed3Week)
    }

    func testEverySectionNamesThePatientSoEveryPrintedPageDoes() async throws {
        let document = try await bed3Week()
        XCTAssertEqual(document.sections.count, 5)
        XCTAssertTrue(document.sections.allSatisfy { $0.patient == "Bed 3 · Hana Roberts · D0300003 · DOB 2026-11-16" })
        XCTAssertEqual(document.stamp.period, "2026-11-14 14:05 to 2026-11-21 14:05")
        let charts = document.sections.flatMap(\.blocks).compactMap { block -> ReportChart? in
            if case .chart(let chart) = block { return chart }
            return nil
        }
        let weight = try XCTUnwrap(charts.first { $0.title == "Weight" })
        XCTAssertEqual(weight.series.map(\.name), ["Weight", "3rd centile", "50th centile", "97th centile"], "growth centiles drawn")
        let temperature = try XCTUnwrap(charts.first { $0.title == "Temperature" })
        XCTAssertEqual(temperature.bands, [ReportBand(label: "goal range", low: 36.5, high: 37.5)], "the goal band")
    }

    func testTheHTMLIsAcceptedByARealParser() async throws {
        let html = ReportRendering.render(try await bed3Week(), as: .html)
        let path = try Self.file(html, suffix: "html")
        try ReportFileCheck.assertParsesAsHTML(path)
        XCTAssertTrue(String(decoding: html, as: UTF8.self).contains("Nappies and intake per day"))
    }

    func testThePDFIsSoundAndItsTextIsTheReports() async throws {
        let pdf = ReportRendering.render(try await bed3Week(), as: .pdf)
        let path = try Self.file(pdf, suffix: "pdf")
        let (count, _, text) = try ReportFileCheck.checkedPDF(path)
        XCTAssertGreaterThan(count, 1)
        XCTAssertTrue(text.contains("Page \(count) of \(count)"), text)
        XCTAssertEqual(text.components(separatedBy: "Bed 3 · Hana Roberts · D0300003").count - 1 >= count, true,
                       "the patient on every page")
        for words in ["Patient report", "Nappies and intake per day", "caffeine citrate", "Centile lines", "Who charted"] {
            XCTAssertTrue(text.contains(words), words)
        }
    }

    static func file(_ bytes: [UInt8], suffix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("patient-report-\(UUID().uuidString).\(suffix)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
