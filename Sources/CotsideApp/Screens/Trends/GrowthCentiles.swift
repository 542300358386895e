import Clinical
import Foundation
import WardStore

/// The 3rd, 50th and 97th centiles of a growth indicator for one patient on given days, on the
/// chart that fits the baby each day (`GrowthChartChoice`: INTERGROWTH-21st preterm by
/// postmenstrual age, WHO by corrected or chronological age). Trends draws them as its band and
/// the patient report as centile lines, so both show the same curves.
struct GrowthCentiles {
    struct Point {
        let day: CalendarDay
        /// In the measurement's stored unit (grams for weight, cm for length).
        let low: Double
        let middle: Double
        let high: Double
    }

    let points: [Point]
    /// The charts used, and the age each was read by.
    let charts: [GrowthChartChoice.Chart: GrowthChartChoice.Age]

    /// Nil without the reference tables or the patient's sex; days before any chart applies are left out.
    static func of(_ indicator: GrowthIndicator, patient: Patient, days: [CalendarDay]) -> GrowthCentiles? {
        guard case .success(let reference) = GrowthReference.shared else { return nil }
        let sex: ReferenceSex
        switch patient.sex {
        case .male: sex = .male
        case .female: sex = .female
        case .unknown: return nil
        }
        let stored = indicator == .weightForAge ? 1000.0 : 1.0
        var charts: [GrowthChartChoice.Chart: GrowthChartChoice.Age] = [:]
        let points = days.compactMap { day -> Point? in
            guard let choice = reference.choice(ageDays: patient.dateOfBirth.days(until: day), gestationDays: patient.gestationDays)
            else { return nil }
            charts[choice.chart] = choice.age
            let v = { (p: Double) in reference.value(indicator, sex, choice, percentile: p) * stored }
            return Point(day: day, low: v(3), middle: v(50), high: v(97))
        }
        return GrowthCentiles(points: points, charts: charts)
    }

    /// "INTERGROWTH-21st preterm 3rd–97th (postmenstrual age) → WHO 3rd–97th (corrected age)".
    func name(_ t: (String) -> String) -> String {
        var names: [String] = []
        if charts[.intergrowthPreterm] != nil { names.append(t("trends.growth.band_intergrowth")) }
        if let age = charts[.who] { names.append(t(age == .corrected ? "trends.growth.band_who_corrected" : "trends.who.band")) }
        return names.joined(separator: " → ")
    }
}
