import ArgumentParser
import CotsideApp
import Foundation
import ReportKit
import WardStore

/// The options every `cotside report …` shares: the format, where it goes, the paper and who
/// makes it, checked and delivered the same way for each report (exit 2 naming the option; never
/// a partial file).
struct ReportOptions: ParsableArguments {
    @Option(help: ArgumentHelp("text, html or pdf.", valueName: "text|html|pdf")) var format: String = "text"
    @Option(help: ArgumentHelp("Write the report to this file (0600) instead of standard output.", valueName: "file"))
    var out: String?
    @Flag(help: "Replace the --out file if it exists.") var force = false
    @Flag(name: .customLong("print"), help: "Send the report to the default printer with lp (CUPS).") var sendToPrinter = false
    @Option(help: ArgumentHelp("Paper for PDF and HTML: a4 or letter.", valueName: "a4|letter")) var paper: String = "a4"
    @Option(help: ArgumentHelp("Initials of the staff member making the report (required: the report names them).",
                               valueName: "initials"))
    var by: String?

    /// What needs no ward: the format, the paper and `--out`; exit 2 naming the option and what is allowed.
    @discardableResult
    func check() throws -> (format: ReportFormat, paper: ReportPaper) {
        guard let format = ReportFormat(rawValue: format.lowercased()) else {
            throw CommandFailure.usage("--format \(format): not a format; use text, html or pdf")
        }
        guard let paper = ReportPaper(rawValue: paper.lowercased()) else {
            throw CommandFailure.usage("--paper \(paper): not a paper size; use a4 or letter")
        }
        if let out, out.isEmpty { throw CommandFailure.usage("--out needs a file name") }
        if format == .pdf, out == nil, !sendToPrinter {
            throw CommandFailure.usage("--format pdf: a PDF is not written to the terminal; name a file with --out")
        }
        return (format, paper)
    }

    /// The active member `--by` names: a read, so no PIN, but the report says who made it.
    func maker(_ ward: WardCLI) async throws -> Staff {
        guard let initials = by?.trimmingCharacters(in: .whitespaces), !initials.isEmpty else {
            throw CommandFailure.usage("--by: name the staff member making the report by their initials; the report says who made it "
                                       + "(`cotside staff list` shows the ward's staff)")
        }
        return try await ward.activeMember(initials: initials, option: "--by")
    }

    /// Renders the document (plain ASCII text when the locale is not UTF-8) and sends it where
    /// the options say. `name` names the temporary file lp prints without `--out`.
    func deliver(_ document: ReportDocument, name: String) throws {
        let (format, paper) = try check()
        let bytes = ReportRendering.render(document, as: format,
                                           options: ReportRenderOptions(ascii: !LocaleCharset.isUTF8(ProcessInfo.processInfo.environment),
                                                                        paper: paper))
        try ReportOutput(bytes: bytes, format: format, out: out, force: force, print: sendToPrinter, name: name).deliver()
    }
}
