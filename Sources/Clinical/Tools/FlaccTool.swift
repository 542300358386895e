/// FLACC behavioural pain scale for children who cannot report pain.
public enum FlaccTool: ClinicalTool {
    static let criteria = ["face", "legs", "activity", "cry", "consolability"]

    public static let spec = ToolSpec(
        id: "flacc", name: "FLACC pain scale", group: .scores,
        summary: "Behavioural pain score: face, legs, activity, cry, consolability (0–10)",
        inputs: [
            CommonInputs.choice("face", "Face", [
                (0, "No particular expression or smile"),
                (1, "Occasional grimace or frown, withdrawn, disinterested"),
                (2, "Frequent to constant frown, quivering chin, clenched jaw"),
            ]),
            CommonInputs.choice("legs", "Legs", [
                (0, "Normal position or relaxed"),
                (1, "Uneasy, restless, tense"),
                (2, "Kicking, or legs drawn up"),
            ]),
            CommonInputs.choice("activity", "Activity", [
                (0, "Lying quietly, normal position, moves easily"),
                (1, "Squirming, shifting back and forth, tense"),
                (2, "Arched, rigid or jerking"),
            ]),
            CommonInputs.choice("cry", "Cry", [
                (0, "No cry (awake or asleep)"),
                (1, "Moans or whimpers, occasional complaint"),
                (2, "Crying steadily, screams or sobs, frequent complaints"),
            ]),
            CommonInputs.choice("consolability", "Consolability", [
                (0, "Content, relaxed"),
                (1, "Reassured by occasional touching, hugging or being talked to; distractible"),
                (2, "Difficult to console or comfort"),
            ]),
        ],
        references: [
            Reference(authors: "Merkel SI, Voepel-Lewis T, Shayevitz JR, Malviya S",
                      title: "The FLACC: a behavioral scale for scoring postoperative pain in young children",
                      source: "Pediatr Nurs 1997;23(3):293-297", year: 1997),
        ],
        applicability: ["Validated for children 2 months to 7 years, and for children who cannot self-report pain."],
        limitations: "FLACC measures pain behaviour; distress from other causes (hunger, fear) can raise the score."
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let score = scoreSum(inputs, criteria)
        let category: ResultCategory
        switch score {
        case 0: category = .of("category", "relaxed", .ok, label: "Relaxed and comfortable")
        case 1...3: category = .of("category", "mild", .info, label: "Mild discomfort")
        case 4...6: category = .of("category", "moderate", .caution, label: "Moderate pain")
        default: category = .of("category", "severe", .danger, label: "Severe pain or discomfort")
        }
        return ToolResult(fields: [ResultField("score", .integer(score)), ResultField("category", .word(category.word))],
                          categories: [category], interpretation: ClinicalText("calc.flacc.interpretation.\(category.word)",
                                                        "FLACC {0}: \(category.label.lowercased()).", plain: [score]))
    }
}
