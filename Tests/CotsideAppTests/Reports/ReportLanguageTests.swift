import Clinical
import CotsideResources
import Foundation
import ReportKit
import WardStore
import XCTest
@testable import CotsideApp

/// Every report (handover, patient report, discharge summary, stroke assessment) made in every
/// shipped language from a fixed demo ward reads in that language: no English word the
/// language's own catalogue does not use (the rule of `UntranslatedWordsScreenTests`), the
/// renderers' own words included; numbers with the language's decimal mark in the HTML and the
/// PDF's text (pdftotext); `<html lang>` naming the language; a report in Chinese refused as a
/// PDF, naming HTML and text.
@MainActor
final class ReportLanguageTests: WardTestCase {
    /// The screens' loanwords, units and names, plus the stroke models' and score names,
    /// biomarkers, time zones and units as published.
    static let allowed: Set<String> = EnglishWordCheck.allowed.union(["fast", "gfap", "logit", "platt", "gmt", "utc", "km"])

    /// The four reports in `code`, from one demo ward, and the words the ward's data brings
    /// (names of patients, staff, drugs and centres) that no catalogue decides.
    func reports(_ code: String) async throws -> [(name: String, document: ReportDocument)] {
        let t = try Catalogues.localizer(for: code)
        let maker = try await store.activeStaff().first { $0.role == .nurse }!
        let bed3 = try await store.admittedPatients().first { $0.bedLabel == "3" }!
        let since = try await store.settings().shiftChanges.shiftStart(at: Self.now, timeZone: Self.utc)
        let handover = try await store.handover(HandoverRequest(since: since, until: Self.now, timeZone: Self.utc))
        let week = try await store.patientReport(PatientReportRequest(
            patientId: bed3.id, from: Self.now.addingTimeInterval(-PatientReportRequest.defaultSpan), to: Self.now, timeZone: Self.utc))
        let discharged = try await store.allPatients().sorted { $0.id < $1.id }.first { $0.dischargedAt != nil }!
        let summary = try await store.dischargeSummary(DischargeSummaryRequest(patientId: discharged.id, until: Self.now,
                                                                               timeZone: Self.utc))
        let strokeId = try await store.strokeAssessments().first!.id
        return [
            ("handover", HandoverDocument(handover, localizer: t, madeBy: maker, madeAt: Self.now).document),
            ("patient report", PatientReportDocument(week, localizer: t, madeBy: maker, madeAt: Self.now).document),
            ("discharge summary", DischargeSummaryDocument(summary, localizer: t, madeBy: maker, madeAt: Self.now).document),
            ("stroke report", try await StrokeReportPreview.document(id: strokeId, store, localizer: t, madeBy: maker,
                                                                    madeAt: Self.now, timeZone: Self.utc)),
        ]
    }

    /// A demo ward (seed 7, 4 cots, 30 days) with a full stroke assessment saved near München,
    /// its GFAP outside the model's range (so the report carries a warning).
    func makeWard() async throws -> Set<String> {
        _ = try await DemoWard.generate(into: store, cots: 4, days: 30, seed: 7, now: Self.now, timeZone: Self.utc)
        let inputs: [String: RawValue] = [
            "age_years": .string("71"), "systolic_mmhg": .string("165"), "diastolic_mmhg": .string("95"), "gfap_pg_ml": .string("12000"),
            "vigilance_reduction": .bool(false), "headache": .bool(true), "fast_ed": .number(6), "atrial_fibrillation": .bool(true),
            "anticoagulated": .bool(false), "antiplatelets": .bool(false), "arm_paresis": .bool(true), "leg_paresis": .bool(false),
            "eye_deviation": .bool(true),
        ]
        let items: [String: RawValue] = ["facial_palsy": .number(1), "arm_weakness": .number(2), "speech_changes": .number(1),
                                         "eye_deviation": .number(1), "denial_neglect": .number(1)]
        guard case .success(let result) = StrokeTriage.assess(.full, inputs, origin: .text) else { throw XCTSkip("inputs refused") }
        let maker = try await store.activeStaff().first { $0.role == .nurse }!
        _ = try await store.saveStrokeAssessment(StrokeAssessmentRecord.draft(module: .full, inputs: inputs, fastEdItems: items,
                                                                              near: "München", result: result, patientId: nil),
                                                 by: maker.id)
        var data = Set(try await store.allPatients().flatMap { EnglishWordCheck.words($0.fullName) })
        data.formUnion(try await store.activeStaff().flatMap { EnglishWordCheck.words($0.name) })
        for patient in try await store.allPatients() {
            data.formUnion(try await store.medications(patientId: patient.id, includeEnded: true).flatMap { EnglishWordCheck.words($0.drugName) })
        }
        data.formUnion(try StrokeCentreStarterList.shared.get().flatMap { EnglishWordCheck.words([$0.name, $0.address ?? "", $0.city].joined(separator: " ")) })
        return data
    }

    func text(_ document: ReportDocument, _ format: ReportFormat = .text) -> String {
        String(decoding: ReportRendering.render(document, as: format), as: UTF8.self)
    }

    func testEveryReportInEveryLanguageHasNoEnglishWord() async throws {
        let data = try await makeWard()
        let english = try EnglishWordCheck.catalogueWords("en")
        var found: [String] = []
        for language in Catalogues.available() where language.code != "en" {
            let own = try EnglishWordCheck.catalogueWords(language.code)
            for (name, document) in try await reports(language.code) {
                let leaks = Set(EnglishWordCheck.words(text(document)).filter {
                    english.contains($0) && !own.contains($0) && !Self.allowed.contains($0) && !data.contains($0)
                })
                if !leaks.isEmpty { found.append("\(language.code) \(name): \(leaks.sorted().joined(separator: ", "))") }
            }
        }
        XCTAssertEqual(found, [], "English words in non-English reports:\n" + found.joined(separator: "\n"))
    }

    func testTheRenderersOwnWordsAreTheLanguagesInEveryFormat() async throws {
        _ = try await makeWard()
        let de = try await reports("de")
        let handover = de[0].document
        let plain = text(handover)
        for expected in ["Station: ", "Zeitraum: ", "Erstellt: ", "Programm: ", "Patient: ", "Ende: Schichtübergabe"] {
            XCTAssertTrue(plain.contains(expected), "\(expected) in the German text")
        }
        let html = text(handover, .html)
        XCTAssertTrue(html.contains("<html lang=\"de\">"), html.prefix(200).description)
        XCTAssertTrue(html.contains("content: \"Seite \" counter(page) \" von \" counter(pages)"), "the printed page numbers")
        XCTAssertFalse(html.contains("<dt>Ward</dt>") || html.contains("<dt>Made</dt>"), "no English stamp labels")
        let zh = try await reports("zh-Hans")
        XCTAssertTrue(text(zh[0].document, .html).contains("<html lang=\"zh-Hans\">"))
        XCTAssertTrue(text(zh[0].document).contains("病区: "), text(zh[0].document).prefix(400).description)
    }

    /// The patient report's charts in German: tick labels and summaries with a decimal comma in
    /// the HTML and in the PDF's text, and no number written with a point.
    func testChartNumbersUseTheLanguagesDecimalMarkInHTMLAndPDF() async throws {
        _ = try await makeWard()
        for code in ["de", "fr", "es", "pt-BR"] {
            let report = try await reports(code)[1].document
            let html = text(report, .html)
            // A number with one point (not a date's "14.11.2026" nor a version's "0.1.0").
            let number = #"(?<![\d.])\d+\.\d+(?![\d.])"#
            let decimalPoint = try NSRegularExpression(pattern: ">[^<]*" + number + "[^<]*<")
            let visible = html.components(separatedBy: "<style>")[0] + html.components(separatedBy: "</style>")[1]
            // Text between tags (not SVG coordinates inside attributes) has no decimal point.
            let pointed = decimalPoint.matches(in: visible, range: NSRange(visible.startIndex..., in: visible)).map {
                String(visible[Range($0.range, in: visible)!])
            }.filter { !$0.contains("Cotside") }
            XCTAssertEqual(pointed, [], "\(code): numbers with a point in the HTML's text")
            XCTAssertTrue(html.range(of: #"\d,\d"#, options: .regularExpression) != nil, "\(code): a decimal comma in the HTML")

            let path = folder.appendingPathComponent("report-\(code).pdf").path
            try ReportFile.write(ReportRendering.render(report, as: .pdf), to: path, force: true)
            let pdf = try ReportFileCheck.checkedPDF(path).text
            let pdfPointed = pdf.split(separator: "\n").filter {
                $0.range(of: number, options: .regularExpression) != nil && !$0.contains("Cotside")
            }
            XCTAssertEqual(pdfPointed, [], "\(code): lines of the PDF with a decimal point")
            XCTAssertTrue(pdf.range(of: #"\d,\d"#, options: .regularExpression) != nil, "\(code): a decimal comma in the PDF")
        }
    }

    func testAReportInChineseIsNotMadeAsAPDFOfQuestionMarks() async throws {
        _ = try await makeWard()
        for (name, document) in try await reports("zh-Hans") {
            XCTAssertFalse(ReportRendering.pdfShowsLanguage(document), "\(name) in Chinese")
        }
        for (name, document) in try await reports("fr") {
            XCTAssertTrue(ReportRendering.pdfShowsLanguage(document), "\(name) in French")
        }
    }
}
