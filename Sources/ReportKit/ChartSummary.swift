import Foundation

/// A chart in words, printed under it in every format: a reader who cannot see the plot (or
/// reads the text report) still gets each series' lowest, highest and latest value and the bands.
enum ChartSummary {
    /// "12.5", "120", "-0.25": at most two decimals, no trailing zeros, no locale.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func unitSuffix(_ chart: ReportChart) -> String {
        chart.unit.isEmpty ? "" : " " + chart.unit
    }

    /// One line per series and one per band.
    static func lines(_ chart: ReportChart) -> [String] {
        let unit = unitSuffix(chart)
        var lines: [String] = chart.series.map { series in
            let values = series.points.map(\.y).filter(\.isFinite)
            guard let low = values.min(), let high = values.max(),
                  let latest = series.points.filter({ $0.y.isFinite }).max(by: { $0.x < $1.x }) else {
                return "\(series.name): no values"
            }
            return "\(series.name): lowest \(number(low))\(unit), highest \(number(high))\(unit), "
                + "latest \(number(latest.y))\(unit) (\(values.count) \(values.count == 1 ? "value" : "values"))"
        }
        lines += chart.bands.map { band in
            band.low == band.high ? "\(band.label): line at \(number(band.low))\(unit)"
                : "\(band.label): \(number(min(band.low, band.high))) to \(number(max(band.low, band.high)))\(unit)"
        }
        return lines
    }

    /// The y range every plot uses: the values and the bands, widened a little when flat.
    static func yRange(_ chart: ReportChart) -> (low: Double, high: Double) {
        var values = chart.series.flatMap { $0.points.map(\.y) }.filter(\.isFinite)
        values += chart.bands.flatMap { [$0.low, $0.high] }.filter(\.isFinite)
        guard var low = values.min(), var high = values.max() else { return (0, 1) }
        if low == high {
            let pad = max(1, abs(low) * 0.1)
            low -= pad
            high += pad
        }
        return (low, high)
    }

    /// The x range: 0...span, widened to include stray points so nothing is drawn off the chart.
    static func xRange(_ chart: ReportChart) -> (low: Double, high: Double) {
        let xs = chart.series.flatMap { $0.points.map(\.x) }.filter(\.isFinite)
        let low = min(0, xs.min() ?? 0)
        var high = max(chart.span.isFinite ? chart.span : 0, xs.max() ?? 0)
        if high <= low { high = low + 1 }
        return (low, high)
    }
}
