/// APGAR score of a newborn at 1, 5 (and 10) minutes.
public enum ApgarTool: ClinicalTool {
    static let criteria = ["appearance", "pulse", "grimace", "activity", "respiration"]

    public static let spec = ToolSpec(
        id: "apgar", name: "APGAR score", group: .scores,
        summary: "Newborn condition at 1 and 5 minutes (0–10)",
        inputs: [
            CommonInputs.choice("appearance", "Appearance (skin colour)", [
                (0, "Blue or pale all over"),
                (1, "Body pink, extremities blue (acrocyanosis)"),
                (2, "Completely pink, no cyanosis"),
            ]),
            CommonInputs.choice("pulse", "Pulse", [
                (0, "Absent"), (1, "< 100 bpm"), (2, "≥ 100 bpm"),
            ]),
            CommonInputs.choice("grimace", "Grimace (reflex irritability)", [
                (0, "No response to stimulation"),
                (1, "Grimace or feeble cry when stimulated"),
                (2, "Cry, cough, sneeze or pulls away when stimulated"),
            ]),
            CommonInputs.choice("activity", "Activity (muscle tone)", [
                (0, "Limp, no movement"),
                (1, "Some flexion of the extremities"),
                (2, "Active motion, well flexed"),
            ]),
            CommonInputs.choice("respiration", "Respiration", [
                (0, "Absent"), (1, "Weak, irregular or gasping"), (2, "Good, strong cry"),
            ]),
        ],
        references: [
            Reference(authors: "Apgar V", title: "A proposal for a new method of evaluation of the newborn infant",
                      source: "Curr Res Anesth Analg 1953;32(4):260-267", year: 1953),
            Reference(authors: "American Academy of Pediatrics Committee on Fetus and Newborn; American College of Obstetricians and Gynecologists Committee on Obstetric Practice",
                      title: "The Apgar score", source: "Pediatrics 2015;136(4):819-822", year: 2015),
        ],
        applicability: [
            "Scored at 1 and 5 minutes after birth; every 5 minutes to 20 minutes while the 5-minute score is below 7.",
            "Describes the newborn's condition; it does not decide whether to start resuscitation.",
        ],
        limitations: "The APGAR score describes condition at one moment; it does not predict individual neurological outcome and must not delay resuscitation."
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let score = scoreSum(inputs, criteria)
        let category: ResultCategory
        switch score {
        case 7...: category = .of("category", "reassuring", .ok)
        case 4...6: category = .of("category", "moderately_abnormal", .caution, label: "Moderately abnormal")
        default: category = .of("category", "low", .danger)
        }
        let english: String
        switch category.word {
        case "reassuring": english = "APGAR {0}: reassuring (7–10)."
        case "low": english = "APGAR {0}: low (0–3); the newborn needs immediate support."
        default: english = "APGAR {0}: moderately abnormal (4–6); reassess and support as needed."
        }
        let sentence = ClinicalText("calc.apgar.interpretation.\(category.word)", english, plain: [score])
        return ToolResult(fields: [ResultField("score", .integer(score)), ResultField("category", .word(category.word))],
                          categories: [category], interpretation: sentence)
    }
}
