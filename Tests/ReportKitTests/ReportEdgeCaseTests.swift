import Foundation
import XCTest
@testable import ReportKit

/// Odd documents (nothing in them, empty tables and charts, values that are not numbers, a
/// width too narrow for anything) still render in every format: a report is never refused
/// because a part of it is empty.
final class ReportEdgeCaseTests: XCTestCase {
    static let odd = ReportDocument(title: "", stamp: ReportStamp(ward: "", madeAt: "", madeBy: "", software: ""), sections: [
        ReportSection(heading: "", blocks: [
            .paragraph(""), .facts([]), .list([]), .table(ReportTable(columns: [], rows: [])),
            .table(ReportTable(columns: [ReportColumn("Only a header")], rows: [])),
            .table(ReportTable(columns: [ReportColumn("A")], rows: [["1", "more cells than columns"]])),
            .chart(ReportChart(title: "Empty", unit: "", series: [], span: 0)),
            .chart(ReportChart(title: "Not numbers", unit: "x", series: [ReportSeries(name: "s", points: [
                ReportPoint(x: .nan, y: 1), ReportPoint(x: 1, y: .infinity), ReportPoint(x: 2, y: 5)])],
                               bands: [ReportBand(label: "b", low: .nan, high: 3)], span: -5)),
            .chart(ReportChart(title: "Flat", unit: "", series: [ReportSeries(name: "s", points: [ReportPoint(x: 0, y: 7)])], span: 0)),
            .nothing(""), .notice(""), .subheading(""),
        ], startsPage: true),
    ])

    func testOddDocumentsRenderInEveryFormat() throws {
        for document in [Self.odd, ReportDocument(title: "Nothing", stamp: ReportFixture.stamp, sections: [])] {
            for width in [1, 24, 80] {
                let text = String(decoding: ReportRendering.render(document, as: .text, options: .init(width: width)), as: UTF8.self)
                XCTAssertTrue(text.split(separator: "\n").allSatisfy { $0.count <= max(width, TextLayout.minimumWidth) })
            }
            XCTAssertFalse(ReportRendering.render(document, as: .html).isEmpty)
            let path = try ExternalTool.temporaryFile(ReportRendering.render(document, as: .pdf), suffix: "pdf")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let check = try ExternalTool.run("qpdf", package: "qpdf", ["--check", path])
            XCTAssertTrue(check.stdout.contains("No syntax or stream encoding errors found"), check.stdout)
        }
    }

    func testAChartWithNoValuesSaysSo() {
        let text = String(decoding: ReportRendering.render(Self.odd, as: .text), as: UTF8.self)
        XCTAssertTrue(text.contains("Not numbers (x)"))
        XCTAssertTrue(text.contains("s: lowest 5 x, highest 5 x, latest 5 x (1 value)"), "only the point with both coordinates counts")
        XCTAssertFalse(text.contains("b:"), "a band with no numbers is left out")
        XCTAssertTrue(text.contains("Empty: no values"))
    }
}

extension ReportEdgeCaseTests {
    func testANoticeLongerThanAPageIsPrintedWhole() throws {
        let words = (1...900).map { "word\($0)" }
        let document = ReportDocument(title: "Long", stamp: ReportFixture.stamp, sections: [
            ReportSection(heading: "Notice", blocks: [.notice(words.joined(separator: " "))]),
        ])
        let path = try ExternalTool.temporaryFile(ReportRendering.render(document, as: .pdf), suffix: "pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try ExternalTool.run("pdftotext", package: "poppler-utils", [path, "-"]).stdout
        let found = Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        XCTAssertEqual(words.filter { !found.contains($0) }, [], "every word of the notice is on a page")
    }
}

extension ReportEdgeCaseTests {
    func testATableCellLongerThanAPageIsPrintedWhole() throws {
        let words = (1...1500).map { "cell\($0)" }
        let document = ReportDocument(title: "Long", stamp: ReportFixture.stamp, sections: [
            ReportSection(heading: "Table", blocks: [.table(ReportTable(columns: [ReportColumn("When"), ReportColumn("Note")],
                                                                      rows: [["06:00", words.joined(separator: " ")], ["07:00", "after"]]))]),
        ])
        let path = try ExternalTool.temporaryFile(ReportRendering.render(document, as: .pdf), suffix: "pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try ExternalTool.run("pdftotext", package: "poppler-utils", [path, "-"]).stdout
        let found = Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        XCTAssertEqual((words + ["after"]).filter { !found.contains($0) }, [], "every word of the cell is on a page")
    }
}
