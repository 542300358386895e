import Foundation

/// Endotracheal tube size and depth, by age (1–18 years) or by weight (neonates).
public enum EttTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "ett", name: "Endotracheal tube size", group: .calculators,
        summary: "ETT internal diameter, oral depth and suction catheter by age or neonatal weight",
        inputs: [
            InputSpec(key: "age_years", label: "Age", unit: "years", kind: .number, range: 1...18, isRequired: false,
                      help: "Children from 1 year: age/4 + 4 uncuffed, age/4 + 3.5 cuffed", chartField: .ageYears),
            CommonInputs.weightKg(range: 0.3...6, required: false, help: "Neonates: tube by weight, depth = kg + 6 cm"),
        ],
        references: [
            Reference(authors: "Cole F", title: "Pediatric formulas for the anesthesiologist",
                      source: "AMA J Dis Child 1957;94(6):672-673", year: 1957),
            Reference(authors: "Topjian AA, Raymond TT, Atkins D, et al",
                      title: "Part 4: Pediatric Basic and Advanced Life Support: 2020 American Heart Association Guidelines for Cardiopulmonary Resuscitation and Emergency Cardiovascular Care",
                      source: "Circulation 2020;142(16 Suppl 2):S469-S523", year: 2020),
            Reference(authors: "Tochen ML", title: "Orotracheal intubation in the newborn infant: a method for determining depth of tube insertion",
                      source: "J Pediatr 1979;95(6):1050-1051", year: 1979),
            Reference(authors: "Weiner GM (ed)", title: "Textbook of Neonatal Resuscitation, 8th edition",
                      source: "American Academy of Pediatrics and American Heart Association", year: 2021),
        ],
        applicability: [
            "Age formulas apply from 1 year; neonatal sizes by weight up to 6 kg.",
            "Have the half-size above and below ready; confirm depth clinically and on X-ray.",
        ],
        limitations: "Formulas give a starting size; the tube that fits (leak, cuff pressure) decides.",
        constraints: ["give age_years or weight_kg, not both"]
    )

    /// Rounds to the nearest 0.5 mm; an exact quarter rounds down to the smaller tube.
    public static func roundToHalfMillimetre(_ mm: Double) -> Double {
        (mm * 2 - 0.5).rounded(.up) / 2
    }

    /// Neonatal tube internal diameter by weight.
    static func neonatalSize(weightKg kg: Double) -> Double {
        if kg < 1 { return 2.5 }
        if kg < 2 { return 3.0 }
        return 3.5
    }

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let age = inputs.optionalNumber("age_years"), weight = inputs.optionalNumber("weight_kg")
        switch (age, weight) {
        case (.some, .some):
            let both = spec.oneNotBoth("age_years", "weight_kg")
            throw ToolErrors([FieldError(field: "age_years", both), FieldError(field: "weight_kg", both)])
        case (nil, nil):
            let age = spec.input("age_years")!, weight = spec.input("weight_kg")!
            throw ToolErrors(field: "age_years", spec.errorText("required", "{0} ({1}) or {2} ({3}, neonates) is required",
                                                                [age.named, age.rangeArgument, weight.named, weight.rangeArgument]))
        case (let years?, nil):
            let uncuffed = roundToHalfMillimetre(years / 4 + 4)
            let cuffed = roundToHalfMillimetre(years / 4 + 3.5)
            return ToolResult(
                fields: [ResultField("uncuffed_id_mm", .number(uncuffed)), ResultField("cuffed_id_mm", .number(cuffed)),
                         ResultField("oral_depth_cm", .number(3 * uncuffed)), ResultField("suction_catheter_fr", .number(2 * uncuffed))],
                interpretation: ClinicalText("calc.ett.interpretation.by_age", "Uncuffed {0} mm or cuffed {1} mm; oral depth {2} cm; suction {3} Fr.",
                                             plain: [NumberText.plain(uncuffed), NumberText.plain(cuffed), NumberText.plain(3 * uncuffed),
                                                     NumberText.plain(2 * uncuffed)]))
        case (nil, let kg?):
            let size = neonatalSize(weightKg: kg)
            let depth = kg + 6
            return ToolResult(
                fields: [ResultField("id_mm", .number(size)), ResultField("oral_depth_cm", .number(depth)),
                         ResultField("suction_catheter_fr", .number(2 * size))],
                interpretation: ClinicalText("calc.ett.interpretation.by_weight", "Tube {0} mm, oral depth {1} cm at the lip, suction {2} Fr.",
                                             plain: [NumberText.plain(size), NumberText.rounded(depth, digits: 1), NumberText.plain(2 * size)]))
        }
    }
}
