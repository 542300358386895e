import Foundation
import XCTest
@testable import ReportKit

/// The renderers write their own words and the chart's numbers in the document's language: the
/// stamp's labels, "Page 1 of 2", the chart's key and summary, the flag, `<html lang>`, and the
/// y ticks and summaries with the language's decimal mark (they wrote "2.2" in a German report).
final class ReportWordsTests: XCTestCase {
    static let german = ReportWords(
        languageCode: "de", decimalMark: ",", ward: "Station", period: "Zeitraum", made: "Erstellt", madeValue: "{0} von {1}",
        software: "Programm", patient: "Patient", page: "Seite {0} von {1}", end: "Ende: {0}",
        outOfRange: "(außerhalb des Zielbereichs)", key: "Legende", noValues: "{0}: keine Werte",
        series: "{0}: niedrigster {1}, höchster {2}, letzter {3} ({4})", oneValue: "1 Wert", values: "{0} Werte",
        bandLine: "{0}: Linie bei {1}", bandRange: "{0}: {1} bis {2}")

    var document: ReportDocument {
        var document = ReportFixture.document
        document.words = Self.german
        return document
    }

    func testFillReplacesEachPlaceholderOnceLeftToRight() {
        XCTAssertEqual(ReportWords.fill("Seite {0} von {1}", "1", "3"), "Seite 1 von 3")
        XCTAssertEqual(ReportWords.fill("{0}（完）", "交接班"), "交接班（完）")
        XCTAssertEqual(ReportWords.fill("{0} by {1}", "{1}", "x"), "{1} by x", "an argument is not filled in again")
        XCTAssertEqual(ReportWords.fill("{2} {x}", "a"), "{2} {x}")
    }

    func testTextSaysTheLabelsAndChartNumbersInTheLanguage() {
        let text = String(decoding: ReportRendering.render(document, as: .text), as: UTF8.self)
        for expected in ["Station: ", "Erstellt: ", "Programm: ", "Legende: ", "niedrigster 2,1 kg", "Linie bei 2,15 kg",
                         "(außerhalb des Zielbereichs)", "Ende: "] {
            XCTAssertTrue(text.contains(expected), "\(expected) in:\n\(text)")
        }
        for english in ["Ward:", "Made:", "Key:", "lowest", "line at", "(out of range)", "End of"] {
            XCTAssertFalse(text.contains(english), english)
        }
        XCTAssertTrue(text.contains("höchster 2,2 kg, letzter 2,1 kg"), "the chart's summary with commas")
    }

    func testHTMLNamesItsLanguageAndPrintsPageNumbersInIt() {
        let html = String(decoding: ReportRendering.render(document, as: .html), as: UTF8.self)
        XCTAssertTrue(html.contains("<html lang=\"de\">"))
        XCTAssertTrue(html.contains("@bottom-right { content: \"Seite \" counter(page) \" von \" counter(pages);"), html)
        XCTAssertTrue(html.contains("<dt>Erstellt</dt>"))
        XCTAssertTrue(html.contains(">2,2</text>") || html.contains(">2,11</text>") || html.contains(">2,15</text>"), "y ticks with a comma")
        XCTAssertEqual(HTMLReportRenderer.cssContent("第 {0} 页，共 {1} 页"), "\"第 \" counter(page) \" 页，共 \" counter(pages) \" 页\"")
        XCTAssertEqual(HTMLReportRenderer.cssContent("{0}/{1}"), "counter(page) \"/\" counter(pages)")
        let english = String(decoding: ReportRendering.render(ReportFixture.document, as: .html), as: UTF8.self)
        XCTAssertTrue(english.contains("<html lang=\"en\">"))
        XCTAssertTrue(english.contains("content: \"Page \" counter(page) \" of \" counter(pages)"))
    }

    func testThePDFsPagesAreNumberedAndStampedInTheLanguage() throws {
        let path = try ExternalTool.temporaryFile(ReportRendering.render(document, as: .pdf), suffix: "pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try ExternalTool.run("pdftotext", package: "poppler-utils", ["-layout", path, "-"]).stdout
        let pages = text.components(separatedBy: "\u{0C}").dropLast()
        for (index, page) in pages.enumerated() {
            XCTAssertTrue(page.contains("Seite \(index + 1) von \(pages.count)"), page)
            XCTAssertTrue(page.contains("Erstellt 2026-11-26 07:30 GMT von Ada Okafor (AO), nurse"), page)
        }
        XCTAssertTrue(text.contains("niedrigster 2,1 kg"), text)
        XCTAssertFalse(text.contains("Page 1"), text)
    }

    func testPDFRefusesALanguageItsFontsCannotShowButNotANameAlone() {
        var chinese = ReportFixture.document
        chinese.title = "交接班"
        XCTAssertFalse(ReportRendering.pdfShowsLanguage(chinese))
        var name = ReportFixture.document
        name.sections[0].patient = "Bed 3 · 王小明"
        XCTAssertTrue(ReportRendering.pdfShowsLanguage(name), "a Chinese name in an English report keeps its PDF (with a warning)")
    }
}

/// Chart ticks in a double-width script are placed by display width, not left out.
final class TextChartWideTickTests: XCTestCase {
    func testChineseDayTicksAreDrawnUnderTheAxis() {
        var document = ReportFixture.document
        document.sections = [ReportSection(heading: "体重", blocks: [.chart(ReportChart(
            title: "体重", unit: "kg", series: [ReportSeries(name: "体重", points: [ReportPoint(x: 0, y: 2.2), ReportPoint(x: 86_400, y: 2.1)])],
            xLabels: [ReportTick(x: 0, label: "11月20日"), ReportTick(x: 86_400, label: "11月21日")], span: 86_400))])]
        let lines = String(decoding: ReportRendering.render(document, as: .text), as: UTF8.self).split(separator: "\n")
        let ticks = lines.first { $0.contains("11月20日") }
        XCTAssertNotNil(ticks, lines.joined(separator: "\n"))
        XCTAssertTrue(ticks?.contains("11月21日") == true)
        XCTAssertLessThanOrEqual(TextLayout.width(of: ticks ?? ""), 80, "fits the width in cells")
    }
}
