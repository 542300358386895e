import ArgumentParser
import Foundation
import ReportKit
import WardStore

/// What every `cotside report` document subcommand shares: the format, the file (0600, never
/// over one without --force), the printer, the paper and who made it. Checked before the ward
/// is opened, so a bad value exits 2 having read nothing and written nothing.
struct ReportFileOptions: ParsableArguments {
    @Option(help: ArgumentHelp("text, html or pdf.", valueName: "text|html|pdf")) var format: String = "text"
    @Option(help: ArgumentHelp("Write the report to this file (0600) instead of standard output.", valueName: "file"))
    var out: String?
    @Flag(help: "Replace the --out file if it exists.") var force = false
    @Flag(name: .customLong("print"), help: "Send the report to the default printer with lp (CUPS).") var sendToPrinter = false
    @Option(help: ArgumentHelp("Paper for PDF and HTML: a4 or letter.", valueName: "a4|letter")) var paper: String = "a4"
    @Option(help: ArgumentHelp("Initials of the staff member making the report (required: the report names them).",
                               valueName: "initials"))
    var by: String?

    /// The format and paper asked for, or exit 2 naming what is allowed.
    func checked() throws -> (format: ReportFormat, paper: ReportPaper) {
        guard let reportFormat = ReportFormat(rawValue: format.lowercased()) else {
            throw CommandFailure.usage("--format \(format): not a format; use text, html or pdf")
        }
        guard let reportPaper = ReportPaper(rawValue: paper.lowercased()) else {
            throw CommandFailure.usage("--paper \(paper): not a paper size; use a4 or letter")
        }
        if let out, out.isEmpty { throw CommandFailure.usage("--out needs a file name") }
        if reportFormat == .pdf, out == nil, !sendToPrinter {
            throw CommandFailure.usage("--format pdf: a PDF is not written to the terminal; name a file with --out")
        }
        return (reportFormat, reportPaper)
    }

    /// The active member `--by` names (no PIN: a report stores nothing), or exit 2.
    func maker(_ ward: WardCLI) async throws -> Staff {
        guard let initials = by?.trimmingCharacters(in: .whitespaces), !initials.isEmpty else {
            throw CommandFailure.usage("--by: name the staff member making the report by their initials; the report says who made it "
                                       + "(`cotside staff list` shows the ward's staff)")
        }
        return try await ward.activeMember(initials: initials, option: "--by")
    }

    /// Renders `document` (ASCII text when the locale is not UTF-8) and delivers it.
    func deliver(_ document: ReportDocument, format: ReportFormat, paper: ReportPaper) throws {
        let bytes = ReportRendering.render(document, as: format,
                                           options: ReportRenderOptions(ascii: !LocaleCharset.isUTF8(ProcessInfo.processInfo.environment),
                                                                        paper: paper))
        try ReportOutput(bytes: bytes, format: format, out: out, force: force, print: sendToPrinter).deliver()
    }
}
