import Foundation
import ReportKit
import TerminalUI
import WardStore

/// "Save the report" (`w`) or "Print the report" (`p`) from a preview: a file, a format and a
/// paper size. The file is written 0600 and never over an existing one; printing then sends
/// that file to CUPS' lp as a command, off the main actor, and says what came of it — where
/// lp is not installed, that nothing was printed and where the file was saved.
@MainActor
final class ReportSaveScreen: WardFormScreen, CommandScreen {
    enum Purpose: Sendable { case save, print }
    enum Loaded: Sendable { case printed(ReportPrintOutcome, file: String) }

    static let formats: [ReportFormat] = [.text, .html, .pdf]
    let document: ReportDocument
    /// The member the document names as its maker: only they may save or print it.
    let madeBy: Int64
    let kind: String
    let purpose: Purpose
    let words: ReportPreview.Words
    let environment: [String: String]
    /// A print was sent and has not come back: the form stays until lp answers.
    private(set) var printing = false

    init(document: ReportDocument, madeBy: Int64, kind: String, purpose: Purpose, words: ReportPreview.Words, _ context: AppContext,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.document = document
        self.madeBy = madeBy
        self.kind = kind
        self.purpose = purpose
        self.words = words
        self.environment = environment
        // Printed, a PDF carries the patient and "Page N of M" on every page; a file starts as text
        // (and so does a print in a language the PDF's fonts cannot show).
        let format: ReportFormat = purpose == .print && ReportRendering.pdfShowsLanguage(document) ? .pdf : .text
        super.init(titleKey: purpose == .print ? "report.print.title" : words.saveTitle, fields: [
            .path("file", label: context.t("report.save.file"), maxLength: 400,
                  value: Self.suggestedFile(kind: kind, format: format, now: context.clock.now, timeZone: context.clock.timeZone,
                                            environment: environment)),
            .choice("format", label: context.t("report.save.format"),
                    options: Self.options(Self.formats) { $0.rawValue }, selected: Self.formats.firstIndex(of: format)),
            .choice("paper", label: context.t("report.save.paper"),
                    options: Self.options(ReportPaper.allCases) { context.t("report.paper.\($0.rawValue)") }, selected: 0),
        ], context)
    }

    override var hasUnsavedInput: Bool { false }

    /// Printing, Enter says it prints (after saving the file lp reads).
    override func bindings(_ context: AppContext) -> [Binding<Action>] {
        guard purpose == .print else { return super.bindings(context) }
        return super.bindings(context).map { binding in
            guard binding.action == .save else { return binding }
            var printing = binding
            printing.label = context.t("key.print")
            printing.help = context.t("report.print.help")
            return printing
        }
    }

    override func hint(_ context: AppContext) -> String {
        purpose == .print ? context.t("report.print.hint") : super.hint(context)
    }

    /// `~/handover-20261125-0730.pdf`: the report's kind and the ward's local time (a new name
    /// each minute), with the extension of the format.
    static func suggestedFile(kind: String, format: ReportFormat, now: Date, timeZone: TimeZone,
                              environment: [String: String],
                              exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> String {
        SuggestedPath.inHome(kind, extension: format.fileExtension, now: now, timeZone: timeZone, environment: environment,
                             exists: exists)
    }

    /// A change of format changes the file's extension when it is a report extension, so a
    /// PDF is never saved as `.txt`; a name the user gave another ending is left as typed.
    override func fieldEdited(_ id: String, _ context: AppContext) {
        guard id == "format", var field = state["file"] else { return }
        let wanted = format.fileExtension
        for other in Self.formats.map(\.fileExtension) where other != wanted && field.text.hasSuffix("." + other) {
            field.text = String(field.text.dropLast(other.count)) + wanted
            field.cursor = field.text.count
            state["file"] = field
            issues["file"] = nil
            return
        }
    }

    /// A file under the home folder as `~/…`: the message line is one row, and the part of the
    /// path a nurse needs (the file's name) is at its end, where a long path was cut off.
    static func shown(_ file: String, environment: [String: String]) -> String {
        guard let home = environment["HOME"], !home.isEmpty, home != "/" else { return file }
        let folder = home.hasSuffix("/") ? home : home + "/"
        return file.hasPrefix(folder) ? "~/" + file.dropFirst(folder.count) : file
    }

    var format: ReportFormat { Self.formats[state.choice("format") ?? 0] }
    var paper: ReportPaper { ReportPaper.allCases[state.choice("paper") ?? 0] }

    override func submit(_ context: AppContext) -> Intent {
        guard !printing else { return .handled }
        guard context.staff?.id == madeBy else { return .message(.warning(context.t("report.maker_changed"))) }
        let file = (state.text("file") ?? "").trimmingCharacters(in: .whitespaces)
        let options = ReportRenderOptions(ascii: context.glyphs == .ascii, paper: paper)
        if format == .pdf, !ReportRendering.pdfShowsLanguage(document) {
            return refuse("format", context.t("report.pdf_no_script", context.localizer.language.nativeName), focus: true)
        }
        do {
            try ReportFile.write(ReportRendering.render(document, as: format, options: options), to: file, force: false)
        } catch {
            return refuse("file", (error as? ReportFileError)?.description ?? "\(error)", focus: true)
        }
        let shown = Self.shown(file, environment: environment)
        let missing = format == .pdf ? ReportRendering.charactersMissingInPDFText(document) : nil
        guard purpose == .print else {
            // A name in a script the PDF's standard fonts lack prints as "?": say so, and what shows it.
            if let missing {
                return .all([.pop, .message(.warning(context.t("report.save.missing_glyphs", shown, missing)))])
            }
            return .all([.pop, .message(.success(context.t(words.saved, shown)))])
        }
        printing = true
        let environment = self.environment
        return .all([.message(.info(context.t("report.print.sending", shown))), command("print") { _ in
            .printed(ReportPrinter.send(file, environment: environment), file: file)
        }])
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .printed(let outcome, let path):
            printing = false
            let file = Self.shown(path, environment: environment)
            switch outcome {
            case .sent(let words):
                return .all([.pop, .message(.success(context.t("report.print.sent", file, words)))])
            case .noPrinter:
                return .all([.pop, .message(.warning(context.t("report.print.no_lp", file)))])
            case .failed(let status, let words):
                return .all([.pop, .message(.error(context.t("report.print.failed", file, status, words)))])
            }
        }
    }
}

extension ReportFormat {
    /// The file name ending for the format: txt, html, pdf.
    public var fileExtension: String { self == .text ? "txt" : rawValue }
}
