import Clinical
import Foundation
import TerminalUI
import WardStore

extension PatientTrendsLayout {
    /// Every rule run on the patient's series; warnings first, each with what triggered it.
    func insights() -> [Insight] {
        var out: [Insight] = []
        let complete = completeDays
        let wet = complete.map { DailyValue(day: $0.label, value: Double($0.wet)) }
        if let fall = DailyCountFallRule.evaluate(subject: context.t("trends.insight.wet"), days: wet) { out.append(fall) }
        let intake = complete.compactMap { day -> IntakeBelowMaintenanceRule.Day? in
            guard let perKg = intakePerKg(day), let maintenance = TrendsReference.hollidaySegarPerKg(weightKg: weightKg(on: day))
            else { return nil }
            return IntakeBelowMaintenanceRule.Day(day: day.label, intakeMLPerKg: perKg, maintenanceMLPerKg: maintenance)
        }
        if let low = IntakeBelowMaintenanceRule.evaluate(days: intake) { out.append(low) }
        if let crossing = weightCentileCrossing() { out.append(crossing) }
        for drug in trends.recentDoses.keys.sorted() {
            out += DoseOutcomeRule.evaluate(medication: drug, doses: trends.recentDoses[drug] ?? [])
        }
        for kind in [MeasurementKind.temperature, .heartRate, .respiratoryRate, .spo2, .bloodPressure, .glucose] {
            guard let goal = trends.goals[kind], goal.low != nil || goal.high != nil else { continue }
            let scale = displayScale(kind)
            let normal = scale(goal.low ?? -Double.greatestFiniteMagnitude)...scale(goal.high ?? Double.greatestFiniteMagnitude)
            let readings = (trends.lastDayReadings[kind] ?? []).map { RepeatedOutOfRangeRule.Reading(time: $0.at, value: scale($0.value)) }
            if let insight = RepeatedOutOfRangeRule.evaluate(subject: context.t("trends.kind.\(kind.rawValue)"), unit: unit(kind),
                                                             readings: readings, normal: normal, now: trends.now) {
                out.append(insight)
            }
        }
        return out.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
    }

    /// Weight readings as WHO centiles at (corrected) age, for the crossing rule.
    private func weightCentileCrossing() -> Insight? {
        guard case .success(let who) = WHOGrowthStandard.shared else { return nil }
        let patient = trends.patient
        let sex: ReferenceSex
        switch patient.sex {
        case .male: sex = .male
        case .female: sex = .female
        case .unknown: return nil
        }
        let zone = context.clock.timeZone
        let readings = (trends.readings[.weight] ?? []).compactMap { r -> CentileCrossingRule.Reading? in
            let age = patient.dateOfBirth.days(until: CalendarDay(r.at, in: zone))
            guard age >= 0, let day = TrendsReference.whoDay(ageDays: age, gestationWeeks: patient.gestationalAgeWeeks,
                                                              gestationDays: patient.gestationalAgeDays),
                  WHOGrowthStandard.days.contains(day) else { return nil }
            let z = who.zScore(.weightForAge, sex, day: day, value: r.mean / 1000)
            return CentileCrossingRule.Reading(time: r.at, centile: WHOGrowthStandard.percentile(z: z))
        }
        return CentileCrossingRule.evaluate(subject: context.t("trends.kind.weight"), readings: readings)
    }

    /// "▲ summary" and, indented under it, "evidence: …" (at most the last five items).
    func insightLines() -> [(text: String, role: StyleRole)] {
        var lines: [(String, StyleRole)] = [(context.t("trends.insights.title"), .header)]
        let found = insights()
        guard !found.isEmpty else { return lines + [(context.t("trends.insights.none"), .muted)] }
        let format = WardFormat(context)
        for insight in found.prefix(8) {
            let mark = insight.severity == .warning ? "!" : context.glyphs.bullet
            lines.append(("\(mark) \(insight.summary)", insight.severity == .warning ? .warning : .info))
            let evidence = insight.evidence.suffix(5).map { item -> String in
                let when: String
                switch item.moment {
                case .day(let day): when = day.description
                case .instant(let date): when = format.stamp(date)
                }
                return "\(when) \(ChartFormat.number(item.value, decimals: item.value == item.value.rounded() ? 0 : 1)) \(item.note)"
            }
            lines.append(("    " + context.t("trends.insights.evidence", evidence.joined(separator: "; ")), .muted))
        }
        return lines
    }
}
