import Foundation

/// Neonatal hyperbilirubinaemia treatment thresholds (AAP 2022) for infants of 35 weeks or more.
public enum BilirubinTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "bilirubin", name: "Bilirubin thresholds (AAP 2022)", group: .calculators,
        summary: "Phototherapy, escalation-of-care and exchange-transfusion thresholds by gestation, age in hours and risk",
        inputs: [
            InputSpec(key: "gestational_age_weeks", label: "Gestational age", unit: "weeks", kind: .integer, range: 35...44,
                      help: "Completed weeks; 40 and above use the ≥40-week curve (≥38 with risk factors)",
                      chartField: .gestationalAgeWeeks),
            InputSpec(key: "age_hours", label: "Age", unit: "hours", kind: .number, range: 1...336,
                      help: "Between whole hours the thresholds are interpolated linearly"),
            InputSpec(key: "tsb_mg_dl", label: "Total serum bilirubin", unit: "mg/dL", kind: .number, range: 0.1...50),
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
            "Thresholds from the guideline's hourly supplemental tables; escalation of care is 2 mg/dL below the exchange threshold.",
        ],
        limitations: "Thresholds guide, not replace, clinical judgement: act on signs of acute bilirubin encephalopathy at any level, and follow the guideline's advice on repeat measurement and follow-up.",
        constraints: []
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let thresholds = try BilirubinThresholds.shared.tableOrToolError()
        let weeks = inputs.int("gestational_age_weeks")
        let hours = inputs.number("age_hours")
        let tsb = inputs.number("tsb_mg_dl")
        let risk = inputs.flag("neurotoxicity_risk_factors")

        let photo = thresholds.threshold(.phototherapy, gestationalWeeks: weeks, riskFactors: risk, ageHours: hours)
        let exchange = thresholds.threshold(.exchange, gestationalWeeks: weeks, riskFactors: risk, ageHours: hours)
        let escalation = exchange.mgPerDl - 2
        let abovePhoto = tsb >= photo.mgPerDl
        let aboveExchange = tsb >= exchange.mgPerDl

        let status: ResultCategory
        if aboveExchange {
            status = ResultCategory(key: "status", word: "exchange", label: "At or above the exchange-transfusion threshold", severity: .danger)
        } else if tsb >= escalation {
            status = ResultCategory(key: "status", word: "escalation", label: "At or above the escalation-of-care threshold", severity: .danger)
        } else if abovePhoto {
            status = ResultCategory(key: "status", word: "phototherapy", label: "At or above the phototherapy threshold", severity: .caution)
        } else {
            status = ResultCategory(key: "status", word: "below_phototherapy", label: "Below the phototherapy threshold", severity: .ok)
        }

        var warnings: [String] = []
        if hours != hours.rounded(.down) {
            warnings.append("Thresholds interpolated between hours \(Int(hours.rounded(.down))) and \(Int(hours.rounded(.down)) + 1).")
        }
        if photo.usesFilledHour || exchange.usesFilledHour {
            warnings.append("An hour used here is missing from the digitised AAP table and was interpolated from the hours either side.")
        }
        let photoWeek = BilirubinThresholds.curveWeek(.phototherapy, riskFactors: risk, gestationalWeeks: weeks)
        let curve = photoWeek == weeks ? "\(weeks)-week" : "≥\(photoWeek)-week"
        return ToolResult(
            fields: [
                ResultField("phototherapy_threshold_mg_dl", .number(photo.mgPerDl)),
                ResultField("escalation_threshold_mg_dl", .number(escalation)),
                ResultField("exchange_threshold_mg_dl", .number(exchange.mgPerDl)),
                ResultField("above_phototherapy", .bool(abovePhoto)),
                ResultField("above_exchange", .bool(aboveExchange)),
            ],
            categories: [status],
            interpretation: "TSB \(NumberText.plain(tsb)) mg/dL at \(NumberText.plain(hours)) h (\(curve) curve, \(risk ? "with" : "no") neurotoxicity risk factors): \(status.label.lowercased()); phototherapy \(NumberText.rounded(photo.mgPerDl, digits: 1)), exchange \(NumberText.rounded(exchange.mgPerDl, digits: 1)) mg/dL.",
            warnings: warnings)
    }
}
