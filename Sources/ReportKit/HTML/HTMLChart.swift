/// A chart as inline SVG: bands as translucent rectangles (a centile as a dashed line), each
/// series a polyline with point markers, y ticks at the range ends and the middle, x tick
/// words under the axis. No script, no external reference; the figure's caption says the
/// values in words. (Inline SVG in HTML needs no namespace attribute, so the file names no URL.)
struct HTMLChart {
    static let colours = ["#1f4e9c", "#b03a2e", "#1e8449", "#7d3c98", "#9a7d0a"]
    static let width = 640.0, height = 220.0
    static let left = 56.0, right = 12.0, top = 12.0, bottom = 30.0

    var chart: ReportChart
    var words: ReportWords = .english

    func svg() -> String {
        let (low, high) = ChartSummary.yRange(chart)
        let (xLow, xHigh) = ChartSummary.xRange(chart)
        let plotW = Self.width - Self.left - Self.right, plotH = Self.height - Self.top - Self.bottom
        func x(_ value: Double) -> String { n(Self.left + (value - xLow) / (xHigh - xLow) * plotW) }
        func y(_ value: Double) -> String { n(Self.top + (high - value) / (high - low) * plotH) }
        let esc = HTMLEscaping.escape
        var s = "<svg class=\"chart\" viewBox=\"0 0 \(n(Self.width)) \(n(Self.height))\" "
            + "role=\"img\" aria-label=\"\(esc(chart.title))\">\n"
        for band in chart.bands where band.low.isFinite && band.high.isFinite {
            if band.low == band.high {
                s += "<line class=\"centile\" x1=\"\(x(xLow))\" x2=\"\(x(xHigh))\" y1=\"\(y(band.low))\" y2=\"\(y(band.low))\"/>\n"
            } else {
                let top = max(band.low, band.high), bottom = min(band.low, band.high)
                s += "<rect class=\"band\" x=\"\(x(xLow))\" y=\"\(y(top))\" width=\"\(n(plotW))\" "
                    + "height=\"\(n((top - bottom) / (high - low) * plotH))\"><title>\(esc(band.label))</title></rect>\n"
            }
            s += "<text class=\"bandlabel\" x=\"\(n(Self.left + plotW - 4))\" y=\"\(y(max(band.low, band.high)))\" dy=\"10\" "
                + "text-anchor=\"end\">\(esc(band.label))</text>\n"
        }
        s += "<line class=\"axis\" x1=\"\(n(Self.left))\" x2=\"\(n(Self.left))\" y1=\"\(n(Self.top))\" y2=\"\(n(Self.top + plotH))\"/>\n"
        s += "<line class=\"axis\" x1=\"\(n(Self.left))\" x2=\"\(n(Self.left + plotW))\" y1=\"\(n(Self.top + plotH))\" y2=\"\(n(Self.top + plotH))\"/>\n"
        for value in [low, (low + high) / 2, high] {
            s += "<line class=\"tick\" x1=\"\(n(Self.left - 4))\" x2=\"\(n(Self.left))\" y1=\"\(y(value))\" y2=\"\(y(value))\"/>"
                + "<text x=\"\(n(Self.left - 6))\" y=\"\(y(value))\" dy=\"4\" text-anchor=\"end\">\(esc(ChartSummary.number(value, mark: words.decimalMark)))</text>\n"
        }
        for tick in chart.xLabels where tick.x.isFinite {
            s += "<line class=\"tick\" x1=\"\(x(tick.x))\" x2=\"\(x(tick.x))\" y1=\"\(n(Self.top + plotH))\" y2=\"\(n(Self.top + plotH + 4))\"/>"
                + "<text x=\"\(x(tick.x))\" y=\"\(n(Self.top + plotH + 16))\" text-anchor=\"middle\">\(esc(tick.label))</text>\n"
        }
        for (index, series) in chart.series.enumerated() {
            let colour = Self.colours[index % Self.colours.count]
            let points = series.points.filter { $0.x.isFinite && $0.y.isFinite }
            guard !points.isEmpty else { continue }
            s += "<g class=\"series\" stroke=\"\(colour)\" fill=\"\(colour)\"><title>\(esc(series.name))</title>\n"
            s += "<polyline fill=\"none\" points=\"" + points.map { "\(x($0.x)),\(y($0.y))" }.joined(separator: " ") + "\"/>\n"
            for point in points { s += "<circle cx=\"\(x(point.x))\" cy=\"\(y(point.y))\" r=\"2.5\"/>" }
            s += "\n</g>\n"
        }
        return s + "</svg>"
    }

    private func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
