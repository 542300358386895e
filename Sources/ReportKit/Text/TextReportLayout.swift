/// A text report as lines, with the line each section opens on: what a preview scrolls
/// through and jumps between. The same lines `ReportRendering.render(_:as: .text)` writes.
public struct TextReportLayout: Sendable, Equatable {
    public var lines: [String]
    /// Index in `lines` of each section's opening rule, one per section, in order.
    public var sectionStarts: [Int]

    public init(lines: [String], sectionStarts: [Int]) {
        self.lines = lines
        self.sectionStarts = sectionStarts
    }
}

extension ReportRendering {
    /// The text report laid out for a screen `options.width` wide, as lines and section starts.
    public static func textLayout(_ document: ReportDocument, options: ReportRenderOptions = .init()) -> TextReportLayout {
        TextReportRenderer(options: options).layout(document)
    }
}
