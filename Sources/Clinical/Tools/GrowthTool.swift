import Foundation

/// Growth z-scores and percentiles, 0–24 months: weight-for-age and length-for-age on the chart
/// that fits the baby (see `GrowthChartChoice`): INTERGROWTH-21st preterm postnatal by
/// postmenstrual age for babies born preterm until 64 weeks, otherwise WHO.
public enum GrowthTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "growth", name: "Growth percentiles (0–24 months)", group: .calculators,
        summary: "Weight-for-age and length-for-age z-score and percentile (WHO; INTERGROWTH-21st preterm postnatal for preterm babies)",
        inputs: [
            InputSpec(key: "sex", label: "Sex", kind: .word(["male", "female"]), chartField: .sex),
            InputSpec(key: "age_days", label: "Age", unit: "days", kind: .integer, range: 0...730, isRequired: false,
                      help: "Age in completed days; or give age_months", chartField: .ageDays),
            InputSpec(key: "age_months", label: "Age", unit: "months", kind: .number, range: 0...24, isRequired: false,
                      help: "Converted to days as round(months × 30.4375), halves to even", chartField: .ageMonths),
            InputSpec(key: "weight_kg", label: "Weight", unit: "kg", kind: .number, range: 0.1...300, isRequired: false,
                      chartField: .weightKg),
            InputSpec(key: "length_cm", label: "Length (lying)", unit: "cm", kind: .number, range: 10...250, isRequired: false,
                      help: "Recumbent length", chartField: .lengthCm),
            InputSpec(key: "gestational_age_weeks", label: "Gestation at birth", unit: "weeks", kind: .integer, range: 22...44,
                      isRequired: false,
                      help: "Born before 37 weeks: INTERGROWTH-21st preterm chart by postmenstrual age to 64 weeks, then WHO by corrected age",
                      chartField: .gestationalAgeWeeks),
            InputSpec(key: "gestational_age_days", label: "and days", unit: "days", kind: .integer, range: 0...6, isRequired: false,
                      chartField: .gestationalAgeDays),
        ],
        references: [
            Reference(
                authors: "WHO Multicentre Growth Reference Study Group",
                title: "WHO Child Growth Standards: Length/height-for-age, weight-for-age, weight-for-length, weight-for-height and body mass index-for-age: Methods and development",
                source: "Geneva: World Health Organization", year: 2006),
            Reference(
                authors: "WHO Multicentre Growth Reference Study Group",
                title: "WHO Child Growth Standards based on length/height, weight and age",
                source: "Acta Paediatr Suppl 2006;450:76-85", year: 2006),
            Reference(
                authors: "Villar J, Giuliani F, Bhutta ZA, Bertino E, Ohuma EO, Ismail LC, et al",
                title: "Postnatal growth standards for preterm infants: the Preterm Postnatal Follow-up Study of the INTERGROWTH-21st Project",
                source: "Lancet Glob Health 2015;3(11):e681-e691", year: 2015),
        ],
        applicability: [
            "Children from birth to 24 months (day 0–730); length measured lying down.",
            "Born before 37+0 weeks (give the gestation): INTERGROWTH-21st preterm postnatal standard by postmenstrual age from 27+0 to 64+0 weeks, then WHO by corrected age (chronological age − (40 weeks − gestation)).",
            "Born at 37 weeks or later, or gestation not given: WHO by chronological age.",
            "Weight-for-age beyond ±3 SD uses WHO's restricted adjustment; length-for-age uses the plain LMS z-score.",
        ],
        limitations: "A single z-score describes size, not growth: judge trends over several measurements, and check any extreme value by measuring again.",
        constraints: [
            "Give age_days or age_months, not both.",
            "Give weight_kg, length_cm or both.",
            "gestational_age_days needs gestational_age_weeks.",
        ]
    )

    /// WHO's flag for implausible measurements used here: |z| above 5. Public for the batch's
    /// growth fast path, which writes the same warning.
    public static let implausibleZ = 5.0

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        var problems: [FieldError] = []
        let hasDays = inputs.has("age_days"), hasMonths = inputs.has("age_months")
        if hasDays && hasMonths {
            problems.append(FieldError(field: "age_months", spec.oneNotBothNamed("age_days", "age_months")))
        } else if !hasDays && !hasMonths {
            problems.append(FieldError(field: "age_days", spec.eitherRequired("age_days", "age_months", withUnit: false)))
        }
        let weight = inputs.optionalNumber("weight_kg"), length = inputs.optionalNumber("length_cm")
        if weight == nil && length == nil {
            let weightInput = spec.input("weight_kg")!, lengthInput = spec.input("length_cm")!
            problems.append(FieldError(field: "weight_kg", spec.errorText("measure", "give {0} ({1}), {2} ({3}) or both",
                [weightInput.named, weightInput.rangeArgument, lengthInput.named, lengthInput.rangeArgument])))
        }
        if inputs.has("gestational_age_days") && !inputs.has("gestational_age_weeks") {
            problems.append(FieldError(field: "gestational_age_weeks", spec.giveWith("gestational_age_weeks", "gestational_age_days")))
        }
        guard problems.isEmpty else { throw ToolErrors(problems) }

        let sex: ReferenceSex = inputs.word("sex") == "male" ? .male : .female
        let day = inputs.optionalInt("age_days") ?? WHOGrowthStandard.day(fromMonths: inputs.number("age_months"))
        let gestationDays = inputs.optionalInt("gestational_age_weeks").map { $0 * 7 + (inputs.optionalInt("gestational_age_days") ?? 0) }
        let choice: GrowthChartChoice
        switch GrowthChartChoice.choose(ageDays: day, gestationDays: gestationDays) {
        case .success(let c): choice = c
        case .failure(let tooEarly): throw ToolErrors(field: "age_days", tooEarly.text)
        }
        let standard = try WHOGrowthStandard.shared.tableOrToolError()
        let preterm = choice.chart == .intergrowthPreterm ? try IntergrowthPretermStandard.shared.tableOrToolError() : nil

        var fields: [ResultField] = []
        fields.reserveCapacity(8)
        var measures: [ClinicalText] = []
        var warnings: [ClinicalText] = []
        func score(_ indicator: GrowthIndicator, _ value: Double?) {
            guard let value else { return }
            let z = preterm?.zScore(indicator, sex, postmenstrualDays: choice.ageDays, value: value)
                ?? standard.zScore(indicator, sex, day: choice.ageDays, value: value)
            let percentile = WHOGrowthStandard.percentile(z: z)
            fields.append(ResultField(indicator.rawValue, .object([
                ResultField("z", .number(z)),
                ResultField("percentile", .number(percentile)),
            ])))
            let what = indicator == .weightForAge ? ("weight_for_age", "Weight-for-age") : ("length_for_age", "Length-for-age")
            measures.append(ClinicalText("calc.growth.measure.\(what.0)", "\(what.1) z {0} (percentile {1})",
                                         plain: [NumberText.rounded(z, digits: 2), NumberText.rounded(percentile, digits: 1)]))
            if abs(z) > implausibleZ {
                warnings.append(ClinicalText("calc.growth.warning.implausible.\(what.0)",
                                             "\(what.1) z {0} is beyond ±{1} SD: likely a measurement or entry error; measure again.",
                                             plain: [NumberText.rounded(z, digits: 2), NumberText.plain(implausibleZ)]))
            }
        }
        score(.weightForAge, weight)
        score(.lengthForAge, length)
        fields.append(ResultField("age_days", .integer(day)))
        fields.append(ResultField("chart", .word(choice.chart.rawValue)))
        fields.append(ResultField("chart_age", .word(choice.age.rawValue)))
        fields.append(ResultField("chart_age_days", .integer(choice.ageDays)))
        let ages = GrowthAges(ageDays: day, gestationDays: choice.gestationDays)
        if let corrected = ages.correctedDays {
            fields.append(ResultField("chronological_age_days", .integer(day)))
            fields.append(ResultField("corrected_age_days", .integer(corrected)))
        }
        let measured = measures.count == 2
            ? ClinicalText("calc.growth.measures.both", "{0}; {1}", [.text(measures[0]), .text(measures[1])])
            : measures[0]
        let age = hasMonths
            ? ClinicalText("calc.growth.age.months", "{0} months (day {1})", plain: [NumberText.plain(inputs.number("age_months")), day])
            : ClinicalText("calc.growth.age.days", "day {0}", plain: [day])
        var parts: [ClinicalText.Argument] = [.text(measured), .text(age), .text(ResultWording.sexText(sex)), .text(choice.descriptionText)]
        let interpretation: ClinicalText
        if let both = ages.sentenceText {
            parts.append(.text(both))
            interpretation = ClinicalText("calc.growth.interpretation.preterm", "{0} at {1}, {2}. {3} {4}", parts)
        } else {
            interpretation = ClinicalText("calc.growth.interpretation", "{0} at {1}, {2}. {3}", parts)
        }
        return ToolResult(fields: fields, interpretation: interpretation, warnings: warnings)
    }
}
