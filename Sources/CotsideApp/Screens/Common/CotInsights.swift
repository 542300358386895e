import Clinical
import Foundation
import WardStore

/// The one place the insight rules run for a cot. The Trends screen lists what they find; the
/// Dashboard counts the alerts (warning and urgent) in its header and shows the most urgent on the
/// cot's row. Both pass the `CotInsightInput` the store read for the cot, so they cannot disagree.
///
/// "Out of range" means outside the cot's own goal range for the kind where one is set, else the
/// age-based default (`MeasurementGoals`): the ranges of the Goal ranges screen. The handover
/// runs them too, from the words of a `Localizer` and the ward's settings, without a screen.
struct CotInsights {
    let input: CotInsightInput
    let t: Localizer
    let fluidTable: NeonatalFluidTable
    let glucoseUnit: GlucoseUnit

    init(input: CotInsightInput, localizer: Localizer, fluidTable: NeonatalFluidTable, glucoseUnit: GlucoseUnit) {
        self.input = input
        self.t = localizer
        self.fluidTable = fluidTable
        self.glucoseUnit = glucoseUnit
    }

    @MainActor
    init(input: CotInsightInput, context: AppContext, glucoseUnit: GlucoseUnit) {
        self.init(input: input, localizer: context.localizer, fluidTable: context.wardSettings.neonatalFluidTable,
                  glucoseUnit: glucoseUnit)
    }

    /// Every rule's finding, most urgent first; within a severity in the order below (no wet
    /// nappy, vital signs, doses, intake, wet nappies, growth).
    func all() -> [Insight] {
        var out: [Insight] = []
        if let dry = NoWetNappyRule.evaluate(subject: t("trends.insight.wet_nappy"), lastWetAt: input.lastWetAt,
                                             admittedAt: input.patient.admittedAt,
                                             thresholdMinutes: input.noWetThresholdMinutes, now: input.now) {
            out.append(dry)
        }
        out += outOfRange()
        for drug in input.recentDoses.keys.sorted() {
            out += DoseOutcomeRule.evaluate(medication: drug, doses: input.recentDoses[drug] ?? [])
        }
        let complete = input.completeDays
        // The target of the day: the ward's neonatal table under 28 days, Holliday–Segar after;
        // compared with its lower end.
        let intake = complete.compactMap { day -> IntakeBelowMaintenanceRule.Day? in
            // No weight recorded (an older child not yet weighed): no mL/kg, rather than a guess.
            guard let grams = input.weightGrams(on: day) else { return nil }
            let kg = grams / 1000
            guard day.hasIntake,
                  let target = MaintenanceTarget.of(ageDays: input.patient.dateOfBirth.days(until: day.label), weightKg: kg,
                                                    table: fluidTable) else { return nil }
            return IntakeBelowMaintenanceRule.Day(day: day.label, intakeMLPerKg: day.feedML / kg, maintenanceMLPerKg: target.minMLPerKg)
        }
        if let low = IntakeBelowMaintenanceRule.evaluate(days: intake) { out.append(low) }
        let wet = complete.map { DailyValue(day: $0.label, value: Double($0.wet)) }
        if let fall = DailyCountFallRule.evaluate(subject: t("trends.insight.wet"), days: wet) { out.append(fall) }
        if let crossing = weightCentileCrossing() { out.append(crossing) }
        return out.enumerated().sorted { a, b in
            a.element.severity != b.element.severity ? a.element.severity > b.element.severity : a.offset < b.offset
        }.map(\.element)
    }

    /// The findings that are alerts (warning or urgent), most urgent first.
    func alerts() -> [Insight] { all().filter(\.severity.isAlert) }

    /// Per vital sign with a range: three or more readings out of it in 24 h, else the latest
    /// reading of the last 24 h out of it.
    private func outOfRange() -> [Insight] {
        var out: [Insight] = []
        for kind in MeasurementGoals.kinds {
            guard let goal = input.goals[kind], goal.low != nil || goal.high != nil else { continue }
            let scale = Self.scale(kind, glucoseUnit)
            let normal = scale(goal.low ?? -Double.greatestFiniteMagnitude)...scale(goal.high ?? Double.greatestFiniteMagnitude)
            let readings = (input.lastDayReadings[kind] ?? []).map { RepeatedOutOfRangeRule.Reading(time: $0.at, value: scale($0.value)) }
            let subject = t("trends.kind.\(kind.rawValue)")
            let unit = Self.unit(kind, glucoseUnit)
            if let repeated = RepeatedOutOfRangeRule.evaluate(subject: subject, unit: unit, readings: readings, normal: normal,
                                                              now: input.now) {
                out.append(repeated)
            } else if let latest = LatestOutOfRangeRule.evaluate(subject: subject, unit: unit, readings: readings, normal: normal,
                                                                 now: input.now) {
                out.append(latest)
            }
        }
        return out
    }

    /// Weight readings as centiles on the chart that fits the baby (GrowthChartChoice: INTERGROWTH-21st
    /// preterm by postmenstrual age, then WHO by corrected age), for the crossing rule.
    private func weightCentileCrossing() -> Insight? {
        guard case .success(let reference) = GrowthReference.shared else { return nil }
        let patient = input.patient
        let sex: ReferenceSex
        switch patient.sex {
        case .male: sex = .male
        case .female: sex = .female
        case .unknown: return nil
        }
        let gestationDays = patient.gestationDays
        let readings = input.weights.compactMap { r -> CentileCrossingRule.Reading? in
            let age = patient.dateOfBirth.days(until: CalendarDay(r.at, in: input.timeZone))
            guard age >= 0, let choice = reference.choice(ageDays: age, gestationDays: gestationDays) else { return nil }
            let z = reference.zScore(.weightForAge, sex, choice, value: r.value / 1000)
            return CentileCrossingRule.Reading(time: r.at, centile: WHOGrowthStandard.percentile(z: z))
        }
        return CentileCrossingRule.evaluate(subject: t("trends.kind.weight"), readings: readings)
    }

    /// Stored value to the unit shown: grams to kg for weight, mmol/L to the ward's glucose unit.
    static func scale(_ kind: MeasurementKind, _ glucoseUnit: GlucoseUnit) -> (Double) -> Double {
        switch kind {
        case .weight: return { $0 / 1000 }
        case .glucose where glucoseUnit == .mgPerDl: return UnitConversion.mgPerDl(fromMmolPerL:)
        default: return { $0 }
        }
    }

    static func unit(_ kind: MeasurementKind, _ glucoseUnit: GlucoseUnit) -> String {
        switch kind {
        case .weight: return "kg"
        case .glucose: return glucoseUnit.rawValue
        case .bloodPressure: return "mmHg"
        default: return kind.canonicalUnit
        }
    }
}
