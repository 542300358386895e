import Clinical
import Foundation
import TerminalUI
import WardStore

/// Turns one patient's aggregated trends into the stacked sections of the Trends screen:
/// KPI grid, insights, nappies, intake and urine, growth against WHO bands, vital signs,
/// adherence heatmap and the effectiveness overview. Pure apart from reading the context's
/// strings, glyphs and time zone.
@MainActor
struct PatientTrendsLayout {
    let trends: PatientTrends
    let medications: MedicationList?
    let context: AppContext
    let width: Int

    private var glyphs: GlyphSet { context.glyphs }
    private var strings: UIStrings { context.uiStrings }
    private var axis: ChartXAxis { .time(context.clock.timeZone) }
    private var shown: ArraySlice<TrendDay> { trends.shownDays }
    /// Ward days the patient spent whole on the ward (not today, still running, nor the admission
    /// day): the daily KPIs and insights use these, so a part-day never reads as a low day.
    var completeDays: [TrendDay] { trends.days.filter(\.isComplete) }
    var glucoseUnit: GlucoseUnit { trends.settings.glucoseUnit }

    func sections() -> [TrendsSection] {
        var out: [TrendsSection] = []
        let kpi = kpiLines()
        out.append(TrendsSection(id: "kpi", height: kpi.count, widget: TextLines(lines: kpi, ellipsis: glyphs.ellipsis)))
        let insightLines = self.insightLines()
        out.append(TrendsSection(id: "insights", height: insightLines.count + 1,
                                 widget: TextLines(lines: insightLines, ellipsis: glyphs.ellipsis)))
        out.append(TrendsSection(id: "nappies", height: 10, widget: nappyChart()))
        out.append(TrendsSection(id: "intake", height: 12, line: intakeChart()))
        out.append(TrendsSection(id: "urine", height: 14, content: urineChart()))
        for kind in [MeasurementKind.weight, .length, .headCircumference] {
            let chart = growthChart(kind)
            out.append(section(kind.rawValue, height: 14, chart))
            if chart.bands.isEmpty, chart.series.contains(where: { $0.points.contains { $0.y != nil } }) {
                out.append(TrendsSection(id: "\(kind.rawValue).note", height: 1,
                                         widget: TextLines(lines: [(whoNote(kind), .muted)], ellipsis: glyphs.ellipsis)))
            }
        }
        for kind in [MeasurementKind.temperature, .heartRate, .respiratoryRate, .spo2, .bloodPressure, .glucose] {
            out.append(section(kind.rawValue, height: 14, vitalChart(kind)))
        }
        out.append(TrendsSection(id: "adherence", height: adherenceHeight, widget: adherenceHeatmap()))
        let effect = effectivenessLines()
        out.append(TrendsSection(id: "effectiveness", height: effect.count + 1,
                                 widget: TextLines(lines: effect, ellipsis: glyphs.ellipsis)))
        return out
    }

    /// A chart, or just its title and "no data" on two rows when it has no reading in the window,
    /// so an empty series neither hides which chart it is nor takes a whole frame.
    private func section(_ id: String, height: Int, _ chart: LineChart) -> TrendsSection {
        guard chart.cursorStops.isEmpty else { return TrendsSection(id: id, height: height, line: chart) }
        return TrendsSection(id: id, height: 2, widget: TextLines(lines: [(chart.yTitle, .header), (strings.noData, .muted)]))
    }

    /// Why a growth chart has no centile band: no table (head circumference), sex unknown, or before 27 weeks PMA.
    private func whoNote(_ kind: MeasurementKind) -> String {
        if kind == .headCircumference { return context.t("trends.who.no_table") }
        if trends.patient.sex == .unknown { return context.t("trends.who.no_sex") }
        return context.t("trends.who.preterm")
    }

    // MARK: - Numbers per day

    /// The weight in kg on a day: the last reading before its end, else the latest, else birth
    /// weight; nil when none is recorded (per-kg figures are then left out, never guessed).
    func weightKg(on day: TrendDay) -> Double? {
        let readings = trends.readings[.weight] ?? []
        if let reading = readings.last(where: { $0.at < day.day.end }) { return reading.mean / 1000 }
        if let latest = trends.kpis[.weight]?.latest { return latest / 1000 }
        return trends.patient.birthWeightGrams.map { Double($0) / 1000 }
    }

    func intakePerKg(_ day: TrendDay) -> Double? {
        guard day.hasIntake, let kg = weightKg(on: day) else { return nil }
        return day.feedML / kg
    }

    /// mL/kg/h over the part of the day the patient was on the ward up to now.
    func urinePerKgPerHour(_ day: TrendDay) -> Double? {
        guard let urine = day.urineML, trends.settings.dryNappyWeightGrams > 0 else { return nil }
        let hours = day.stayHours
        guard hours > 0, let kg = weightKg(on: day) else { return nil }
        return urine / kg / hours
    }

    private func x(_ day: TrendDay) -> Double { day.day.start.timeIntervalSince1970 + 43_200 }

    // MARK: - KPI grid

    private func kpiLines() -> [(text: String, role: StyleRole)] {
        let columns = [26, 12, 13, 12, 10, 10]
        func row(_ cells: [String]) -> String {
            zip(cells, columns).map { cell, width in
                let pad = max(1, width - TextWidth.columns(of: cell))
                return cell + String(repeating: " ", count: pad)
            }.joined()
        }
        var lines: [(String, StyleRole)] = [(row([context.t("trends.kpi.measure"), context.t("trends.kpi.latest"),
                                                  context.t("trends.kpi.change24h"), context.t("trends.kpi.mean7d"),
                                                  context.t("trends.kpi.min"), context.t("trends.kpi.max")]), .header)]
        func numberRow(_ name: String, _ latest: Double?, _ before: Double?, _ mean: Double?, _ low: Double?, _ high: Double?,
                       decimals: Int, soFar: Bool = false) -> (String, StyleRole) {
            let format = context.format
            let f = { (v: Double?) in v.map { format.decimals(ChartFormat.number($0, decimals: decimals)) } ?? "–" }
            let change: String = {
                guard let latest, let before else { return "–" }
                let delta = latest - before
                return (delta > 0 ? "+" : "") + format.decimals(ChartFormat.number(delta, decimals: decimals))
            }()
            let latestText = soFar ? latest.map { context.t("trends.kpi.so_far", f($0)) } ?? "–" : f(latest)
            return (row([name, latestText, change, f(mean), f(low), f(high)]), latest == nil ? .muted : .normal)
        }
        // Until the stay has a complete day, the rows show the part-days of the stay in the window
        // (the admission day, today), each value marked "so far" — never a 0 from before the admission.
        let complete = completeDays
        let partial = complete.isEmpty ? trends.shownDays.filter { $0.stayHours > 0 } : []
        func daily(_ name: String, decimals: Int, _ value: (TrendDay) -> Double?) -> (String, StyleRole) {
            guard complete.isEmpty else {
                let windowValues = complete.suffix(max(1, trends.windowDays)).compactMap(value)
                let week = complete.suffix(7).compactMap(value)
                let last = complete.last.flatMap(value)
                let before = complete.dropLast().last.flatMap(value)
                return numberRow(name, last, before, week.isEmpty ? nil : week.reduce(0, +) / Double(week.count),
                                 windowValues.min(), windowValues.max(), decimals: decimals)
            }
            let values = partial.compactMap(value)
            return numberRow(name, partial.last.flatMap(value), nil,
                             values.isEmpty ? nil : values.reduce(0, +) / Double(values.count), values.min(), values.max(),
                             decimals: decimals, soFar: !partial.isEmpty)
        }
        lines.append(daily(context.t("trends.kpi.intake"), decimals: 0, intakePerKg))
        lines.append(daily(context.t("trends.kpi.urine"), decimals: 2, urinePerKgPerHour))
        lines.append(daily(context.t("trends.kpi.nappies"), decimals: 0) { Double($0.nappies) })
        lines.append(daily(context.t("trends.kpi.wet"), decimals: 0) { Double($0.wet) })
        for kind in MeasurementKind.allCases {
            let k = trends.kpis[kind] ?? TrendKPI()
            let scale = displayScale(kind)
            let s = { (v: Double?) in v.map(scale) }
            lines.append(numberRow("\(context.t("trends.kind.\(kind.rawValue)")) (\(unit(kind)))", s(k.latest), s(k.dayBefore),
                                   s(k.mean7d), s(k.low), s(k.high), decimals: decimals(kind)))
        }
        lines.append((context.t("trends.kpi.note"), .muted))
        return lines
    }

    /// Stored value to the unit shown: grams to kg for weight, mmol/L to the ward's glucose unit.
    func displayScale(_ kind: MeasurementKind) -> (Double) -> Double { CotInsights.scale(kind, glucoseUnit) }

    func unit(_ kind: MeasurementKind) -> String { CotInsights.unit(kind, glucoseUnit) }

    private func decimals(_ kind: MeasurementKind) -> Int {
        switch kind {
        case .weight: return 3
        case .temperature, .length, .headCircumference: return 1
        case .glucose: return glucoseUnit == .mgPerDl ? 0 : 1
        default: return 0
        }
    }

    // MARK: - Charts

    private func nappyChart() -> BarChart {
        let days = Array(shown)
        let wide = days.count <= 14
        let bars = days.map { day in
            BarChart.Bar(String(day.label.day), segments: [Double(day.wet), Double(day.dirty)])
        }
        return BarChart(bars: bars, layers: [BarChart.Layer(context.t("trends.nappies.wet"), role: .info),
                                             BarChart.Layer(context.t("trends.nappies.dirty"), role: .chartLine)],
                        barWidth: wide ? 3 : 1, gap: wide ? 1 : 0, title: context.t("trends.nappies.title"),
                        glyphs: glyphs, strings: strings)
    }

    /// The maintenance target on a day (`MaintenanceTarget`: the ward's neonatal table under 28
    /// days, Holliday–Segar after), for the weight on that day.
    func maintenance(on day: TrendDay) -> MaintenanceTarget? {
        guard let kg = weightKg(on: day) else { return nil }
        return MaintenanceTarget.of(ageDays: trends.patient.dateOfBirth.days(until: day.label), weightKg: kg,
                                    table: trends.settings.neonatalFluidTable)
    }

    private func intakeChart() -> LineChart {
        let days = Array(shown)
        let intake = days.map { ChartPoint(x: x($0), y: intakePerKg($0)) }
        let targets = days.map { maintenance(on: $0) }
        let targetLine = zip(days, targets).map { ChartPoint(x: x($0), y: $1?.minMLPerKg) }
        let neonatal = targets.compactMap { $0?.isNeonatal }
        let name = !neonatal.contains(true) ? "trends.intake.maintenance"
            : neonatal.contains(false) ? "trends.intake.mixed" : "trends.intake.neonatal"
        return LineChart(series: [LineSeries(name: context.t("trends.intake.series"), unit: "mL/kg/d", points: intake, decimals: 0),
                                  LineSeries(name: context.t(name), unit: "mL/kg/d", points: targetLine,
                                             style: .dashed, role: .muted, decimals: 0)],
                         xAxis: axis, yTitle: context.t("trends.intake.title"), glyphs: glyphs, strings: strings)
    }

    private func urineChart() -> TrendsSection.Content {
        guard trends.settings.dryNappyWeightGrams > 0 else {
            return .other(TextLines(lines: [(context.t("trends.urine.title"), .header), (context.t("urine.not_set"), .muted)]))
        }
        let points = shown.map { ChartPoint(x: x($0), y: urinePerKgPerHour($0)) }
        // Only a floor is cited: oliguria is < 1.0 mL/kg/h (Gomella's Neonatology, "Oliguria"
        // on-call problem). Healthy breastfed term babies pass 0.9–6.3 mL/kg/h, so no fixed
        // ceiling is drawn; the band runs from the floor to the top of the data.
        let top = max(2, points.compactMap(\.y).max() ?? 2)
        return .line(LineChart(series: [LineSeries(name: context.t("trends.urine.series"), unit: "mL/kg/h", points: points,
                                                   limits: 1...Double.greatestFiniteMagnitude, decimals: 2)],
                               bands: [.constant(name: context.t("trends.urine.goal"), range: 1...top)],
                               xAxis: axis, yTitle: context.t("trends.urine.title"), glyphs: glyphs, strings: strings))
    }

    private func points(_ kind: MeasurementKind, diastolic: Bool = false) -> [ChartPoint] {
        let scale = displayScale(kind)
        return (trends.readings[kind] ?? []).map { r in
            ChartPoint(x: r.at.timeIntervalSince1970, y: diastolic ? r.diastolic.map(scale) : scale(r.mean))
        }
    }

    private var xRange: ClosedRange<Double> {
        trends.from.timeIntervalSince1970...max(trends.from.timeIntervalSince1970 + 1, trends.now.timeIntervalSince1970)
    }

    private func growthChart(_ kind: MeasurementKind) -> LineChart {
        let title = "\(context.t("trends.kind.\(kind.rawValue)")) (\(unit(kind)))"
        var bands: [ChartBand] = []
        let indicator: GrowthIndicator? = kind == .weight ? .weightForAge : kind == .length ? .lengthForAge : nil
        if let indicator, let band = growthBand(indicator, scale: displayScale(kind)) { bands.append(band) }
        return LineChart(series: [LineSeries(name: context.t("trends.kind.\(kind.rawValue)"), unit: unit(kind),
                                             points: points(kind), style: .points, decimals: decimals(kind))],
                         bands: bands, xAxis: axis, yTitle: title, xRange: xRange, glyphs: glyphs, strings: strings)
    }

    /// 3rd–97th centiles with the 50th on the chart that fits the patient on each shown day
    /// (`GrowthChartChoice`: INTERGROWTH-21st preterm by postmenstrual age, WHO by corrected or
    /// chronological age); the band's name says which chart and which age.
    private func growthBand(_ indicator: GrowthIndicator, scale: @escaping (Double) -> Double) -> ChartBand? {
        let step = max(1, shown.count / 60)
        let days = stride(from: 0, to: shown.count, by: step).map { shown[shown.startIndex + $0] }
        guard let centiles = GrowthCentiles.of(indicator, patient: trends.patient, days: days.map(\.label)) else { return nil }
        let xs = Dictionary(days.map { ($0.label, x($0)) }, uniquingKeysWith: { a, _ in a })
        let points = centiles.points.map { p in
            BandPoint(x: xs[p.day] ?? 0, low: scale(p.low), high: scale(p.high), middle: scale(p.middle))
        }
        guard points.count >= 2 else { return nil }
        return ChartBand(name: centiles.name { context.t($0) }, middleName: context.t("trends.who.middle"), points: points)
    }

    private func vitalChart(_ kind: MeasurementKind) -> LineChart {
        let scale = displayScale(kind)
        let goal = trends.goals[kind]
        let limits: ClosedRange<Double>? = goal.flatMap { g in
            guard g.low != nil || g.high != nil else { return nil }
            return scale(g.low ?? -Double.greatestFiniteMagnitude)...scale(g.high ?? Double.greatestFiniteMagnitude)
        }
        var bands: [ChartBand] = []
        if let low = goal?.low, let high = goal?.high {
            bands.append(.constant(name: context.t("trends.goal"), range: scale(low)...scale(high)))
        }
        let name = context.t("trends.kind.\(kind.rawValue)")
        var series = [LineSeries(name: kind == .bloodPressure ? context.t("trends.bp.systolic") : name, unit: unit(kind),
                                 points: points(kind), limits: limits, decimals: decimals(kind))]
        if kind == .bloodPressure {
            series.append(LineSeries(name: context.t("trends.bp.diastolic"), unit: unit(kind), points: points(kind, diastolic: true),
                                     style: .dashed, decimals: 0))
        }
        return LineChart(series: series, bands: bands, xAxis: axis, yTitle: "\(name) (\(unit(kind)))", xRange: xRange,
                         glyphs: glyphs, strings: strings)
    }

    // MARK: - Medications

    private var slotTimes: [String] { Array(Set(trends.doseCells.map(\.slotTime))).sorted() }
    private var adherenceHeight: Int { max(3, slotTimes.count + 3) }

    private func adherenceHeatmap() -> Heatmap {
        let days = Array(shown.map(\.label))
        let times = slotTimes
        var cells = Array(repeating: Array(repeating: Int?.none, count: days.count), count: times.count)
        let dayIndex = Dictionary(days.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let timeIndex = Dictionary(times.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        for cell in trends.doseCells {
            guard let c = dayIndex[cell.day], let r = timeIndex[cell.slotTime] else { continue }
            cells[r][c] = cell.status == .given ? 0 : cell.status == .withheld ? 1 : 2
        }
        let wide = days.count <= 30
        return Heatmap(rowLabels: times, columnLabels: days.map { String($0.day) }, cells: cells,
                       levels: [Heatmap.Level(context.t("trends.dose.given"), shade: 1, role: .ok),
                                Heatmap.Level(context.t("trends.dose.withheld"), shade: 2, role: .warning),
                                Heatmap.Level(context.t("trends.dose.missed"), shade: 3, role: .danger)],
                       title: context.t("trends.adherence.title"), cellWidth: wide ? 3 : 1, glyphs: glyphs, strings: strings)
    }

    private func effectivenessLines() -> [(text: String, role: StyleRole)] {
        var lines: [(String, StyleRole)] = [(context.t("trends.effect.title"), .header)]
        let rated = (medications?.rows ?? []).compactMap { row in row.effectiveness.map { (row.medication.drugName, $0) } }
        // Antibiotics are never judged, and say so rather than look forgotten.
        let antibiotics = (medications?.rows ?? []).filter { $0.medication.category == .antibiotic && $0.isActive }
            .map(\.medication.drugName)
        let notJudged: [(String, StyleRole)] = antibiotics.isEmpty ? []
            : [(context.t("trends.effect.not_judged.antibiotic", antibiotics.joined(separator: ", ")), .muted)]
        guard !rated.isEmpty else { return lines + [(context.t("trends.effect.none"), .muted)] + notJudged }
        let counts = Dictionary(grouping: rated, by: { $0.1.verdict.displayName }).map { "\($0.key) \($0.value.count)" }.sorted()
        lines.append((counts.joined(separator: " · "), .normal))
        for (drug, result) in rated.sorted(by: { $0.1.confidencePercent > $1.1.confidencePercent }).prefix(3) {
            lines.append((context.t("trends.effect.row", drug, result.verdict.displayName, result.confidencePercent), .normal))
        }
        return lines + notJudged
    }
}
