import Foundation

/// The report as a PDF 1.4 file: A4 (595 × 842 pt) or Letter (612 × 792 pt), the standard
/// Helvetica fonts in WinAnsiEncoding (not embedded, so text is extractable and the file small),
/// vector charts. Every page has a running header (ward and report, the patient line of the
/// section on it) and footer (made at / by, software, "Page N of M"), so a loose sheet is never
/// anonymous. /Info carries Title, Author, Subject, Producer and CreationDate.
struct PDFReportRenderer {
    var options: ReportRenderOptions

    var pageSize: (width: Double, height: Double) {
        switch options.paper {
        case .a4: return (595, 842)
        case .letter: return (612, 792)
        }
    }

    func render(_ document: ReportDocument) -> [UInt8] {
        let (width, height) = pageSize
        var layout = PDFLayout(pageWidth: width, pageHeight: height)
        layout.words = document.words
        titleBlock(document, into: &layout)
        for section in document.sections { layout.section(section) }

        var writer = PDFWriter()
        let catalog = writer.reserve(), pagesID = writer.reserve()
        let regular = writer.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        let bold = writer.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
        var kids: [Int] = []
        for (index, draft) in layout.drafts.enumerated() {
            var page = draft.page
            furnish(&page, number: index + 1, of: layout.drafts.count,
                    patient: draft.patients.isEmpty ? nil : draft.patients.joined(separator: "  |  "), document: document, layout: layout)
            let contents = writer.addStream(page.content)
            kids.append(writer.add("<< /Type /Page /Parent \(pagesID) 0 R /MediaBox [0 0 \(PDFPage.n(width)) \(PDFPage.n(height))] "
                                   + "/Resources << /Font << /F1 \(regular) 0 R /F2 \(bold) 0 R >> >> /Contents \(contents) 0 R >>"))
        }
        writer.write(pagesID, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>")
        writer.write(catalog, "<< /Type /Catalog /Pages \(pagesID) 0 R >>")
        var info = "<< /Title \(Self.textString(document.title)) /Author \(Self.textString(document.stamp.madeBy)) "
            + "/Subject \(Self.textString(document.stamp.ward)) /Producer \(Self.textString(document.stamp.software)) "
            + "/Creator \(Self.textString(document.stamp.software))"
        if let date = document.stamp.instant.map(Self.pdfDate) ?? Self.pdfDate(document.stamp.madeAt) {
            info += " /CreationDate (\(date))"
        }
        let infoID = writer.add(info + " >>")
        return writer.finish(root: catalog, info: infoID)
    }

    private func titleBlock(_ document: ReportDocument, into layout: inout PDFLayout) {
        layout.newPage()
        let stamp = document.stamp
        layout.paragraph(document.title, size: 18, bold: true, leading: 24)
        let words = document.words
        layout.paragraph("\(words.ward): \(stamp.ward)")
        if let period = stamp.period { layout.paragraph("\(words.period): \(period)") }
        layout.paragraph("\(words.made): \(words.madeLine(stamp))")
        layout.paragraph("\(words.software): \(stamp.software)")
        layout.space(4)
        layout.rule(colour: .black, width: 1.5)
        layout.space(10)
    }

    /// The running header and footer, drawn once the page count is known. A line too long for
    /// the width is set smaller rather than cut.
    private func furnish(_ page: inout PDFPage, number: Int, of count: Int, patient: String?, document: ReportDocument, layout: PDFLayout) {
        let left = layout.left, width = layout.contentWidth, top = layout.pageHeight
        func fitted(_ text: String, bold: Bool, size: Double, room: Double) -> ([UInt8], Double) {
            let bytes = PDFText.encode(text)
            let w = HelveticaMetrics.width(bytes, bold: bold, size: size)
            return (bytes, w > room ? max(4, size * room / w) : size)
        }
        let (head, headSize) = fitted("\(document.stamp.ward) · \(document.title)", bold: false, size: 8, room: width)
        page.text(head, x: left, y: top - 30, size: headSize, colour: .grey)
        if let patient {
            let (line, size) = fitted(patient, bold: true, size: 9, room: width)
            page.text(line, x: left, y: top - 42, font: .bold, size: size)
        }
        page.line(from: (left, top - 48), to: (left + width, top - 48), width: 0.5, colour: .rule)

        page.line(from: (left, 44), to: (left + width, 44), width: 0.5, colour: .rule)
        let pageWords = PDFText.encode(document.words.pageLine(number, of: count))
        let pageWidth = HelveticaMetrics.width(pageWords, bold: true, size: 8)
        page.text(pageWords, x: left + width - pageWidth, y: 32, font: .bold, size: 8)
        let stamp = document.stamp
        let (foot, footSize) = fitted("\(document.words.made) \(document.words.madeLine(stamp)) · \(stamp.software)", bold: false, size: 8,
                                      room: width - pageWidth - 12)
        page.text(foot, x: left, y: 32, size: footSize, colour: .grey)
    }

    /// A PDF text string in UTF-16BE with its byte order mark: /Info shows any script.
    static func textString(_ text: String) -> String {
        "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
    }

    /// An instant as a PDF date in UTC: "D:20261126073000Z".
    static func pdfDate(_ instant: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return String(format: "D:%04d%02d%02d%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// "2026-11-26 07:30 GMT" → "D:202611260730"; nil when the stamp is not a date and time.
    static func pdfDate(_ madeAt: String) -> String? {
        let digits = madeAt.prefix(16).filter(\.isNumber)
        guard digits.count == 12, madeAt.count >= 16 else { return nil }
        let pattern = Array(madeAt.prefix(16))
        guard pattern[4] == "-", pattern[7] == "-", pattern[13] == ":" else { return nil }
        return "D:" + digits
    }

    /// Every string the PDF would show, for `ReportRendering.charactersMissingInPDF`.
    static func strings(of document: ReportDocument) -> [String] {
        let s = document.stamp
        var out = [document.title, s.ward, s.madeAt, s.madeBy, s.software] + (s.period.map { [$0] } ?? [])
        for section in document.sections {
            out.append(section.heading)
            if let patient = section.patient { out.append(patient) }
            for block in section.blocks {
                switch block {
                case .subheading(let t), .paragraph(let t), .nothing(let t), .notice(let t): out.append(t)
                case .facts(let facts): out += facts.flatMap { [$0.label, $0.value] }
                case .list(let items): out += items
                case .table(let table): out += table.columns.map(\.title) + table.rows.joined()
                case .chart(let chart):
                    out += [chart.title, chart.unit] + chart.series.map(\.name) + chart.bands.map(\.label) + chart.xLabels.map(\.label)
                }
            }
        }
        return out
    }
}
