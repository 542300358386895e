/// Paediatric Early Warning Score (Brighton PEWS, Monaghan 2005).
public enum PewsTool: ClinicalTool {
    static let components = ["behavior", "cardiovascular", "respiratory"]

    public static let spec = ToolSpec(
        id: "pews", name: "PEWS (Brighton)", group: .scores,
        summary: "Paediatric early warning score: behaviour, cardiovascular, respiratory (+2 nebuliser, +2 vomiting)",
        inputs: [
            CommonInputs.choice("behavior", "Behaviour", [
                (0, "Playing / appropriate"),
                (1, "Sleeping"),
                (2, "Irritable"),
                (3, "Lethargic / confused, or reduced response to pain"),
            ]),
            CommonInputs.choice("cardiovascular", "Cardiovascular", [
                (0, "Pink, or capillary refill 1–2 s"),
                (1, "Pale, or capillary refill 3 s"),
                (2, "Grey, or capillary refill 4 s, or tachycardia 20 above normal rate"),
                (3, "Grey and mottled, or capillary refill ≥ 5 s, or tachycardia 30 above normal rate, or bradycardia"),
            ]),
            CommonInputs.choice("respiratory", "Respiratory", [
                (0, "Within normal parameters, no recession or tracheal tug"),
                (1, "> 10 above normal parameters, using accessory muscles, or ≥ 30% FiO2 or ≥ 3 L/min"),
                (2, "> 20 above normal parameters, recessing, tracheal tug, or ≥ 40% FiO2 or ≥ 6 L/min"),
                (3, "≥ 5 below normal parameters with sternal recession, tracheal tug or grunting, or ≥ 50% FiO2 or ≥ 8 L/min"),
            ]),
            CommonInputs.flag("nebulizer_every_15min", "Nebuliser every 15 minutes (+2)"),
            CommonInputs.flag("persistent_vomiting", "Persistent vomiting after surgery (+2)"),
        ],
        references: [
            Reference(authors: "Monaghan A", title: "Detecting and managing deterioration in children",
                      source: "Paediatr Nurs 2005;17(1):32-35", year: 2005),
        ],
        applicability: [
            "Compare heart and respiratory rates with the normal ranges for the child's age.",
            "A score of 3 in any single component calls for urgent review whatever the total.",
        ],
        limitations: "PEWS supports, and never replaces, clinical judgement and local escalation policy."
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        var score = scoreSum(inputs, components)
        if inputs.flag("nebulizer_every_15min") { score += 2 }
        if inputs.flag("persistent_vomiting") { score += 2 }
        let maxComponent = components.map { inputs.int($0) }.max() ?? 0
        let category: ResultCategory
        let sentence: ClinicalText
        if score >= 4 || maxComponent == 3 {
            category = .of("category", "urgent_review", .danger)
            sentence = maxComponent == 3 && score < 4
                ? ClinicalText("calc.pews.interpretation.urgent_review_component", "PEWS {0} with a 3 in one component: urgent medical review.", plain: [score])
                : ClinicalText("calc.pews.interpretation.urgent_review", "PEWS {0}: urgent medical review.", plain: [score])
        } else if score == 3 {
            category = .of("category", "increase_observation", .caution)
            sentence = ClinicalText("calc.pews.interpretation.increase_observation",
                                    "PEWS {0}: increase the frequency of observations and inform the nurse in charge.", plain: [score])
        } else {
            category = .of("category", "routine", .ok)
            sentence = ClinicalText("calc.pews.interpretation.routine", "PEWS {0}: routine observations.", plain: [score])
        }
        return ToolResult(fields: [ResultField("score", .integer(score)), ResultField("category", .word(category.word))],
                          categories: [category], interpretation: sentence)
    }
}
