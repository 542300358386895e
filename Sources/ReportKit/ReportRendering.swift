import Foundation

/// The formats a report is written in: `text` for the terminal and `lp`, `html` for a browser
/// (any script, printed from there), `pdf` for filing and attaching.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, html, pdf
}

/// The paper a printed report is laid out for (PDF page size, HTML `@page size`).
public enum ReportPaper: String, CaseIterable, Sendable {
    case a4, letter
}

/// How a report is laid out: the text width, whether text must be plain ASCII (a locale or
/// printer that is not UTF-8), and the paper size.
public struct ReportRenderOptions: Sendable, Equatable {
    /// Text columns, default 80. Narrower than `TextLayout.minimumWidth` is laid out at that width.
    public var width: Int
    /// Plain ASCII text (é → e, ° → deg, “ ” → "), so `lp` on a non-UTF-8 printer prints it.
    public var ascii: Bool
    public var paper: ReportPaper

    public init(width: Int = 80, ascii: Bool = false, paper: ReportPaper = .a4) {
        self.width = width
        self.ascii = ascii
        self.paper = paper
    }
}

/// The one entry point: a document in, the bytes of a file out. Pure (no clock, no files), so
/// a preview, a saved file and a printed page are the same bytes for the same document.
public enum ReportRendering {
    public static func render(_ document: ReportDocument, as format: ReportFormat,
                              options: ReportRenderOptions = .init()) -> [UInt8] {
        switch format {
        case .text:
            return Array(TextReportRenderer(options: options).render(document).utf8)
        case .html:
            return Array(HTMLReportRenderer(options: options).render(document).utf8)
        case .pdf:
            return PDFReportRenderer(options: options).render(document)
        }
    }
}
