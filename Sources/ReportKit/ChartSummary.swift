import Foundation

/// A chart in words, printed under it in every format: a reader who cannot see the plot (or
/// reads the text report) still gets each series' lowest, highest and latest value and the bands.
enum ChartSummary {
    /// "12.5", "120", "-0.25" ("12,5" with a decimal comma): at most two decimals, no trailing zeros.
    static func number(_ value: Double, mark: Character = ".") -> String {
        guard value.isFinite else { return "-" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        if text == "-0" { return "0" }
        return mark == "." ? text : text.replacingOccurrences(of: ".", with: String(mark))
    }

    static func unitSuffix(_ chart: ReportChart) -> String {
        chart.unit.isEmpty ? "" : " " + chart.unit
    }

    /// The points that can be placed: both coordinates finite (a NaN from a failed sum is not a value).
    static func plottable(_ series: ReportSeries) -> [ReportPoint] {
        series.points.filter { $0.x.isFinite && $0.y.isFinite }
    }

    static func plottable(_ bands: [ReportBand]) -> [ReportBand] {
        bands.filter { $0.low.isFinite && $0.high.isFinite }
    }

    /// One line per series and one per band ("no values" for a chart with no series at all),
    /// in the words and with the decimal mark of the report's language.
    static func lines(_ chart: ReportChart, _ words: ReportWords) -> [String] {
        let unit = unitSuffix(chart)
        let fill = ReportWords.fill
        func n(_ value: Double) -> String { number(value, mark: words.decimalMark) }
        if chart.series.isEmpty { return [fill(words.noValues, chart.title)] }
        var lines: [String] = chart.series.map { series in
            let points = plottable(series)
            let values = points.map(\.y)
            guard let low = values.min(), let high = values.max(), let latest = points.max(by: { $0.x < $1.x }) else {
                return fill(words.noValues, series.name)
            }
            let count = values.count == 1 ? words.oneValue : fill(words.values, String(values.count))
            return fill(words.series, series.name, n(low) + unit, n(high) + unit, n(latest.y) + unit, count)
        }
        lines += plottable(chart.bands).map { band in
            band.low == band.high ? fill(words.bandLine, band.label, n(band.low) + unit)
                : fill(words.bandRange, band.label, n(min(band.low, band.high)), n(max(band.low, band.high)) + unit)
        }
        return lines
    }

    /// The y range every plot uses: the values and the bands, widened a little when flat.
    static func yRange(_ chart: ReportChart) -> (low: Double, high: Double) {
        var values = chart.series.flatMap { plottable($0).map(\.y) }
        values += plottable(chart.bands).flatMap { [$0.low, $0.high] }
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
        let xs = chart.series.flatMap { plottable($0).map(\.x) }
        let low = min(0, xs.min() ?? 0)
        var high = max(chart.span.isFinite ? chart.span : 0, xs.max() ?? 0)
        if high <= low { high = low + 1 }
        return (low, high)
    }
}
