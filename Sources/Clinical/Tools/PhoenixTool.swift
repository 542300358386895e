/// Phoenix Sepsis Score (2024 international consensus) and the sepsis / septic shock criteria.
public enum PhoenixTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "phoenix", name: "Phoenix sepsis score", group: .scores,
        summary: "Paediatric sepsis and septic shock: respiratory, cardiovascular, coagulation, neurologic",
        inputs: [
            CommonInputs.ageMonths(),
            CommonInputs.flag("suspected_infection", "Suspected or confirmed infection"),
            InputSpec(key: "pf_ratio", label: "PaO2:FiO2", kind: .number, range: 1...700, isRequired: false,
                      help: "Used instead of SpO2:FiO2 when both are given"),
            InputSpec(key: "sf_ratio", label: "SpO2:FiO2", kind: .number, range: 1...500, isRequired: false,
                      help: "Only valid with SpO2 ≤ 97 %"),
            CommonInputs.flag("on_imv", "Invasive mechanical ventilation (implies respiratory support)"),
            CommonInputs.flag("on_respiratory_support", "Any respiratory support (oxygen, high flow, NIV)"),
            InputSpec(key: "vasoactive_count", label: "Vasoactive medications", kind: .integer, range: 0...10,
                      isRequired: false, help: "Number of vasoactive drugs running (default 0); 2 or more score 2"),
            InputSpec(key: "lactate_mmol_l", label: "Lactate", unit: "mmol/L", kind: .number, range: 0...30, isRequired: false),
            InputSpec(key: "map_mmhg", label: "Mean arterial pressure", unit: "mmHg", kind: .number, range: 1...200, isRequired: false),
            InputSpec(key: "platelets_k_ul", label: "Platelets", unit: "×10³/µL", kind: .number, range: 0...2000, isRequired: false),
            InputSpec(key: "inr", label: "INR", kind: .number, range: 0.5...20, isRequired: false),
            InputSpec(key: "d_dimer_mg_l_feu", label: "D-dimer", unit: "mg/L FEU", kind: .number, range: 0...100, isRequired: false),
            InputSpec(key: "fibrinogen_mg_dl", label: "Fibrinogen", unit: "mg/dL", kind: .number, range: 0...2000, isRequired: false),
            InputSpec(key: "gcs", label: "GCS", kind: .integer, range: 3...15, isRequired: false),
            CommonInputs.flag("pupils_fixed_bilateral", "Both pupils fixed"),
        ],
        references: [
            Reference(authors: "Schlapbach LJ, Watson RS, Sorce LR, et al",
                      title: "International Consensus Criteria for Pediatric Sepsis and Septic Shock",
                      source: "JAMA 2024;331(8):665-674", year: 2024),
            Reference(authors: "Sanchez-Pinto LN, Bennett TD, DeWitt PE, et al",
                      title: "Development and Validation of the Phoenix Criteria for Pediatric Sepsis and Septic Shock",
                      source: "JAMA 2024;331(8):675-686", year: 2024),
        ],
        applicability: [
            "Children under 18 years; not for newborns in the birth hospitalisation or before 37 weeks' postmenstrual age.",
            "A missing measurement scores 0, as in the derivation.",
        ],
        limitations: "The Phoenix criteria identify sepsis for recognition and research; they are not an early-screening tool and do not replace clinical assessment.",
        constraints: ["pf_ratio is used when both pf_ratio and sf_ratio are given", "on_imv implies respiratory support"],
        notFor: [.notBeforePostmenstrualWeeks(37)]
    )

    /// MAP cut-offs by age: 1 point at or below `onePoint`, 2 points below `twoPoints`.
    static func mapCutoffs(ageMonths: Double) -> (twoPoints: Double, onePoint: Double) {
        switch ageMonths {
        case ..<1: return (17, 30)
        case ..<12: return (25, 38)
        case ..<24: return (31, 43)
        case ..<60: return (32, 44)
        case ..<144: return (36, 48)
        default: return (38, 51)
        }
    }

    static func respiratoryPoints(_ inputs: ToolInputs) -> Int {
        let imv = inputs.flag("on_imv")
        let support = imv || inputs.flag("on_respiratory_support")
        guard support else { return 0 }
        if let pf = inputs.optionalNumber("pf_ratio") {
            if imv && pf < 100 { return 3 }
            if imv && pf <= 200 { return 2 }
            return pf < 400 ? 1 : 0
        }
        if let sf = inputs.optionalNumber("sf_ratio") {
            if imv && sf < 148 { return 3 }
            if imv && sf <= 220 { return 2 }
            return sf < 292 ? 1 : 0
        }
        return 0
    }

    static func cardiovascularPoints(_ inputs: ToolInputs) -> Int {
        var points = min(inputs.optionalInt("vasoactive_count") ?? 0, 2)
        if let lactate = inputs.optionalNumber("lactate_mmol_l") {
            points += lactate >= 11 ? 2 : (lactate >= 5 ? 1 : 0)
        }
        if let map = inputs.optionalNumber("map_mmhg") {
            let cut = mapCutoffs(ageMonths: inputs.number("age_months"))
            points += map < cut.twoPoints ? 2 : (map <= cut.onePoint ? 1 : 0)
        }
        return points
    }

    static func coagulationPoints(_ inputs: ToolInputs) -> Int {
        var points = 0
        if let p = inputs.optionalNumber("platelets_k_ul"), p < 100 { points += 1 }
        if let inr = inputs.optionalNumber("inr"), inr > 1.3 { points += 1 }
        if let d = inputs.optionalNumber("d_dimer_mg_l_feu"), d > 2 { points += 1 }
        if let f = inputs.optionalNumber("fibrinogen_mg_dl"), f < 100 { points += 1 }
        return min(points, 2)
    }

    static func neurologicPoints(_ inputs: ToolInputs) -> Int {
        if inputs.flag("pupils_fixed_bilateral") { return 2 }
        if let gcs = inputs.optionalInt("gcs"), gcs <= 10 { return 1 }
        return 0
    }

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let r = respiratoryPoints(inputs), c = cardiovascularPoints(inputs)
        let k = coagulationPoints(inputs), n = neurologicPoints(inputs)
        let score = r + c + k + n
        let sepsis = inputs.flag("suspected_infection") && score >= 2
        let shock = sepsis && c >= 1
        let category: ResultCategory
        let sentence: ClinicalText
        if shock {
            category = .of("category", "septic_shock", .danger)
            sentence = ClinicalText("calc.phoenix.interpretation.septic_shock",
                                    "Phoenix score {0} with cardiovascular dysfunction: septic shock.", plain: [score])
        } else if sepsis {
            category = .of("category", "sepsis", .danger)
            sentence = ClinicalText("calc.phoenix.interpretation.sepsis", "Phoenix score {0} with suspected infection: sepsis.", plain: [score])
        } else {
            category = .of("category", "criteria_not_met", .info, label: "Sepsis criteria not met")
            sentence = inputs.flag("suspected_infection")
                ? ClinicalText("calc.phoenix.interpretation.criteria_not_met",
                               "Phoenix score {0}: sepsis criteria not met (needs 2 or more).", plain: [score])
                : ClinicalText("calc.phoenix.interpretation.no_infection",
                               "Phoenix score {0}: sepsis criteria need a suspected infection and a score of 2 or more.", plain: [score])
        }
        return ToolResult(
            fields: [
                ResultField("score", .integer(score)), ResultField("respiratory", .integer(r)),
                ResultField("cardiovascular", .integer(c)), ResultField("coagulation", .integer(k)),
                ResultField("neurologic", .integer(n)), ResultField("sepsis", .bool(sepsis)),
                ResultField("septic_shock", .bool(shock)), ResultField("category", .word(category.word)),
            ],
            categories: [category], interpretation: sentence)
    }
}
