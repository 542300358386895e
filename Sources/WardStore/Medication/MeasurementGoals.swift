import Clinical

/// Default goal ranges by age, used until a patient has their own goal for a kind.
///
/// Sources:
/// - Heart rate, respiratory rate, systolic BP for children: APLS (Advanced Paediatric Life
///   Support, 6th ed., ALSG 2016), "normal physiological parameters by age": HR < 1 y 110–160,
///   1–2 y 100–150, 2–5 y 95–140, 5–12 y 80–120, > 12 y 60–100; RR < 1 y 30–40, 1–2 y 25–35,
///   2–5 y 25–30, 5–12 y 20–25, > 12 y 15–20; SBP < 1 y 70–90, 1–2 y 80–95, 2–5 y 80–100,
///   5–12 y 90–110, > 12 y 100–120 mmHg.
/// - Newborns (first 28 days): heart rate 100–180 and respiratory rate 30–60 (PALS 2020 provider
///   manual, AHA); systolic BP 60–90 mmHg (term; preterm babies run lower, set a patient goal).
/// - Temperature 36.5–37.5 °C: NICE NG143 (fever in under 5s) and WHO "Thermal protection of the
///   newborn" (1997) normal range.
/// - SpO2: ≥ 94 % for children breathing air (BTS guideline for oxygen use in healthcare, 2017);
///   91–95 % for preterm babies under 37 weeks corrected on oxygen (BAPM 2019, from NeOProM).
/// - Glucose: newborns ≥ 2.6 mmol/L (BAPM framework "Identification and management of neonatal
///   hypoglycaemia in the full-term infant", 2017); older children 4.0–10.0 mmol/L (ISPAD 2022
///   target range, hypoglycaemia alert 3.9). Upper 10.0 for newborns as well.
/// - Pain score 0–10 (FLACC, Merkel et al. 1997, for a child who cannot say; the 0–10 numeric
///   rating for one who can): 0 relaxed, 1–3 mild, 4–6 moderate, 7–10 severe; 4 or more calls
///   for treatment (RCN "The recognition and assessment of acute pain in children", 2009).
/// Weight, length and head circumference have no fixed range here (growth charts judge them).
public enum MeasurementGoals {
    /// The `source` of a patient's own goal, as `SQLiteWardStore.goalRanges` labels it.
    public static let patientGoalSource = "patient goal"

    /// The kinds that have goal ranges, in the order the Goal ranges screen and `cotside goals`
    /// list them (blood pressure: the systolic value).
    public static let kinds: [MeasurementKind] = [.temperature, .heartRate, .respiratoryRate, .spo2, .bloodPressure, .glucose,
                                                  .pain]

    /// The default range for `kind` at `ageDays` (days of life) and, for preterm babies, the
    /// corrected gestation in weeks.
    public static func defaultRange(_ kind: MeasurementKind, ageDays: Int, correctedWeeks: Int? = nil) -> GoalRange? {
        let newborn = ageDays < 28
        let years = Double(ageDays) / 365.25
        func band<T>(_ under1: T, _ under2: T, _ under5: T, _ under12: T, _ older: T) -> T {
            years < 1 ? under1 : years < 2 ? under2 : years < 5 ? under5 : years < 12 ? under12 : older
        }
        switch kind {
        case .heartRate:
            if newborn { return GoalRange(low: 100, high: 180, source: "PALS 2020 newborn") }
            let (l, h) = band((110.0, 160.0), (100, 150), (95, 140), (80, 120), (60, 100))
            return GoalRange(low: l, high: h, source: "APLS 6th ed.")
        case .respiratoryRate:
            if newborn { return GoalRange(low: 30, high: 60, source: "PALS 2020 newborn") }
            let (l, h) = band((30.0, 40.0), (25, 35), (25, 30), (20, 25), (15, 20))
            return GoalRange(low: l, high: h, source: "APLS 6th ed.")
        case .bloodPressure:
            if newborn { return GoalRange(low: 60, high: 90, source: "PALS 2020 newborn (systolic)") }
            let (l, h) = band((70.0, 90.0), (80, 95), (80, 100), (90, 110), (100, 120))
            return GoalRange(low: l, high: h, source: "APLS 6th ed. (systolic)")
        case .temperature:
            return GoalRange(low: 36.5, high: 37.5, source: "NICE NG143 / WHO")
        case .spo2:
            if let weeks = correctedWeeks, weeks < 37 { return GoalRange(low: 91, high: 95, source: "BAPM 2019 preterm") }
            return GoalRange(low: 94, high: nil, source: "BTS 2017")
        case .glucose:
            if newborn { return GoalRange(low: 2.6, high: 10.0, source: "BAPM 2017") }
            return GoalRange(low: 4.0, high: 10.0, source: "ISPAD 2022")
        case .pain:
            return GoalRange(low: nil, high: 3, source: "FLACC / 0–10 rating, RCN 2009")
        case .weight, .length, .headCircumference:
            return nil
        }
    }
}

extension GoalRange {
    /// True for a patient's own goal, false for an age default.
    public var isPatientGoal: Bool { source == MeasurementGoals.patientGoalSource }
}

extension MeasurementGoals {
    /// What is wrong with a goal of `low`/`high` (canonical units) for `kind`, given the age
    /// default in force: nothing when it may be stored. The rules of the Goal ranges screen and
    /// `cotside goals`: at least one limit; each within the limits measurement entry accepts for
    /// the kind; low below high; a limit left out only where the age default is open on that side.
    public static func problems(low: Double?, high: Double?, kind: MeasurementKind, ageDefault: GoalRange?) -> [String] {
        var out: [String] = []
        if low == nil && high == nil { return ["a goal needs a low or a high limit"] }
        let limits = kind.plausibleRange
        for (name, value) in [("low", low), ("high", high)] {
            if let value, !limits.contains(value) {
                out.append("\(name) \(NumberText.rounded(value, digits: 3)) \(kind.canonicalUnit) is outside "
                           + "\(NumberText.rounded(limits.lowerBound, digits: 3))–\(NumberText.rounded(limits.upperBound, digits: 3)) \(kind.canonicalUnit), "
                           + "the limits for a \(kind.displayName)")
            }
        }
        if let low, let high, low >= high {
            out.append("low \(NumberText.rounded(low, digits: 3)) must be below high \(NumberText.rounded(high, digits: 3))")
        }
        if low == nil, ageDefault?.low != nil {
            out.append("a \(kind.displayName) goal needs a low limit (the age default has one)")
        }
        if high == nil, ageDefault?.high != nil {
            out.append("a \(kind.displayName) goal needs a high limit (the age default has one)")
        }
        return out
    }
}
