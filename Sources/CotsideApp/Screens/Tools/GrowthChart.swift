import Clinical
import TerminalUI

/// A measurement to plot: day of age and value in the indicator's unit.
struct GrowthPoint: Equatable {
    var day: Int
    var value: Double
}

/// A text chart of one WHO indicator: the 3rd, 15th, 50th, 85th and 97th percentile curves
/// and the patient's measurements. Braille dots (2×4 per cell) draw the curves when the
/// terminal can show them, plain dots otherwise; points are ● (o in ASCII).
/// Growth-specific on purpose: the general chart widget is being written in TerminalUI.
struct GrowthChart {
    static let percentiles: [Double] = [3, 15, 50, 85, 97]

    var standard: WHOGrowthStandard
    var indicator: GrowthIndicator
    var sex: ReferenceSex
    var points: [GrowthPoint]
    var glyphs: GlyphSet

    /// Days shown: from birth to a little past the last point (at least 3 months, at most 24).
    var dayRange: ClosedRange<Int> {
        let last = points.map(\.day).max() ?? 0
        return 0...min(WHOGrowthStandard.days.upperBound, max(91, last + max(30, last / 4)))
    }

    func render(in area: Rect, into buffer: inout Buffer) {
        buffer.fill(area)
        let labelWidth = 6, keyWidth = 4
        guard area.width > labelWidth + keyWidth + 10, area.height >= 4 else { return }
        let plot = Rect(x: area.x + labelWidth, y: area.y, width: area.width - labelWidth - keyWidth, height: area.height - 1)
        let days = dayRange
        let curves = GrowthChart.percentiles.map { p in
            (p, Array(days).map { standard.value(indicator, sex, day: $0, percentile: p) })
        }
        let values = curves.flatMap(\.1) + points.map(\.value)
        let low = values.min() ?? 0, high = values.max() ?? 1
        let span = max(high - low, 0.001)
        let subX = glyphs.hasBraille ? 2 : 1, subY = glyphs.hasBraille ? 4 : 1
        let dotsW = plot.width * subX, dotsH = plot.height * subY
        func dotX(_ day: Int) -> Int { Int((Double(day - days.lowerBound) / Double(max(1, days.count - 1)) * Double(dotsW - 1)).rounded()) }
        func dotY(_ v: Double) -> Int { dotsH - 1 - Int(((v - low) / span * Double(dotsH - 1)).rounded()) }

        var bits = Array(repeating: Array(repeating: 0, count: plot.width), count: plot.height)
        for (_, curve) in curves {
            for x in 0..<dotsW {
                let day = days.lowerBound + Int((Double(x) / Double(max(1, dotsW - 1)) * Double(days.count - 1)).rounded())
                let y = dotY(curve[day - days.lowerBound])
                bits[y / subY][x / subX] |= GrowthChart.brailleBit(x % subX, y % subY, braille: glyphs.hasBraille)
            }
        }
        for row in 0..<plot.height {
            for col in 0..<plot.width where bits[row][col] != 0 {
                let g = glyphs.hasBraille ? String(UnicodeScalar(0x2800 + bits[row][col])!) : "."
                buffer.put(g, x: plot.x + col, y: plot.y + row, role: .chartBand)
            }
        }
        for (p, curve) in curves {
            let y = plot.y + dotY(curve.last!) / subY
            buffer.put("P\(Int(p))", x: plot.maxX + 1, y: y, role: .chartAxis, clip: area)
        }
        for point in points where days.contains(point.day) {
            buffer.put(glyphs.hasBraille ? "●" : "o", x: plot.x + dotX(point.day) / subX, y: plot.y + dotY(point.value) / subY,
                       role: .chartLine, attributes: [.bold])
        }
        // Axes: value labels top and bottom, months along the bottom.
        buffer.put(NumberText.rounded(high, digits: 1), in: Rect(x: area.x, y: plot.y, width: labelWidth - 1, height: 1), role: .chartAxis, alignment: .right)
        buffer.put(NumberText.rounded(low, digits: 1), in: Rect(x: area.x, y: plot.maxY - 1, width: labelWidth - 1, height: 1), role: .chartAxis, alignment: .right)
        let axis = Rect(x: plot.x, y: plot.maxY, width: plot.width, height: 1)
        let lastMonth = Int(Double(days.upperBound) / 30.4375)
        let step = max(1, lastMonth / 6)
        for month in stride(from: 0, through: lastMonth, by: step) {
            let x = plot.x + dotX(WHOGrowthStandard.day(fromMonths: Double(month))) / subX
            buffer.put("\(month)m", x: x, y: axis.y, role: .chartAxis, clip: Rect(x: axis.x, y: axis.y, width: area.maxX - axis.x, height: 1))
        }
        buffer.put(indicator.unit, in: Rect(x: area.x, y: axis.y, width: labelWidth - 1, height: 1), role: .chartAxis, alignment: .right)
    }

    /// The braille bit for a dot at (column 0–1, row 0–3) of a cell; 1 for the plain-dot fallback.
    static func brailleBit(_ x: Int, _ y: Int, braille: Bool) -> Int {
        guard braille else { return 1 }
        let left = [0x01, 0x02, 0x04, 0x40], right = [0x08, 0x10, 0x20, 0x80]
        return x == 0 ? left[y] : right[y]
    }
}

/// `g` on the growth form: weight-for-age and length-for-age charts with the WHO bands and
/// the measurements (the value typed now, and the chart's recorded ones once a patient is chosen).
@MainActor
final class GrowthChartScreen: Screen {
    let form: ToolForm
    /// Recorded measurements from the patient's chart, by indicator.
    var recorded: [GrowthIndicator: [GrowthPoint]]

    init(form: ToolForm, recorded: [GrowthIndicator: [GrowthPoint]] = [:]) {
        self.form = form
        self.recorded = recorded
    }

    func title(_ context: AppContext) -> String { context.t("tools.growth.chart_title") }
    func keyMap(_ context: AppContext) -> KeyMap { KeyMap([]) }

    /// The day of age the form describes (age_days, or age_months converted as WHO does).
    var day: Int? {
        if let d = form.state.number("age_days") { return Int(d) }
        if let m = form.state.number("age_months") { return WHOGrowthStandard.day(fromMonths: m) }
        return nil
    }

    func points(_ indicator: GrowthIndicator) -> [GrowthPoint] {
        var points = recorded[indicator] ?? []
        let key = indicator == .weightForAge ? "weight_kg" : "length_cm"
        if let day, WHOGrowthStandard.days.contains(day), let v = form.state.number(key) { points.append(GrowthPoint(day: day, value: v)) }
        return points
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 1, right: 1)
        guard case .success(let standard) = WHOGrowthStandard.shared,
              let sexWord = form.selectedWord("sex"), let sex = ReferenceSex(rawValue: sexWord) else {
            buffer.put(context.t("tools.growth.chart_needs"), in: inner.row(0), role: .warning)
            return
        }
        let indicators = GrowthIndicator.allCases.filter { !points($0).isEmpty }
        guard !indicators.isEmpty else {
            buffer.put(context.t("tools.growth.chart_needs"), in: inner.row(0), role: .warning)
            return
        }
        let blocks = Layout.vertical(indicators.map { _ in Constraint.fill }).split(inner)
        for (indicator, block) in zip(indicators, blocks) {
            let rows = Layout.vertical([.length(1), .fill]).split(block)
            let name = indicator == .weightForAge ? context.t("tools.growth.weight_for_age") : context.t("tools.growth.length_for_age")
            let dash = context.glyphs.hasBraille ? "—" : "-"
            buffer.put("\(name) (\(context.t("tools.growth.\(sex.rawValue)"))) \(dash) WHO P3 P15 P50 P85 P97", in: rows[0], role: .header, attributes: [.bold])
            GrowthChart(standard: standard, indicator: indicator, sex: sex, points: points(indicator), glyphs: context.glyphs)
                .render(in: rows[1], into: &buffer)
        }
    }
}
