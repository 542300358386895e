import Clinical
import TerminalUI

/// A measurement to plot: day of age and value in the indicator's unit.
struct GrowthPoint: Equatable {
    var day: Int
    var value: Double
}

/// One growth indicator as the kit's line chart: the 3rd–97th centile band with the 50th as its
/// middle line, the 15th and 85th as dashed lines, and the patient's measurements as points.
/// Each day's centiles come from the chart that fits the baby (`GrowthChartChoice`): for a
/// preterm baby INTERGROWTH-21st by postmenstrual age, then WHO by corrected age.
/// (A growth-specific renderer came first; the general chart widget replaced it once it landed.)
struct GrowthChart {
    static let percentiles: [Double] = [3, 15, 50, 85, 97]
    static let daysPerMonth = 30.4375

    var reference: GrowthReference
    var indicator: GrowthIndicator
    var sex: ReferenceSex
    /// Gestation at birth in days, when known (nil reads WHO by chronological age).
    var gestationDays: Int? = nil
    var points: [GrowthPoint]
    var glyphs: GlyphSet
    var strings: UIStrings = .english
    /// Legend and axis words (localised by the screen).
    var labels = Labels()
    /// Which measurement the cursor stands on (newest when nil), so the patient's value and the
    /// centiles at that age are read out under the chart.
    var selected: Int?

    struct Labels {
        var band = "WHO 3rd–97th"
        var middle = "50th"
        var p15 = "15th"
        var p85 = "85th"
        var patient = "measured"
        var axis = "age (months)"
        var yTitle = "kg"
    }

    /// Days shown: from birth to a little past the last point (at least 3 months, at most 24).
    var dayRange: ClosedRange<Int> {
        let last = points.map(\.day).max() ?? 0
        return 0...min(WHOGrowthStandard.days.upperBound, max(91, last + max(30, last / 4)))
    }

    func months(_ day: Int) -> Double { Double(day) / Self.daysPerMonth }

    /// The charts the band is drawn from over the shown days, in order of age.
    var chartsUsed: [GrowthChartChoice] {
        var out: [GrowthChartChoice] = []
        for day in dayRange {
            guard let c = reference.choice(ageDays: day, gestationDays: gestationDays) else { continue }
            if out.last.map({ $0.chart != c.chart || $0.age != c.age }) ?? true { out.append(c) }
        }
        return out
    }

    var chart: LineChart {
        let choices = dayRange.compactMap { day in reference.choice(ageDays: day, gestationDays: gestationDays).map { (day, $0) } }
        let days = choices.map(\.0)
        func curve(_ p: Double) -> [Double] { choices.map { reference.value(indicator, sex, $0.1, percentile: p) } }
        let p3 = curve(3), p15 = curve(15), p50 = curve(50), p85 = curve(85), p97 = curve(97)
        let band = ChartBand(name: labels.band, middleName: labels.middle, points: days.indices.map {
            BandPoint(x: months(days[$0]), low: p3[$0], high: p97[$0], middle: p50[$0])
        })
        func line(_ name: String, _ values: [Double]) -> LineSeries {
            LineSeries(name: name, unit: indicator.unit, points: days.indices.map { ChartPoint(x: months(days[$0]), y: values[$0]) },
                       style: .dashed, role: .chartAxis, decimals: 1)
        }
        let measured = LineSeries(name: labels.patient, unit: indicator.unit,
                                  points: points.filter { dayRange.contains($0.day) }.sorted { $0.day < $1.day }
                                    .map { ChartPoint(x: months($0.day), y: $0.value) },
                                  style: .points, role: .chartLine, decimals: indicator == .weightForAge ? 2 : 1)
        var chart = LineChart(series: [measured, line(labels.p15, p15), line(labels.p85, p85)], bands: [band],
                              xAxis: .numeric(title: labels.axis), yTitle: labels.yTitle,
                              xRange: months(dayRange.lowerBound)...months(dayRange.upperBound),
                              glyphs: glyphs, strings: strings)
        let shown = measuredDays
        if !shown.isEmpty {
            let day = shown[min(max(0, selected ?? shown.count - 1), shown.count - 1)]
            chart.cursor = ChartCursor(index: chart.cursorStops.firstIndex(of: months(day)))
        }
        return chart
    }

    /// Days of the measurements drawn, oldest first.
    var measuredDays: [Int] { Set(points.map(\.day).filter { dayRange.contains($0) }).sorted() }

    func render(in area: Rect, into buffer: inout Buffer) {
        chart.render(in: area, into: &buffer)
    }
}

/// `g` on the growth form: a weight-for-age or length-for-age chart (Tab switches) with the WHO
/// centiles and the measurements — the value typed now, and the chart's recorded ones once a
/// patient is selected. ← → step the cursor between measurements and read them out.
@MainActor
final class GrowthChartScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case switchIndicator = "growth.switch", previous = "growth.previous", next = "growth.next"
    }

    let form: ToolForm
    /// Recorded measurements from the patient's chart, by indicator.
    var recorded: [GrowthIndicator: [GrowthPoint]]
    private(set) var indicator: GrowthIndicator?
    private var selected: Int?

    init(form: ToolForm, recorded: [GrowthIndicator: [GrowthPoint]] = [:]) {
        self.form = form
        self.recorded = recorded
    }

    func title(_ context: AppContext) -> String { context.t("tools.growth.chart_title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.tab], .switchIndicator, label: context.t("tools.growth.key_switch"), help: context.t("tools.growth.action_switch"), group: g),
            Binding([.left], .previous, help: context.t("tools.growth.action_previous"), group: g),
            Binding([.right], .next, help: context.t("tools.growth.action_next"), group: g),
        ]
    }

    var available: [GrowthIndicator] { GrowthIndicator.allCases.filter { !points($0).isEmpty } }

    var shownIndicator: GrowthIndicator? {
        if let indicator, available.contains(indicator) { return indicator }
        return available.first
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .switchIndicator:
            let all = available
            guard let current = shownIndicator, let i = all.firstIndex(of: current) else { return .handled }
            indicator = all[(i + 1) % all.count]
            selected = nil
        case .previous, .next:
            guard let current = shownIndicator else { return .handled }
            let count = Set(points(current).map(\.day)).count
            let now = selected ?? count - 1
            selected = max(0, min(count - 1, now + (action == .next ? 1 : -1)))
        }
        return .handled
    }

    /// The day of age the form describes (age_days, or age_months converted as WHO does).
    var day: Int? {
        if let d = form.state.number("age_days") { return Int(d) }
        if let m = form.state.number("age_months") { return WHOGrowthStandard.day(fromMonths: m) }
        return nil
    }

    /// Gestation at birth in days from the form (pre-filled from the chart), when given.
    var gestationDays: Int? {
        form.state.number("gestational_age_weeks").map { Int($0) * 7 + Int(form.state.number("gestational_age_days") ?? 0) }
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
        guard case .success(let reference) = GrowthReference.shared,
              let sexWord = form.selectedWord("sex"), let sex = ReferenceSex(rawValue: sexWord),
              let indicator = shownIndicator else {
            buffer.put(context.t("tools.growth.chart_needs"), in: inner.row(0), role: .warning)
            return
        }
        let rows = Layout.vertical([.length(1), .fill]).split(inner)
        let name = indicator == .weightForAge ? context.t("tools.growth.weight_for_age") : context.t("tools.growth.length_for_age")
        let dash = context.glyphs.hasBraille ? "—" : "-"
        let other = available.count > 1 ? "  (\(context.t("tools.growth.tab_hint")))" : ""
        var chart = GrowthChart(reference: reference, indicator: indicator, sex: sex, gestationDays: gestationDays,
                                points: points(indicator), glyphs: context.glyphs, strings: context.uiStrings, selected: selected)
        // Which chart and which age: "INTERGROWTH-21st preterm (postmenstrual age) → WHO (corrected age)".
        let used = chart.chartsUsed
        let charts = used.map { context.t("tools.growth.chart.\($0.chart.rawValue)") + " (" + context.t("tools.growth.age.\($0.age.rawValue)") + ")" }
        buffer.put("\(name) (\(context.t("tools.growth.\(sex.rawValue)"))) \(dash) \(charts.joined(separator: " → "))\(other)",
                   in: rows[0], role: .header, attributes: [.bold])
        let bandNames = used.map { context.t("tools.growth.band.\($0.chart.rawValue)") }
        let band = bandNames.isEmpty ? context.t("tools.growth.band") : bandNames.joined(separator: " → ")
        chart.labels = GrowthChart.Labels(
            band: context.glyphs.hasBraille ? band : band.replacingOccurrences(of: "–", with: "-"), middle: context.t("tools.growth.p50"), p15: context.t("tools.growth.p15"),
            p85: context.t("tools.growth.p85"), patient: context.t("tools.growth.measured"),
            axis: context.t("tools.growth.axis"), yTitle: "\(name) (\(indicator.unit))")
        chart.render(in: rows[1], into: &buffer)
    }
}
