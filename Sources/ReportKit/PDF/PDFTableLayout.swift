/// A table on PDF pages: columns fitted to the width by their measured text (`ColumnFit`),
/// cells wrapped inside their column, a shaded header row repeated on every page the table
/// runs onto, rows kept whole (a row taller than a page goes on in pieces).
struct PDFTableLayout {
    static let size = 9.0, leading = 11.5, pad = 4.0

    var table: ReportTable

    func lay(into layout: inout PDFLayout) {
        let count = max(table.columns.count, table.rows.map(\.count).max() ?? 0)
        guard count > 0 else { return }
        let titles = (0..<count).map { PDFText.encode($0 < table.columns.count ? table.columns[$0].title : "") }
        let rows = table.rows.map { row in (0..<count).map { PDFText.encode($0 < row.count ? row[$0] : "") } }
        let trailing = (0..<count).map { $0 < table.columns.count && table.columns[$0].alignment == .trailing }
        func measure(_ bytes: ArraySlice<UInt8>, _ bold: Bool) -> Int { Int(HelveticaMetrics.width(bytes, bold: bold, size: Self.size).rounded(.up)) }
        let natural = (0..<count).map { c in max(measure(titles[c][...], true), rows.map { measure($0[c][...], false) }.max() ?? 0) + 1 }
        let words = (0..<count).map { c in
            max(titles[c].split(separator: 0x20).map { measure($0, true) }.max() ?? 0,
                rows.map { $0[c].split(separator: 0x20).map { measure($0, false) }.max() ?? 0 }.max() ?? 0) + 1
        }
        let room = Int(layout.contentWidth - Double(count) * 2 * Self.pad)
        let widths = ColumnFit.widths(natural: natural, longestWord: words, room: room).map(Double.init)

        func wrapRow(_ cells: [[UInt8]], bold: Bool) -> [[[UInt8]]] {
            cells.enumerated().map { PDFLayout.wrap($0.element, width: widths[$0.offset], bold: bold, size: Self.size) }
        }
        func height(_ wrapped: [[[UInt8]]]) -> Double {
            Double(wrapped.map(\.count).max() ?? 1) * Self.leading + 2 * Self.pad - 2
        }
        func drawRow(_ wrapped: [[[UInt8]]], header: Bool, layout: inout PDFLayout) {
            let h = height(wrapped)
            let top = layout.cursor, left = layout.left
            let totalWidth = widths.reduce(0, +) + Double(count) * 2 * Self.pad
            layout.drawOnPage { page in
                if header { page.rect(x: left, y: top - h, width: totalWidth, height: h, fill: .shade) }
                page.line(from: (left, top - h), to: (left + totalWidth, top - h), width: 0.4, colour: .rule)
                var x = left
                for (c, lines) in wrapped.enumerated() {
                    for (n, line) in lines.enumerated() {
                        let w = HelveticaMetrics.width(line, bold: header, size: Self.size)
                        let at = trailing[c] ? x + Self.pad + widths[c] - w : x + Self.pad
                        page.text(line, x: at, y: top - Self.pad - Self.size + 1 - Double(n) * Self.leading,
                                  font: header ? .bold : .regular, size: Self.size)
                    }
                    x += widths[c] + 2 * Self.pad
                }
            }
            layout.moveDown(h)
        }

        let header = wrapRow(titles, bold: true)
        // A row taller than a page is split into pieces that fit, so no line runs off the paper.
        let maxLines = max(1, Int((layout.top - layout.bottom - height(header) - 2 * Self.pad) / Self.leading))
        let body = rows.map { wrapRow($0, bold: false) }.flatMap { row -> [[[[UInt8]]]] in
            let lines = row.map(\.count).max() ?? 0
            guard lines > maxLines else { return [row] }
            return stride(from: 0, to: lines, by: maxLines).map { start in
                row.map { cell in Array(cell.dropFirst(start).prefix(maxLines)) }
            }
        }
        layout.ensure(height(header) + (body.first.map(height) ?? 0))
        var headerPage = layout.drafts.count
        drawRow(header, header: true, layout: &layout)
        for row in body {
            layout.ensure(height(row))
            if layout.drafts.count != headerPage {
                headerPage = layout.drafts.count
                drawRow(header, header: true, layout: &layout)
            }
            drawRow(row, header: false, layout: &layout)
        }
    }
}
