import ChildProcess
import Foundation
import XCTest

/// The report files checked with real tools: HTML by libxml2's parser, PDF by qpdf and poppler.
/// `make test` installs them as root, so a missing tool fails there; a developer's run as a normal
/// user skips with the package that installs it.
enum ReportFileCheck {
    /// The Debian package each checker comes from.
    static let packages = ["xmllint": "libxml2-utils", "qpdf": "qpdf", "pdfinfo": "poppler-utils", "pdftotext": "poppler-utils"]

    /// Runs a checker; a non-zero exit fails the test with what it printed.
    @discardableResult
    static func tool(_ name: String, _ arguments: [String], file: StaticString = #filePath,
                     line: UInt = #line) throws -> ChildProcess.Outcome {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let found = folders.map({ "\($0)/\(name)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            let install = "apt-get install -y \(packages[name] ?? name) (make test does this as root)"
            if getuid() != 0 { throw XCTSkip("\(name) is not installed, so this check cannot run: \(install)") }
            XCTFail("\(name) is missing although the tests run as root: \(install)", file: file, line: line)
            throw XCTSkip("\(name) missing")
        }
        let outcome = try ChildProcess.run(found, arguments, stdin: Data(), timeout: 60)
        XCTAssertEqual(outcome.status, 0, "\(name) \(arguments.joined(separator: " ")): \(outcome.stderr)", file: file, line: line)
        return outcome
    }

    /// The HTML file parses: libxml2 knows HTML 4 only, so it may name the HTML5 and SVG
    /// elements it does not know, and nothing else.
    static func assertParsesAsHTML(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let outcome = try tool("xmllint", ["--html", "--noout", "--nonet", path], file: file, line: line)
        let html5 = Set(["header", "section", "figure", "figcaption", "footer", "svg", "g", "rect", "line", "polyline", "circle",
                         "text", "title"])
        for error in outcome.stderr.split(separator: "\n").filter({ $0.contains("parser error") }) {
            let tag = error.components(separatedBy: "Tag ").last?.components(separatedBy: " invalid").first ?? ""
            XCTAssertTrue(error.hasSuffix("invalid") && html5.contains(tag), "xmllint: \(error)", file: file, line: line)
        }
    }

    /// The PDF passes `qpdf --check`; its page count (pdfinfo) and each page's text (pdftotext).
    static func checkedPDF(_ path: String, layout: Bool = true, file: StaticString = #filePath,
                           line: UInt = #line) throws -> (pages: Int, pageTexts: [String], text: String) {
        try tool("qpdf", ["--check", path], file: file, line: line)
        let info = try tool("pdfinfo", [path], file: file, line: line).stdout
        let pages = Int(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        let text = try tool("pdftotext", (layout ? ["-layout"] : []) + [path, "-"], file: file, line: line).stdout
        // pdftotext ends every page with a form feed.
        let pageTexts = text.components(separatedBy: "\u{0C}").dropLast().map { $0 }
        return (pages, pageTexts, text)
    }
}
