/// Lays a report out on pages: a cursor moves down the content area, and a block that does not
/// fit starts a new page (a table repeats its header row there). Text is measured with the
/// Helvetica metrics, so a line never runs past the margin. Page headers and footers are drawn
/// later by `PDFReportRenderer`, once the page count is known ("Page N of M").
struct PDFLayout {
    struct Draft {
        var page = PDFPage()
        /// The patient line of every section on the page, in order (the one running on from the
        /// page before first), for the running header.
        var patients: [String] = []
    }

    static let margin = 50.0
    static let headerSpace = 62.0   // from the top edge to the content
    static let footerSpace = 62.0   // from the bottom edge to the content
    static let bodySize = 10.0, leading = 13.0

    let pageWidth: Double, pageHeight: Double
    /// The document's words (the flag, the chart's summary).
    var words: ReportWords = .english
    private(set) var drafts: [Draft] = []
    private var y = 0.0
    private var patient: String?
    /// Sections begun on the current page: the first section may share the title's page.
    private var sectionsOnPage = 0

    init(pageWidth: Double, pageHeight: Double) {
        self.pageWidth = pageWidth
        self.pageHeight = pageHeight
    }

    var left: Double { Self.margin }
    var contentWidth: Double { pageWidth - 2 * Self.margin }
    var top: Double { pageHeight - Self.headerSpace }
    var bottom: Double { Self.footerSpace }

    // MARK: Pages

    mutating func newPage() {
        drafts.append(Draft(patients: patient.map { [$0] } ?? []))
        y = top
        sectionsOnPage = 0
    }

    private var pageIsEmpty: Bool { drafts.isEmpty || y >= top }

    /// Moves to a new page unless `height` fits below the cursor (or the page is still empty).
    mutating func ensure(_ height: Double) {
        if drafts.isEmpty || (y - height < bottom && !pageIsEmpty) { newPage() }
    }

    private mutating func draw(_ body: (inout PDFPage) -> Void) {
        body(&drafts[drafts.count - 1].page)
    }

    // MARK: Text

    /// WinAnsi bytes in lines no wider than `width` points, broken at spaces (a word wider than
    /// the line is broken between letters, never cut).
    static func wrap(_ bytes: [UInt8], width: Double, bold: Bool, size: Double) -> [[UInt8]] {
        let space = HelveticaMetrics.width([0x20], bold: bold, size: size)
        var lines: [[UInt8]] = []
        for paragraph in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var line: [UInt8] = []
            var lineWidth = 0.0
            for word in paragraph.split(separator: 0x20) {
                var pieces: [ArraySlice<UInt8>] = []
                var start = word.startIndex, pieceWidth = 0.0
                for index in word.indices {
                    let w = HelveticaMetrics.width([word[index]], bold: bold, size: size)
                    if pieceWidth + w > width, index > start {
                        pieces.append(word[start..<index])
                        start = index
                        pieceWidth = 0
                    }
                    pieceWidth += w
                }
                pieces.append(word[start..<word.endIndex])
                for (n, piece) in pieces.enumerated() {
                    let w = HelveticaMetrics.width(piece, bold: bold, size: size)
                    if n == 0, !line.isEmpty, lineWidth + space + w <= width {
                        line.append(0x20)
                        line += piece
                        lineWidth += space + w
                    } else {
                        if !line.isEmpty { lines.append(line) }
                        line = Array(piece)
                        lineWidth = w
                    }
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// Wrapped text at `indent` from the left margin; each line moves to a new page if it must.
    mutating func paragraph(_ text: String, indent: Double = 0, size: Double = bodySize, bold: Bool = false,
                            colour: PDFPage.Colour = .black, leading: Double = leading) {
        for line in Self.wrap(PDFText.encode(text), width: contentWidth - indent, bold: bold, size: size) {
            ensure(leading)
            let baseline = y - size
            let x = left + indent
            draw { $0.text(line, x: x, y: baseline, font: bold ? .bold : .regular, size: size, colour: colour) }
            y -= leading
        }
    }

    mutating func space(_ points: Double) {
        y -= points
    }

    mutating func rule(colour: PDFPage.Colour = .rule, width: Double = 0.5) {
        let at = y - 2
        let (x, w) = (left, contentWidth)
        draw { $0.line(from: (x, at), to: (x + w, at), width: width, colour: colour) }
        y -= 6
    }

    // MARK: Sections and blocks

    mutating func section(_ section: ReportSection) {
        // The patient first, so a page begun for this section names them, not the one before.
        patient = section.patient
        // Only the title's page may be shared by a section that starts a page (it shared a page
        // the section before had run onto, whose header named that cot only).
        let titleOnly = drafts.count == 1 && sectionsOnPage == 0
        if section.startsPage, !pageIsEmpty, !titleOnly { newPage() }
        if drafts.isEmpty { newPage() }
        ensure(60)  // a heading is never the last line of a page
        if let line = section.patient, !drafts[drafts.count - 1].patients.contains(line) {
            drafts[drafts.count - 1].patients.append(line)
        }
        sectionsOnPage += 1
        if let line = section.patient { paragraph(line, size: 10, bold: true) }
        paragraph(section.heading, size: 14, bold: true, leading: 18)
        rule(colour: .black, width: 1)
        for block in section.blocks {
            space(6)
            self.block(block)
        }
        space(14)
    }

    mutating func block(_ block: ReportBlock) {
        switch block {
        case .subheading(let text):
            space(4)
            ensure(40)
            paragraph(text, size: 11.5, bold: true, leading: 15)
        case .paragraph(let text):
            paragraph(text)
        case .facts(let facts):
            self.facts(facts)
        case .list(let items):
            for item in items {
                let lines = Self.wrap(PDFText.encode(item), width: contentWidth - 14, bold: false, size: Self.bodySize)
                for (n, line) in lines.enumerated() {
                    ensure(Self.leading)
                    let baseline = y - Self.bodySize, x = left
                    draw {
                        if n == 0 { $0.text([0x95], x: x + 2, y: baseline, size: Self.bodySize) }
                        $0.text(line, x: x + 14, y: baseline, size: Self.bodySize)
                    }
                    y -= Self.leading
                }
            }
        case .table(let table):
            PDFTableLayout(table: table).lay(into: &self)
        case .chart(let chart):
            PDFChartLayout(chart: chart, words: words).lay(into: &self)
        case .nothing(let text):
            paragraph(text, colour: .grey)
        case .notice(let text):
            let lines = Self.wrap(PDFText.encode(text), width: contentWidth - 16, bold: true, size: Self.bodySize)
            let height = Double(lines.count) * Self.leading + 10
            guard height < top - bottom else {
                // Longer than a page: no box, but every line, in bold red, over as many pages as it takes.
                paragraph(text, bold: true, colour: .red)
                return
            }
            ensure(height)
            let boxTop = y, x = left, w = contentWidth
            draw { $0.rect(x: x, y: boxTop - height, width: w, height: height, stroke: .red, lineWidth: 1.5) }
            y -= 5
            for line in lines {
                let baseline = y - Self.bodySize
                draw { $0.text(line, x: x + 8, y: baseline, font: .bold, size: Self.bodySize, colour: .red) }
                y -= Self.leading
            }
            y -= 5
        }
    }

    /// Labels in a column (up to a third of the width), values wrapped beside them; a flagged
    /// fact has a red "!" in the margin and "(out of range)" after its value, in bold.
    private mutating func facts(_ facts: [ReportFact]) {
        let labels = facts.map { PDFText.encode($0.label) }
        let labelWidth = min(contentWidth / 3, (labels.map { HelveticaMetrics.width($0, bold: false, size: Self.bodySize) }.max() ?? 0) + 1)
        let valueX = labelWidth + 12
        for (fact, label) in zip(facts, labels) {
            let value = fact.flagged ? "\(fact.value) \(words.outOfRange)" : fact.value
            let labelLines = Self.wrap(label, width: labelWidth, bold: false, size: Self.bodySize)
            let valueLines = Self.wrap(PDFText.encode(value), width: contentWidth - valueX, bold: fact.flagged, size: Self.bodySize)
            let rows = max(labelLines.count, valueLines.count)
            ensure(Double(rows) * Self.leading)
            for row in 0..<rows {
                ensure(Self.leading)
                let baseline = y - Self.bodySize
                let x = left
                draw { page in
                    if fact.flagged, row == 0 { page.text([0x21], x: x - 9, y: baseline, font: .bold, size: Self.bodySize, colour: .red) }
                    if row < labelLines.count { page.text(labelLines[row], x: x, y: baseline, size: Self.bodySize, colour: .grey) }
                    if row < valueLines.count {
                        page.text(valueLines[row], x: x + valueX, y: baseline, font: fact.flagged ? .bold : .regular,
                                  size: Self.bodySize, colour: fact.flagged ? .red : .black)
                    }
                }
                y -= Self.leading
            }
        }
    }

    // MARK: Access for the table and chart layouts

    var cursor: Double { y }
    mutating func moveDown(_ points: Double) { y -= points }
    mutating func drawOnPage(_ body: (inout PDFPage) -> Void) { draw(body) }
}
