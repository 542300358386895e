import ArgumentParser
import TerminalUI
import CotsideApp
import Foundation
import ReportKit
import WardStore

/// The options every `cotside report …` shares: the format, where it goes (standard output,
/// `--out`, `--force`, `--print`), the paper and who makes it (`--by`). Checked the same way for
/// every report: bad values exit 2 before the ward is read, and nothing is written.
struct ReportOutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("text, html or pdf.", valueName: "text|html|pdf")) var format: String = "text"
    @Option(help: ArgumentHelp("Write the report to this file (0600) instead of standard output.", valueName: "file"))
    var out: String?
    @Flag(help: "Replace the --out file if it exists.") var force = false
    @Flag(name: .customLong("print"), help: "Send the report to the default printer with lp (CUPS).") var sendToPrinter = false
    @Option(help: ArgumentHelp("Paper for PDF and HTML: a4 or letter.", valueName: "a4|letter")) var paper: String = "a4"
    @Option(help: ArgumentHelp("Initials of the staff member making the report (required: the report names them).",
                               valueName: "initials"))
    var by: String?

    /// The format and paper, or exit 2 naming what is allowed.
    func checked() throws -> (format: ReportFormat, paper: ReportPaper) {
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

    /// The member `--by` names (active), or exit 2 saying how to name one.
    func maker(_ ward: WardCLI) async throws -> Staff {
        guard let initials = by?.trimmingCharacters(in: .whitespaces), !initials.isEmpty else {
            throw CommandFailure.usage("--by: name the staff member making the report by their initials; the report says who made it "
                                       + "(`cotside staff list` shows the ward's staff)")
        }
        return try await ward.activeMember(initials: initials, option: "--by")
    }

    /// The language the report is written in: the run's (`CLIText`: `--lang`, else the
    /// workstation's, else the locale's); a fallback to English is said on standard error.
    /// An unknown `--lang` was refused before this, with every command's one refusal.
    func localizer() -> Localizer {
        if let notice = CLIText.fallbackNotice { printError("cotside: \(notice)\n") }
        return CLIText.t
    }

    /// Renders `document` (plain ASCII when the locale is not UTF-8) and delivers it. A PDF of a
    /// report whose language the PDF's fonts cannot show (Chinese) is refused before anything is
    /// written, naming HTML and text, rather than made of "?".
    func deliver(_ document: ReportDocument, kind: String, _ t: Localizer) throws {
        let (format, paper) = try checked()
        if format == .pdf, !ReportRendering.pdfShowsLanguage(document) {
            throw CommandFailure.usage("--format pdf: " + t("report.pdf_no_script", t.language.nativeName)
                                       + " (--format html, --format text)")
        }
        let ascii = !LocaleCharset.namesUTF8(ProcessInfo.processInfo.environment)
        let bytes = ReportRendering.render(document, as: format, options: ReportRenderOptions(ascii: ascii, paper: paper))
        try ReportOutput(bytes: bytes, format: format, kind: kind, out: out, force: force, print: sendToPrinter).deliver()
        if format == .pdf, let warning = Self.missingGlyphsWarning(document) { printError("cotside: \(warning)\n") }
    }

    /// The PDF's standard fonts lack some of the report's letters (a name in Chinese, Greek,
    /// Cyrillic …), printed as "?": said after the file is written, with the format that shows them.
    static func missingGlyphsWarning(_ document: ReportDocument) -> String? {
        guard let shown = ReportRendering.charactersMissingInPDFText(document) else { return nil }
        return "the PDF's standard fonts cannot show \(shown) (printed as ?); --format html shows every script"
    }
}

/// Where a rendered report goes: standard output, a file (0600, never over an existing one
/// without force, never a partial one), and the printer when asked (`ReportPrinter`, the copy
/// the app's preview uses too).
struct ReportOutput {
    let bytes: [UInt8]
    let format: ReportFormat
    /// Names the temporary file lp prints when there is no `--out` ("handover.pdf").
    var kind = "report"
    let out: String?
    let force: Bool
    let print: Bool
    var environment = ProcessInfo.processInfo.environment

    func deliver() throws {
        var saved: String?
        if let out {
            do {
                try ReportFile.write(bytes, to: out, force: force)
            } catch let error as ReportFileError {
                throw CommandFailure.usage("--out: \(error.description)")
            }
            saved = out
        } else if !print {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        guard print else {
            printError("cotside: report written to \(out ?? "")\n")
            return
        }
        // Printing needs a file lp can read: --out's, else one in a private temporary folder,
        // removed again whatever lp says (CUPS copies what it queues), so no copy of patient data
        // is left behind in /tmp.
        let file = try saved ?? temporaryFile()
        defer { if saved == nil { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) } }
        switch ReportPrinter.send(file, environment: environment) {
        case .noPrinter:
            let place = saved.map { "the report was saved to \($0)" } ?? "name a file with --out to keep the report"
            throw CommandFailure.runtime("--print: CUPS' lp is not installed (not found on PATH), so nothing was printed; \(place)")
        case .failed(let status, let words):
            let place = saved.map { "; the report is saved in \($0)" } ?? ""
            throw CommandFailure.runtime("lp could not print the report (exit \(status)): \(words)\(place)")
        case .sent(let words):
            printError("cotside: sent \(saved ?? "the report") to the printer: \(words)\n")
        }
    }

    /// A new 0600 file in a 0700 folder of the temporary directory, for lp to read.
    func temporaryFile() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let path = folder.appendingPathComponent("\(kind).\(format.fileExtension)").path
        try ReportFile.write(bytes, to: path, force: false)
        return path
    }
}
