import Foundation

/// Neonatal hyperbilirubinaemia treatment thresholds (AAP 2022) for infants of 35 weeks or more.
/// TSB in mg/dL or µmol/L (the thresholds come back in the unit given); below 35 weeks the
/// guideline does not apply and no number is given.
public enum BilirubinTool: ClinicalTool {
    /// µmol/L per mg/dL of bilirubin: 10 000 / 584.66 g/mol (bilirubin's molar mass) = 17.1.
    public static let umolPerMg = 17.1
    /// The AAP 2022 thresholds are for infants born at this completed week or later.
    public static let firstWeek = 35

    public static let spec = ToolSpec(
        id: "bilirubin", name: "Bilirubin thresholds (AAP 2022)", group: .calculators,
        summary: "Phototherapy, escalation-of-care and exchange-transfusion thresholds by gestation, age in hours and risk",
        inputs: [
            InputSpec(key: "gestational_age_weeks", label: "Gestational age", unit: "weeks", kind: .integer, range: 22...44,
                      help: "Completed weeks at birth; below 35 the AAP 2022 thresholds do not apply and none is given. 40 and above use the ≥40-week curve (≥38 with risk factors)",
                      chartField: .gestationalAgeWeeks),
            InputSpec(key: "age_hours", label: "Age", unit: "hours", kind: .number, range: 1...336,
                      help: "Hours since birth, or the date and time of birth (2026-11-24 03:15, yesterday 22:30); between whole hours the thresholds are interpolated linearly",
                      chartField: .ageHours),
            InputSpec(key: "tsb_mg_dl", label: "Total serum bilirubin", unit: "mg/dL", kind: .number, range: 0.1...50,
                      isRequired: false, help: "Give this or tsb_umol_l, not both (17.1 µmol/L per mg/dL)"),
            InputSpec(key: "tsb_umol_l", label: "Total serum bilirubin", unit: "µmol/L", kind: .number, range: 1.7...855,
                      isRequired: false, help: "Give this or tsb_mg_dl, not both (17.1 µmol/L per mg/dL)"),
            InputSpec(key: "neurotoxicity_risk_factors", label: "Neurotoxicity risk factors", kind: .boolean,
                      help: "Any risk factor other than gestational age: albumin < 3.0 g/dL, isoimmune haemolytic disease, G6PD deficiency or other haemolysis, sepsis, significant clinical instability in the previous 24 h"),
        ],
        references: [
            Reference(
                authors: "Kemper AR, Newman TB, Slaughter JL, et al.",
                title: "Clinical Practice Guideline Revision: Management of Hyperbilirubinemia in the Newborn Infant 35 or More Weeks of Gestation",
                source: "Pediatrics 2022;150(3):e2022058859", year: 2022),
        ],
        applicability: [
            "Infants born at 35 weeks' gestation or later, from 1 hour to 14 days (336 h) of age.",
            "Below 35 weeks the AAP 2022 thresholds do not apply: follow the unit's preterm guidance (for example NICE CG98, Jaundice in newborn babies under 28 days, with its threshold graphs by gestational age).",
            "Thresholds from the guideline's hourly supplemental tables; escalation of care is 2 mg/dL (34.2 µmol/L) below the exchange threshold.",
            "TSB in mg/dL or µmol/L (1 mg/dL = 17.1 µmol/L); the thresholds are given in the unit of the TSB.",
        ],
        limitations: "Thresholds guide, not replace, clinical judgement: act on signs of acute bilirubin encephalopathy at any level, and follow the guideline's advice on repeat measurement and follow-up.",
        constraints: [],
        notFor: [.notBornBeforeWeeks(firstWeek)],
        unitAlternatives: [["tsb_mg_dl", "tsb_umol_l"]],
        unitScales: ["tsb_mg_dl": 1, "tsb_umol_l": umolPerMg]
    )

    /// Said when an hour the thresholds came from was filled in from its neighbours (the shipped
    /// table has none, so no sample call brings it out: declared here for the catalogue).
    public static let filledHourWarning = ClinicalText(
        "calc.bilirubin.warning.filled_hour",
        "An hour used here is missing from the digitised AAP table and was interpolated from the hours either side.")

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let weeks = inputs.int("gestational_age_weeks")
        let hours = inputs.number("age_hours")
        let risk = inputs.flag("neurotoxicity_risk_factors")
        let inUmol: Bool
        let tsb: Double
        switch (inputs.optionalNumber("tsb_mg_dl"), inputs.optionalNumber("tsb_umol_l")) {
        case (.some, .some):
            throw ToolErrors(field: "tsb_umol_l", spec.oneNotBoth("tsb_mg_dl", "tsb_umol_l"))
        case (nil, nil):
            throw ToolErrors(field: "tsb_mg_dl", spec.eitherRequired("tsb_mg_dl", "tsb_umol_l"))
        case (let mg?, nil): tsb = mg; inUmol = false
        case (nil, let umol?): tsb = umol; inUmol = true
        }
        if weeks < firstWeek { return notApplicable(weeks: weeks) }

        let thresholds = try BilirubinThresholds.shared.tableOrToolError()
        let photo = thresholds.threshold(.phototherapy, gestationalWeeks: weeks, riskFactors: risk, ageHours: hours)
        let exchange = thresholds.threshold(.exchange, gestationalWeeks: weeks, riskFactors: risk, ageHours: hours)
        // Thresholds in the unit the TSB came in, compared in that unit (no rounding either way).
        let scale = inUmol ? umolPerMg : 1
        let photoValue = photo.mgPerDl * scale
        let exchangeValue = exchange.mgPerDl * scale
        let escalationValue = (exchange.mgPerDl - 2) * scale
        let tolerance = 1e-9 * scale
        let abovePhoto = tsb >= photoValue - tolerance
        let aboveExchange = tsb >= exchangeValue - tolerance

        let status: ResultCategory
        if aboveExchange {
            status = ResultCategory(key: "status", word: "exchange", label: "At or above the exchange-transfusion threshold", severity: .danger)
        } else if tsb >= escalationValue - tolerance {
            status = ResultCategory(key: "status", word: "escalation", label: "At or above the escalation-of-care threshold", severity: .danger)
        } else if abovePhoto {
            status = ResultCategory(key: "status", word: "phototherapy", label: "At or above the phototherapy threshold", severity: .caution)
        } else {
            status = ResultCategory(key: "status", word: "below_phototherapy", label: "Below the phototherapy threshold", severity: .ok)
        }

        var warnings: [ClinicalText] = []
        if hours != hours.rounded(.down) {
            let hour = Int(hours.rounded(.down))
            warnings.append(ClinicalText("calc.bilirubin.warning.interpolated", "Thresholds interpolated between hours {0} and {1}.",
                                         plain: [hour, hour + 1]))
        }
        if photo.usesFilledHour || exchange.usesFilledHour {
            warnings.append(filledHourWarning)
        }
        let photoWeek = BilirubinThresholds.curveWeek(.phototherapy, riskFactors: risk, gestationalWeeks: weeks)
        let curve = photoWeek == weeks
            ? ClinicalText("calc.bilirubin.curve.week", "{0}-week curve", plain: [weeks])
            : ClinicalText("calc.bilirubin.curve.at_least", "≥{0}-week curve", plain: [photoWeek])
        let riskText = risk
            ? ClinicalText("calc.bilirubin.risk.with", "with neurotoxicity risk factors")
            : ClinicalText("calc.bilirubin.risk.none", "no neurotoxicity risk factors")
        let unit = inUmol ? "µmol/L" : "mg/dL"
        let suffix = inUmol ? "umol_l" : "mg_dl"
        let digits = inUmol ? 0 : 1
        return ToolResult(
            fields: [
                ResultField("phototherapy_threshold_\(suffix)", .number(photoValue)),
                ResultField("escalation_threshold_\(suffix)", .number(escalationValue)),
                ResultField("exchange_threshold_\(suffix)", .number(exchangeValue)),
                ResultField("above_phototherapy", .bool(abovePhoto)),
                ResultField("above_exchange", .bool(aboveExchange)),
                ResultField("thresholds_apply", .bool(true)),
                ResultField("status", .word(status.word)),
            ],
            categories: [status],
            interpretation: ClinicalText(
                "calc.bilirubin.interpretation.\(status.word)",
                "TSB {0} {1} at {2} h ({3}, {4}): \(status.label.lowercased()); phototherapy {5}, exchange {6} {1}.",
                [.plain(NumberText.rounded(tsb, digits: digits + 1)), .plain(unit), .plain(NumberText.rounded(hours, digits: 1)),
                 .text(curve), .text(riskText), .plain(NumberText.rounded(photoValue, digits: digits)),
                 .plain(NumberText.rounded(exchangeValue, digits: digits))]),
            warnings: warnings)
    }

    /// Below 35 weeks: the guideline's curves are for 35 weeks and later, so no number is given
    /// rather than one read off a curve that was not made for this baby.
    static func notApplicable(weeks: Int) -> ToolResult {
        let status = ResultCategory(key: "status", word: "not_applicable",
                                    label: "AAP 2022 thresholds do not apply below \(firstWeek) weeks", severity: .caution)
        return ToolResult(
            fields: [ResultField("thresholds_apply", .bool(false)), ResultField("status", .word(status.word))],
            categories: [status],
            interpretation: ClinicalText(
                "calc.bilirubin.interpretation.not_applicable",
                "The AAP 2022 thresholds are for infants born at {0} weeks or later; at {1} weeks they do not apply and no threshold is given. Follow the unit's preterm guidance (for example NICE CG98, Jaundice in newborn babies under 28 days, which gives threshold graphs by gestational age).",
                plain: [firstWeek, weeks]))
    }
}
