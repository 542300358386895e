import Foundation

/// Chronological, corrected and postmenstrual age of a baby born preterm.
public enum CorrectedAgeTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "corrected_age", name: "Corrected age", group: .calculators,
        summary: "Chronological, corrected and postmenstrual age in days",
        inputs: [
            InputSpec(key: "birth_date", label: "Date of birth", kind: .date, chartField: .birthDate),
            InputSpec(key: "gestational_age_weeks", label: "Gestational age at birth", unit: "weeks", kind: .integer,
                      range: 22...44, chartField: .gestationalAgeWeeks),
            InputSpec(key: "gestational_age_days", label: "and days", unit: "days", kind: .integer, range: 0...6,
                      isRequired: false, chartField: .gestationalAgeDays),
            InputSpec(key: "as_of", label: "As of", kind: .date, isRequired: false, help: "Defaults to today"),
        ],
        references: [
            Reference(authors: "Engle WA; American Academy of Pediatrics Committee on Fetus and Newborn",
                      title: "Age terminology during the perinatal period",
                      source: "Pediatrics 2004;114(5):1362-1364", year: 2004),
        ],
        applicability: [
            "Corrected age is used for growth and development until about 2–3 years of age.",
            "No correction is made for babies born at or after 40 weeks.",
        ],
        limitations: "Corrected age depends on the accuracy of the gestational age at birth.",
        constraints: ["as_of must not be before birth_date"]
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        guard let birth = inputs.date("birth_date") else { throw ToolErrors(field: "birth_date", InputErrorText.required(spec.input("birth_date")!)) }
        let asOf = inputs.date("as_of") ?? CalendarDate.on(Date(), in: .current)
        guard asOf >= birth else {
            throw ToolErrors(field: "as_of", spec.errorText("before_birth", "{0} {1} is before {2} {3}; it must be on or after the date of birth",
                                                            [.input("as_of"), .plain(asOf.description), .input("birth_date"), .plain(birth.description)]))
        }
        let gestationDays = inputs.int("gestational_age_weeks") * 7 + (inputs.optionalInt("gestational_age_days") ?? 0)
        let chronological = asOf.dayNumber - birth.dayNumber
        let correction = max(0, 280 - gestationDays)
        let corrected = chronological - correction
        let postmenstrual = gestationDays + chronological
        var warnings: [ClinicalText] = []
        if corrected < 0 {
            warnings.append(ClinicalText("calc.corrected_age.warning.before_term",
                                         "The baby has not yet reached term-equivalent age (40 weeks); corrected age is negative."))
        }
        if chronological > 3 * 365 {
            warnings.append(ClinicalText("calc.corrected_age.warning.past_3_years", "Correction for prematurity is usually stopped by 2–3 years of age."))
        }
        let sentence = correction == 0
            ? ClinicalText("calc.corrected_age.interpretation.term", "Born at or after 40 weeks: no correction; age {0} days.", plain: [chronological])
            : ClinicalText("calc.corrected_age.interpretation",
                           "Chronological age {0} days, corrected {1} days ({2} days early), postmenstrual {3}+{4} weeks.",
                           plain: [chronological, corrected, correction, postmenstrual / 7, postmenstrual % 7])
        return ToolResult(
            fields: [ResultField("chronological_age_days", .integer(chronological)),
                     ResultField("corrected_age_days", .integer(corrected)),
                     ResultField("postmenstrual_age_days", .integer(postmenstrual))],
            interpretation: sentence, warnings: warnings)
    }
}
