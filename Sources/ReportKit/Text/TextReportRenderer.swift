/// The report as plain text for the terminal and `lp`: every line fits `options.width` columns
/// (wrapped at spaces, long words broken, never cut). A header names the report, ward, period,
/// who made it when and with what; each section opens with a full-width rule and its patient
/// line, so a torn-off page still says whose it is. Flagged facts carry a "!" in the margin and
/// "(out of range)" after the value, so the mark survives a black-and-white printer.
struct TextReportRenderer {
    var options: ReportRenderOptions
    /// The document's words (labels, the flag, the chart's key), set from the document rendered.
    var words: ReportWords = .english

    var width: Int { max(TextLayout.minimumWidth, options.width) }

    func render(_ document: ReportDocument) -> String {
        layout(document).lines.joined(separator: "\n") + "\n"
    }

    /// The lines `render` joins, and where each section begins (its opening rule), so a
    /// preview can jump between sections of exactly the text it shows.
    func layout(_ document: ReportDocument) -> TextReportLayout {
        let document = options.ascii ? ASCIIFolding.fold(document) : document
        var renderer = self
        renderer.words = document.words
        return renderer.laidOut(document)
    }

    private func laidOut(_ document: ReportDocument) -> TextReportLayout {
        var out: [String] = []
        var starts: [Int] = []
        let stamp = document.stamp
        out.append(String(repeating: "=", count: width))
        out += TextLayout.wrap(document.title, width: width)
        out += labelled(words.ward, stamp.ward)
        if let period = stamp.period { out += labelled(words.period, period) }
        out += labelled(words.made, words.madeLine(stamp))
        out += labelled(words.software, stamp.software)
        out.append(String(repeating: "=", count: width))
        for section in document.sections {
            out.append("")
            starts.append(out.count)
            out += sectionLines(section)
        }
        out.append("")
        out.append(String(repeating: "=", count: width))
        out += TextLayout.wrap("\(ReportWords.fill(words.end, document.title)) - \(stamp.ward) - \(stamp.madeAt)", width: width)
        return TextReportLayout(lines: out.map(TextTable.trimmed), sectionStarts: starts)
    }

    private func labelled(_ label: String, _ value: String) -> [String] {
        TextLayout.hanging(value, width: width, first: label + ": ", rest: String(repeating: " ", count: TextLayout.width(of: label) + 2))
    }

    func sectionLines(_ section: ReportSection) -> [String] {
        var out: [String] = []
        // A page-like break: a heavy rule for a section that starts a printed page, a light one otherwise.
        out.append(String(repeating: section.startsPage ? "=" : "-", count: width))
        if let patient = section.patient { out += labelled(words.patient, patient) }
        let heading = TextLayout.wrap(section.heading, width: width)
        out += heading
        out.append(String(repeating: "-", count: min(width, heading.map { TextLayout.width(of: $0) }.max() ?? 0)))
        for block in section.blocks {
            out.append("")
            out += blockLines(block)
        }
        return out
    }

    func blockLines(_ block: ReportBlock) -> [String] {
        switch block {
        case .subheading(let text):
            let lines = TextLayout.wrap(text, width: width)
            return lines + [String(repeating: "~", count: lines.map { TextLayout.width(of: $0) }.max() ?? 0)]
        case .paragraph(let text):
            return TextLayout.hanging(text, width: width, first: "  ", rest: "  ")
        case .facts(let facts):
            return factLines(facts)
        case .list(let items):
            return items.flatMap { TextLayout.hanging($0, width: width, first: "  - ", rest: "    ") }
        case .table(let table):
            return TextTable(columns: table.columns, rows: table.rows).lines(width: width, indent: "  ")
        case .chart(let chart):
            return TextChart(chart: chart, words: words).lines(width: width, indent: "  ")
        case .nothing(let text):
            return TextLayout.hanging(text, width: width, first: "  ", rest: "  ")
        case .notice(let text):
            return TextLayout.hanging(text, width: width, first: "  ** ", rest: "     ")
        }
    }

    /// "  Label        value": labels in a column up to a third of the width, values wrapped beside.
    private func factLines(_ facts: [ReportFact]) -> [String] {
        let labelWidth = min(max(8, (width - 4) / 3), facts.map { TextLayout.width(of: $0.label) }.max() ?? 0)
        let valueWidth = width - 4 - labelWidth - 2
        var out: [String] = []
        for fact in facts {
            let value = fact.flagged ? "\(fact.value) \(words.outOfRange)" : fact.value
            let labels = TextLayout.wrap(fact.label, width: labelWidth)
            let values = TextLayout.wrap(value, width: valueWidth)
            for line in 0..<max(labels.count, values.count) {
                let margin = fact.flagged && line == 0 ? "! " : "  "
                let label = line < labels.count ? labels[line] : ""
                let value = line < values.count ? values[line] : ""
                out.append(TextTable.trimmed("  " + margin + TextLayout.pad(label, to: labelWidth) + "  " + value))
            }
        }
        return out
    }
}
