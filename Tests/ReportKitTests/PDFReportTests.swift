import Foundation
import XCTest
@testable import ReportKit

/// The PDF is checked by the tools a reader's system would use: qpdf for its structure, pdfinfo
/// for pages and paper, pdftotext for the text (accented words intact), plus the writer's own
/// pieces (WinAnsi encoding, metrics, xref offsets).
final class PDFReportTests: XCTestCase {
    private var files: [String] = []

    override func tearDown() {
        for file in files { try? FileManager.default.removeItem(atPath: file) }
    }

    private func pdfFile(_ document: ReportDocument = ReportFixture.document, paper: ReportPaper = .a4) throws -> String {
        let path = try ExternalTool.temporaryFile(ReportRendering.render(document, as: .pdf, options: .init(paper: paper)), suffix: "pdf")
        files.append(path)
        return path
    }

    /// Forty cots, one page each at least: enough to run tables and paragraphs over pages.
    private var longDocument: ReportDocument {
        var document = ReportFixture.document
        document.sections = (0..<40).map { i in
            var section = ReportFixture.document.sections[i % 2]
            section.patient = "Bed \(i + 1) · Zoë Müller · H\(100_000 + i)"
            section.blocks += [.paragraph(String(repeating: "Handover words to fill the page. ", count: 40))]
            return section
        }
        return document
    }

    func testQpdfFindsTheStructureSound() throws {
        for document in [ReportFixture.document, longDocument] {
            let outcome = try ExternalTool.run("qpdf", package: "qpdf", ["--check", try pdfFile(document)])
            XCTAssertTrue(outcome.stdout.contains("No syntax or stream encoding errors found"), outcome.stdout)
        }
    }

    func testPdfinfoSeesThePagesPaperAndInfo() throws {
        func squeezed(_ text: String) -> String { text.replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression) }
        let a4 = squeezed(try ExternalTool.run("pdfinfo", package: "poppler-utils", [try pdfFile()]).stdout)
        XCTAssertTrue(a4.contains("Page size: 595 x 842 pts (A4)"), a4)
        XCTAssertTrue(a4.range(of: #"Pages: 2\n"#, options: .regularExpression) != nil, "one cot a page: \(a4)")
        XCTAssertTrue(a4.contains("Title: Shift handover"), a4)
        XCTAssertTrue(a4.contains("Producer: Cotside 0.9.0"), a4)
        XCTAssertTrue(a4.contains("PDF version: 1.4"), a4)
        XCTAssertTrue(a4.contains("CreationDate: Thu Nov 26 07:30:00 2026"), a4)
        let letter = squeezed(try ExternalTool.run("pdfinfo", package: "poppler-utils", [try pdfFile(paper: .letter)]).stdout)
        XCTAssertTrue(letter.contains("Page size: 612 x 792 pts (letter)"), letter)
    }

    func testPdftotextExtractsTheTextWithAccentsIntact() throws {
        let text = try ExternalTool.run("pdftotext", package: "poppler-utils", ["-layout", try pdfFile(), "-"]).stdout
        for expected in ["Shift handover", "Zoë Müller", "Ñuño Gonçalves", "38.4 °C at 05:10", "(out of range)", "−2.1 %",
                         "Señora García", "ça va", "µg/kg", "straße", "91–95 %", "Benzylpenicillin", "No doses missed in this shift",
                         "Heart rate: lowest 149 /min, highest 181 /min, latest 155 /min", "Goal: 120 to 160 /min", "19:30"] {
            XCTAssertTrue(text.contains(expected) || text.contains(expected.replacingOccurrences(of: "−", with: "-")),
                          "pdftotext finds \(expected)")
        }
    }

    func testEveryPageCarriesWardPatientStampSoftwareAndPageNumber() throws {
        let path = try pdfFile(longDocument)
        let info = try ExternalTool.run("pdfinfo", package: "poppler-utils", [path]).stdout
        let pages = Int(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        XCTAssertGreaterThanOrEqual(pages, 40)
        let text = try ExternalTool.run("pdftotext", package: "poppler-utils", [path, "-"]).stdout
        let pageTexts = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(pageTexts.count, pages)
        for (index, page) in pageTexts.enumerated() {
            XCTAssertTrue(page.contains("Neonatal Unit – Ward 4"), "page \(index + 1) names the ward")
            XCTAssertTrue(page.contains("Page \(index + 1) of \(pages)"), "page \(index + 1) is numbered")
            XCTAssertTrue(page.contains("Made 2026-11-26 07:30 GMT by Ada Okafor (AO), nurse"), "page \(index + 1) is stamped")
            XCTAssertTrue(page.contains("Cotside 0.9.0"), "page \(index + 1) names the software")
            XCTAssertTrue(page.contains("Zoë Müller · H1000"), "page \(index + 1) names its patient")
        }
    }

    func testWinAnsiEncodingOfAccentedLatinAndWhatItCannotShow() {
        var missing = Set<Character>()
        XCTAssertEqual(PDFText.encode("é ü ç ã ñ ß µ ° – € œ “”", missing: &missing),
                       [0xE9, 0x20, 0xFC, 0x20, 0xE7, 0x20, 0xE3, 0x20, 0xF1, 0x20, 0xDF, 0x20, 0xB5, 0x20, 0xB0, 0x20,
                        0x96, 0x20, 0x80, 0x20, 0x9C, 0x20, 0x93, 0x94])
        XCTAssertEqual(missing, [])
        XCTAssertEqual(PDFText.encode("e\u{301}"), [0xE9], "a decomposed é is one byte")
        XCTAssertEqual(PDFText.encode("SpO₂ ≤ 95"), Array("SpO2 <= 95".utf8))
        XCTAssertEqual(PDFText.encode("Иван ą", missing: &missing), Array("???? ?".utf8))
        XCTAssertEqual(missing, ["И", "в", "а", "н", "ą"])
        let russian = ReportDocument(title: "Передача смены", stamp: ReportFixture.stamp, sections: [])
        XCTAssertEqual(String(ReportRendering.charactersMissingInPDF(russian)), "Пердачсмны")
        XCTAssertEqual(ReportRendering.charactersMissingInPDF(ReportFixture.document), [])
    }

    func testLiteralStringsEscapeDelimitersAndHighBytes() {
        XCTAssertEqual(String(decoding: PDFText.literal(Array("a(b)\\".utf8) + [0xE9]), as: UTF8.self), "(a\\(b\\)\\\\\\351)")
    }

    func testHelveticaWidthsComeFromTheAFM() {
        XCTAssertEqual(HelveticaMetrics.width(PDFText.encode("Wé"), bold: false, size: 1000), 944 + 556)
        XCTAssertEqual(HelveticaMetrics.width(PDFText.encode("Wé"), bold: true, size: 1000), 944 + 556)
        XCTAssertEqual(HelveticaMetrics.width(PDFText.encode("il"), bold: false, size: 10), 4.44, accuracy: 0.001)
        XCTAssertEqual(HelveticaMetrics.width(PDFText.encode("il"), bold: true, size: 10), 5.56, accuracy: 0.001)
    }

    func testWrappedLinesFitTheirWidthAndKeepEveryWord() {
        let text = PDFText.encode("Feeds of expressed breast milk every three hours Pneumonoultramicroscopicsilicovolcanoconiosis ok")
        let lines = PDFLayout.wrap(text, width: 120, bold: false, size: 10)
        XCTAssertTrue(lines.allSatisfy { HelveticaMetrics.width($0, bold: false, size: 10) <= 120 })
        XCTAssertEqual(lines.joined().filter { $0 != 0x20 }, text.filter { $0 != 0x20 })
    }

    func testXrefOffsetsPointAtTheirObjects() {
        let bytes = ReportRendering.render(ReportFixture.document, as: .pdf)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("%PDF-1.4\n"))
        XCTAssertTrue(text.hasSuffix("%%EOF\n"))
        let startxref = Int(text.components(separatedBy: "startxref\n").last!.split(separator: "\n").first!)!
        let xref = String(decoding: bytes[startxref...], as: UTF8.self)
        XCTAssertTrue(xref.hasPrefix("xref\n0 "))
        let entries = xref.split(separator: "\n").dropFirst(3).prefix { $0.hasSuffix(" n ") || $0.hasSuffix(" n") }
        XCTAssertFalse(entries.isEmpty)
        for (index, entry) in entries.enumerated() {
            let offset = Int(entry.prefix(10))!
            let head = String(decoding: bytes[offset..<min(bytes.count, offset + 20)], as: UTF8.self)
            XCTAssertTrue(head.hasPrefix("\(index + 1) 0 obj"), "object \(index + 1) is at \(offset): \(head)")
        }
    }
}

extension PDFReportTests {
    /// `COTSIDE_REPORT_SAMPLES=DIR swift test --filter testWriteSamples` writes the fixture in
    /// every format, to look at by eye.
    func testWriteSamples() throws {
        guard let folder = ProcessInfo.processInfo.environment["COTSIDE_REPORT_SAMPLES"] else { return }
        for format in ReportFormat.allCases {
            try Data(ReportRendering.render(ReportFixture.document, as: format)).write(to: URL(fileURLWithPath: "\(folder)/handover.\(format.rawValue)"))
        }
    }
}
