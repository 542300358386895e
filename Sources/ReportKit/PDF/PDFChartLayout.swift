/// A chart drawn in vectors: the goal bands as shaded rectangles (a centile as a dashed line),
/// axes with the y range's ends and middle and the x tick words, each series as a path with a
/// small square at each value, a key, and the chart in words underneath.
struct PDFChartLayout {
    static let plotHeight = 130.0, axisRoom = 42.0
    static let colours: [PDFPage.Colour] = [
        .init(r: 0.12, g: 0.31, b: 0.61), .init(r: 0.69, g: 0.23, b: 0.18), .init(r: 0.12, g: 0.52, b: 0.29),
        .init(r: 0.49, g: 0.24, b: 0.6), .init(r: 0.6, g: 0.49, b: 0.04),
    ]

    var chart: ReportChart
    var words: ReportWords = .english

    func lay(into layout: inout PDFLayout) {
        let title = chart.unit.isEmpty ? chart.title : "\(chart.title) (\(chart.unit))"
        let hasPoints = chart.series.contains { !$0.points.isEmpty }
        layout.ensure(hasPoints ? Self.plotHeight + 40 : 30)
        layout.paragraph(title, size: 10, bold: true)
        if hasPoints {
            plot(into: &layout)
        }
        for line in ChartSummary.lines(chart, words) {
            layout.paragraph(line, indent: 8, size: 9, colour: .grey, leading: 11.5)
        }
    }

    private func plot(into layout: inout PDFLayout) {
        let (low, high) = ChartSummary.yRange(chart)
        let (xLow, xHigh) = ChartSummary.xRange(chart)
        let plotLeft = layout.left + Self.axisRoom, plotWidth = layout.contentWidth - Self.axisRoom - 4
        let plotTop = layout.cursor - 4, plotBottom = plotTop - Self.plotHeight
        func x(_ v: Double) -> Double { plotLeft + (v - xLow) / (xHigh - xLow) * plotWidth }
        func y(_ v: Double) -> Double { plotBottom + (v - low) / (high - low) * Self.plotHeight }
        layout.drawOnPage { page in
            for band in chart.bands where band.low.isFinite && band.high.isFinite {
                let label = PDFText.encode(band.label)
                let labelWidth = HelveticaMetrics.width(label, bold: false, size: 7)
                if band.low == band.high {
                    page.line(from: (plotLeft, y(band.low)), to: (plotLeft + plotWidth, y(band.low)), width: 0.8, colour: .grey, dash: 3)
                } else {
                    let top = max(band.low, band.high), bottom = min(band.low, band.high)
                    page.rect(x: plotLeft, y: y(bottom), width: plotWidth, height: y(top) - y(bottom), fill: .band)
                }
                page.text(label, x: plotLeft + plotWidth - labelWidth - 2, y: y(max(band.low, band.high)) - 8, size: 7, colour: .grey)
            }
            page.line(from: (plotLeft, plotBottom), to: (plotLeft, plotTop), width: 0.6)
            page.line(from: (plotLeft, plotBottom), to: (plotLeft + plotWidth, plotBottom), width: 0.6)
            for value in [low, (low + high) / 2, high] {
                let label = PDFText.encode(ChartSummary.number(value, mark: words.decimalMark))
                let w = HelveticaMetrics.width(label, bold: false, size: 8)
                page.line(from: (plotLeft - 3, y(value)), to: (plotLeft, y(value)), width: 0.6)
                page.text(label, x: plotLeft - 5 - w, y: y(value) - 3, size: 8)
            }
            var lastEnd = -Double.infinity
            for tick in chart.xLabels.sorted(by: { $0.x < $1.x }) where tick.x.isFinite {
                let label = PDFText.encode(tick.label)
                let w = HelveticaMetrics.width(label, bold: false, size: 8)
                let start = min(max(x(tick.x) - w / 2, plotLeft), plotLeft + plotWidth - w)
                page.line(from: (x(tick.x), plotBottom), to: (x(tick.x), plotBottom - 3), width: 0.6)
                guard start > lastEnd + 4 else { continue }
                page.text(label, x: start, y: plotBottom - 13, size: 8)
                lastEnd = start + w
            }
            var keyX = plotLeft
            for (index, series) in chart.series.enumerated() {
                let colour = Self.colours[index % Self.colours.count]
                let points = series.points.filter { $0.x.isFinite && $0.y.isFinite }.sorted { $0.x < $1.x }.map { (x($0.x), y($0.y)) }
                page.polyline(points, colour: colour)
                for point in points { page.rect(x: point.0 - 1.5, y: point.1 - 1.5, width: 3, height: 3, fill: colour) }
                let name = PDFText.encode(series.name)
                page.rect(x: keyX, y: plotBottom - 25, width: 8, height: 3, fill: colour)
                page.text(name, x: keyX + 11, y: plotBottom - 27, size: 8)
                keyX += 11 + HelveticaMetrics.width(name, bold: false, size: 8) + 14
            }
        }
        layout.moveDown(Self.plotHeight + 36)
    }
}
