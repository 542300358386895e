import XCTest
@testable import ReportKit

/// The text report fits its width and never drops a word; golden files pin the layout
/// (regenerate with COTSIDE_UPDATE_GOLDEN=1 and read the diff).
final class TextReportTests: XCTestCase {
    private func text(_ options: ReportRenderOptions) -> String {
        String(decoding: ReportRendering.render(ReportFixture.document, as: .text, options: options), as: UTF8.self)
    }

    private func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
        if ProcessInfo.processInfo.environment["COTSIDE_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(actual, expected, "text report \(name) changed; set COTSIDE_UPDATE_GOLDEN=1 to rewrite it", file: file, line: line)
    }

    func testGoldenHandoverAt80ColumnsUTF8() throws {
        try assertGolden(text(.init(width: 80)), "handover-80-utf8.txt")
    }

    func testGoldenHandoverAt80ColumnsASCII() throws {
        try assertGolden(text(.init(width: 80, ascii: true)), "handover-80-ascii.txt")
    }

    func testEveryLineFitsTheWidth() {
        for width in [24, 40, 57, 80, 132] {
            for ascii in [false, true] {
                for line in text(.init(width: width, ascii: ascii)).split(separator: "\n") {
                    XCTAssertLessThanOrEqual(TextLayout.width(of: line), width, "at \(width) columns: \(line)")
                }
            }
        }
    }

    func testWrappingNeverDropsAWord() {
        let input = ReportFixture.document.sections.flatMap { $0.blocks }.compactMap { block -> String? in
            if case .paragraph(let text) = block { return text }
            return nil
        }.joined(separator: " ")
        for width in [24, 40, 80] {
            let lines = TextLayout.wrap(input, width: width)
            XCTAssertEqual(lines.joined(separator: " ").split(separator: " "), input.split(separator: " "),
                           "at \(width) columns every word is kept, in order")
            XCTAssertTrue(lines.allSatisfy { TextLayout.width(of: $0) <= width })
        }
    }

    func testEveryWordOfTheDocumentAppearsInTheReport() {
        let output = text(.init(width: 40))
        let joined = output.replacingOccurrences(of: "\n", with: " ")
        for section in ReportFixture.document.sections {
            for block in section.blocks {
                var words: [String] = []
                switch block {
                case .paragraph(let t), .nothing(let t), .notice(let t), .subheading(let t): words = t.split(separator: " ").map(String.init)
                case .list(let items): words = items.flatMap { $0.split(separator: " ").map(String.init) }
                case .facts(let facts): words = facts.flatMap { ($0.label + " " + $0.value).split(separator: " ").map(String.init) }
                case .table(let table): words = table.rows.joined().flatMap { cell in cell.split(separator: " ").map(String.init) }
                case .chart: continue
                }
                for word in words where TextLayout.width(of: word) <= 30 {
                    XCTAssertTrue(joined.contains(word), "\(word) is in the 40-column report")
                }
            }
        }
        // The 80-letter word is broken across lines, not cut: its pieces join back up.
        let long = "Pneumonoultramicroscopicsilicovolcanoconiosisandanotherverylongwordwithoutspaces"
        XCTAssertTrue(output.replacingOccurrences(of: "\n    ", with: "").replacingOccurrences(of: "\n  - ", with: "").contains(long))
    }

    func testTableCellsWrapInsideTheirColumn() {
        let table = TextTable(columns: [ReportColumn("Drug"), ReportColumn("Note")],
                              rows: [["Gentamicin", "level due before the next dose"]])
        let lines = table.lines(width: 24, indent: "")
        XCTAssertEqual(lines, ["Drug        Note", "----------  ------------", "Gentamicin  level due", "            before the", "            next dose"])
    }

    func testFlaggedFactIsMarkedInWords() {
        let output = text(.init())
        XCTAssertTrue(output.contains("! Temperature"))
        XCTAssertTrue(output.contains("38.4 °C at 05:10 (out of range)"))
    }

    func testASCIIModeHasOnlyASCIIAndTransliterates() {
        let output = text(.init(ascii: true))
        XCTAssertTrue(output.unicodeScalars.allSatisfy(\.isASCII))
        for expected in ["Zoe Muller", "Nuno Goncalves", "38.4 degC", "-2.1 %", "ug/kg", "strasse", "Senora Garcia", "SpO2 goal", "91-95 %"] {
            XCTAssertTrue(output.contains(expected), "ASCII report says \(expected)")
        }
        XCTAssertEqual(ASCIIFolding.fold("“Quoted” ▲ – naïve…"), "\"Quoted\" ^ - naive...")
        XCTAssertEqual(ASCIIFolding.fold("中"), "?")
    }

    func testEmptyPartsAreSaidAndEachSectionCarriesItsPatient() {
        let output = text(.init())
        XCTAssertTrue(output.contains("No doses missed in this shift"))
        XCTAssertTrue(output.contains("Patient: Bed 3 · Zoë Müller · H123456"))
        XCTAssertTrue(output.contains("Patient: Bed 4 · Ñuño Gonçalves · H654321"))
        for header in ["Shift handover", "Ward: Neonatal Unit – Ward 4", "Period: since 19:30", "Made: 2026-11-26 07:30 GMT by Ada Okafor", "Software: Cotside 0.9.0"] {
            XCTAssertTrue(output.contains(header), header)
        }
    }

    func testChartIsPlottedAndSaidInWords() {
        let output = text(.init())
        XCTAssertTrue(output.contains("Heart rate: lowest 149 /min, highest 181 /min, latest 155 /min (7 values)"))
        XCTAssertTrue(output.contains("Goal: 120 to 160 /min"))
        XCTAssertTrue(output.contains("50th centile: line at 2.15 kg"))
        XCTAssertTrue(output.contains("|...."), "the goal band is drawn")
    }
}
