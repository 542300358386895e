import Foundation
import XCTest
@testable import ReportKit

/// The HTML report is one self-contained, well-formed file: a real parser accepts it, it has no
/// script and names no URL, every text is escaped, and charts are inline SVG.
final class HTMLReportTests: XCTestCase {
    private func html(_ document: ReportDocument = ReportFixture.document, paper: ReportPaper = .a4) -> String {
        String(decoding: ReportRendering.render(document, as: .html, options: .init(paper: paper)), as: UTF8.self)
    }

    func testARealHTMLParserAcceptsItWithoutComplaint() throws {
        let path = try ExternalTool.temporaryFile(Array(html().utf8), suffix: "html")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try ExternalTool.run("xmllint", package: "libxml2-utils", ["--html", "--noout", "--nonet", path])
        // libxml2's HTML parser knows HTML 4 only: it names each HTML5 element and inline SVG
        // element it does not know, and that is all it may say.
        let html5 = Set(["header", "section", "figure", "figcaption", "footer", "svg", "g", "rect", "line", "polyline", "circle", "text", "title"])
        let errors = outcome.stderr.split(separator: "\n").filter { $0.contains("parser error") }
        for error in errors {
            let tag = error.components(separatedBy: "Tag ").last?.components(separatedBy: " invalid").first ?? ""
            XCTAssertTrue(error.hasSuffix("invalid") && html5.contains(tag), "xmllint: \(error)")
        }
    }

    func testPythonsHTMLParserSeesBalancedTagsAndTheText() throws {
        let script = """
        import sys
        from html.parser import HTMLParser
        VOID = {"meta", "br", "img", "hr", "input", "link", "circle", "line", "rect", "polyline", "path"}
        class P(HTMLParser):
            def __init__(self):
                super().__init__(); self.stack = []; self.text = []; self.tags = set()
            def handle_starttag(self, tag, attrs):
                self.tags.add(tag)
                if tag not in VOID: self.stack.append(tag)
            def handle_startendtag(self, tag, attrs): self.tags.add(tag)
            def handle_endtag(self, tag):
                if tag in VOID: return
                assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
                self.stack.pop()
            def handle_data(self, data): self.text.append(data)
        p = P(); p.feed(sys.stdin.read()); p.close()
        assert not p.stack, f"unclosed {p.stack}"
        print(" ".join(sorted(p.tags))); print(" ".join(p.text))
        """
        let outcome = try ExternalTool.run("python3", package: "python3", ["-c", script], stdin: Data(html().utf8))
        let lines = outcome.stdout.split(separator: "\n", maxSplits: 1).map(String.init)
        XCTAssertEqual(lines.count, 2, outcome.stdout + outcome.stderr)
        let tags = Set(lines.first?.split(separator: " ").map(String.init) ?? [])
        XCTAssertTrue(tags.isSuperset(of: ["table", "th", "td", "svg", "polyline", "rect", "style", "section"]), "\(tags)")
        XCTAssertFalse(tags.contains("script"))
        let text = lines.last ?? ""
        for expected in ["Zoë Müller", "Ñuño Gonçalves", "38.4 °C at 05:10", "(out of range)", "No doses missed in this shift",
                         "Gentamicin", "Research use only"] {
            XCTAssertTrue(text.contains(expected), "the parsed text has \(expected)")
        }
    }

    func testHasNoScriptAndNamesNoURL() {
        let output = html().lowercased()
        XCTAssertFalse(output.contains("<script"))
        XCTAssertFalse(output.contains("http:"))
        XCTAssertFalse(output.contains("https:"))
        XCTAssertFalse(output.contains("url("))
        XCTAssertFalse(output.contains("@import"))
    }

    func testEscapesEveryText() {
        let hostile = ReportDocument(title: "<script>alert(1)</script>", stamp: ReportFixture.stamp, sections: [
            ReportSection(heading: "A & B", patient: "Bed \"1\" <b>", blocks: [.paragraph("x < y > z 'q'"), .facts([ReportFact("<i>", "&amp;")])]),
        ])
        let output = html(hostile)
        XCTAssertFalse(output.contains("<script>"))
        XCTAssertTrue(output.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertTrue(output.contains("A &amp; B"))
        XCTAssertTrue(output.contains("Bed &quot;1&quot; &lt;b&gt;"))
        XCTAssertTrue(output.contains("&amp;amp;"))
    }

    func testPrintStylesFollowThePaperAndBreakBeforeSectionsThatStartAPage() {
        XCTAssertTrue(html(paper: .a4).contains("size: A4"))
        XCTAssertTrue(html(paper: .letter).contains("size: letter"))
        let output = html()
        XCTAssertTrue(output.contains("@media print"))
        XCTAssertTrue(output.contains("page-break-before: always"))
        XCTAssertEqual(output.components(separatedBy: "<section class=\"newpage\">").count - 1, 2)
        XCTAssertTrue(output.contains("<p class=\"patient\">Bed 3 · Zoë Müller · H123456 · DOB 2026-11-18</p>"))
    }

    func testChartsAreInlineSVGWithBandsSeriesAndTicks() {
        let output = html()
        XCTAssertEqual(output.components(separatedBy: "<svg ").count - 1, 2)
        XCTAssertTrue(output.contains("<rect class=\"band\""))
        XCTAssertTrue(output.contains("<line class=\"centile\""))
        XCTAssertTrue(output.contains("<polyline"))
        XCTAssertTrue(output.contains(">19:30</text>"))
        XCTAssertTrue(output.contains("Heart rate: lowest 149 /min, highest 181 /min, latest 155 /min"))
    }

    func testTablesHaveHeaderCells() {
        let output = html()
        XCTAssertTrue(output.contains("<th scope=\"col\">Drug</th>"))
        XCTAssertTrue(output.contains("<th scope=\"col\" class=\"num\">Dose</th>"))
    }
}
