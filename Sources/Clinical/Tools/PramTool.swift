/// Pediatric Respiratory Assessment Measure for acute asthma severity.
public enum PramTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "pram", name: "PRAM (asthma)", group: .scores,
        summary: "Acute asthma severity: retractions, wheeze, air entry, SpO2 (0–12)",
        inputs: [
            CommonInputs.choice("suprasternal_retractions", "Suprasternal retractions", [(0, "Absent"), (2, "Present")]),
            CommonInputs.choice("scalene_retractions", "Scalene muscle contraction", [(0, "Absent"), (2, "Present")]),
            CommonInputs.choice("wheezing", "Wheezing", [
                (0, "Absent"),
                (1, "Expiratory only"),
                (2, "Inspiratory (and expiratory)"),
                (3, "Audible without stethoscope, or silent chest with minimal air entry"),
            ]),
            CommonInputs.choice("air_entry", "Air entry", [
                (0, "Normal"),
                (1, "Decreased at the bases"),
                (2, "Widespread decrease"),
                (3, "Absent or minimal"),
            ]),
            InputSpec(key: "spo2_percent", label: "SpO2 on room air", unit: "%", kind: .number, range: 50...100,
                      help: "0 points ≥ 95 %, 1 point 92–94 %, 2 points < 92 %"),
        ],
        references: [
            Reference(authors: "Ducharme FM, Chalut D, Plotnick L, Savdie C, Kudirka D, Zhang X, Meng L, McGillivray D",
                      title: "The Pediatric Respiratory Assessment Measure: a valid clinical score for assessing acute asthma severity from toddlers to teenagers",
                      source: "J Pediatr 2008;152(4):476-480", year: 2008),
        ],
        applicability: ["Children 2 to 17 years with acute asthma; SpO2 measured on room air."],
        limitations: "PRAM grades severity at one moment; reassess after treatment and escalate on clinical grounds."
    )

    /// Points for oxygen saturation: 0 at ≥ 95 %, 1 at 92 to < 95 %, 2 below 92 %.
    static func spo2Points(_ spo2: Double) -> Int {
        if spo2 >= 95 { return 0 }
        if spo2 >= 92 { return 1 }
        return 2
    }

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let score = scoreSum(inputs, ["suprasternal_retractions", "scalene_retractions", "wheezing", "air_entry"])
            + spo2Points(inputs.number("spo2_percent"))
        let category: ResultCategory
        switch score {
        case ...3: category = .of("severity", "mild", .ok)
        case 4...7: category = .of("severity", "moderate", .caution)
        default: category = .of("severity", "severe", .danger)
        }
        return ToolResult(fields: [ResultField("score", .integer(score)), ResultField("severity", .word(category.word))],
                          categories: [category], interpretation: ClinicalText("calc.pram.interpretation.\(category.word)",
                                                        "PRAM {0}: \(category.word) asthma exacerbation.", plain: [score]))
    }
}
