import Foundation
import XCTest
@testable import ReportKit

/// The running header names the patient of every section on its page: a cot that starts on a
/// page where the one before ends is named there too (it was not: the page kept the previous
/// cot's name), and a section that should start a page does so even after a long one.
final class PDFRunningHeaderTests: XCTestCase {
    private var files: [String] = []

    override func tearDown() {
        for file in files { try? FileManager.default.removeItem(atPath: file) }
    }

    /// Three cots; the first runs over a page and a half. Each section's words carry its marker.
    private func document(startsPage: Bool) -> ReportDocument {
        let cots = [("Alphamark", "Bed 1 · Alpha Cot · H1", 90), ("Betamark", "Bed 2 · Beta Cot · H2", 3),
                    ("Gammamark", "Bed 3 · Gamma Cot · H3", 3)]
        return ReportDocument(title: "Shift handover", stamp: ReportStamp(ward: "Ward 4", madeAt: "2026-11-26 07:30 GMT",
                                                                          madeBy: "Ada Okafor (AO), nurse", software: "Cotside 0.9.0"),
                              sections: cots.map { marker, patient, lines in
            ReportSection(heading: marker, patient: patient,
                          blocks: (0..<lines).map { _ in .paragraph("\(marker) words to fill the page, line after line.") },
                          startsPage: startsPage)
        })
    }

    /// Each page's header (the top 58 points) and its body.
    private func pages(_ document: ReportDocument) throws -> [(header: String, body: String)] {
        let path = try ExternalTool.temporaryFile(ReportRendering.render(document, as: .pdf), suffix: "pdf")
        files.append(path)
        let info = try ExternalTool.run("pdfinfo", package: "poppler-utils", [path]).stdout
        let count = Int(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        return try (1...max(1, count)).map { n in
            let page = ["-f", "\(n)", "-l", "\(n)"]
            let header = try ExternalTool.run("pdftotext", package: "poppler-utils",
                                              page + ["-x", "0", "-y", "0", "-W", "595", "-H", "58", path, "-"]).stdout
            let body = try ExternalTool.run("pdftotext", package: "poppler-utils",
                                            page + ["-x", "0", "-y", "58", "-W", "595", "-H", "730", path, "-"]).stdout
            return (header, body)
        }
    }

    private func assertEveryPageNamesItsPatients(_ document: ReportDocument, file: StaticString = #filePath, line: UInt = #line) throws {
        let pages = try pages(document)
        XCTAssertGreaterThanOrEqual(pages.count, 2, file: file, line: line)
        for (index, page) in pages.enumerated() {
            for section in document.sections where page.body.contains(section.heading) {
                let name = section.patient!.components(separatedBy: " · ")[1]
                XCTAssertTrue(page.header.contains(name), "page \(index + 1) holds \(section.heading) but its header is: \(page.header)",
                              file: file, line: line)
            }
        }
    }

    func testACotThatStartsAPageAfterALongOneIsOnItsOwnPageAndNamedThere() throws {
        let document = document(startsPage: true)
        try assertEveryPageNamesItsPatients(document)
        // Every cot starts a page of its own: no page holds two cots' words.
        for (index, page) in try pages(document).enumerated() {
            let cots = document.sections.filter { page.body.contains($0.heading) }
            XCTAssertLessThanOrEqual(cots.count, 1, "page \(index + 1) holds \(cots.map(\.heading))")
        }
    }

    func testSectionsSharingAPageAreAllNamedInItsHeader() throws {
        try assertEveryPageNamesItsPatients(document(startsPage: false))
    }
}
