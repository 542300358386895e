/// Dehydration deficit plus maintenance, replaced over 24 h (half the deficit in the first 8 h).
public enum DehydrationTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "dehydration", name: "Dehydration deficit and 24 h plan", group: .calculators,
        summary: "Deficit (kg × % × 10) plus Holliday–Segar maintenance over 24 h",
        inputs: [
            CommonInputs.weightKg(),
            InputSpec(key: "percent", label: "Dehydration", unit: "%", kind: .number, range: 0.1...20,
                      help: "Estimated percentage of body weight lost"),
        ],
        references: [
            HollidaySegar.reference,
            Reference(authors: "Kleinman K, McDaniel L, Molloy M (eds)", title: "The Harriet Lane Handbook, chapter Fluids and Electrolytes",
                      source: "22nd edition, Elsevier", year: 2020),
        ],
        applicability: [
            "Isotonic dehydration; replace hypernatraemic dehydration more slowly (over 48 h or more).",
            "Shocked children need fluid boluses first; boluses given are subtracted from the deficit.",
        ],
        limitations: "The percentage of dehydration is a clinical estimate; reassess weight, urine output and electrolytes during replacement.",
        constraints: [],
        // Its maintenance part is Holliday–Segar, which is not for the first 28 days (NICE NG29).
        notFor: [.notUnderDays(28)]
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let kg = inputs.number("weight_kg"), percent = inputs.number("percent")
        let deficit = kg * percent * 10
        let maintenance = HollidaySegar.mlPerDay(weightKg: kg)
        let total = deficit + maintenance
        let firstEight = deficit / 2 + maintenance / 3
        let firstRate = firstEight / 8
        let nextRate = (total - firstEight) / 16
        var warnings: [ClinicalText] = []
        if percent > 10 {
            warnings.append(ClinicalText("calc.dehydration.warning.above_severe",
                                         "{0} % is more than severe dehydration (10 %); assess for shock and give boluses first.",
                                         plain: [NumberText.plain(percent)]))
        }
        return ToolResult(
            fields: [ResultField("deficit_ml", .number(deficit)), ResultField("maintenance_ml_24h", .number(maintenance)),
                     ResultField("total_ml_24h", .number(total)), ResultField("first_8h_ml_per_hour", .number(firstRate)),
                     ResultField("next_16h_ml_per_hour", .number(nextRate))],
            interpretation: ClinicalText("calc.dehydration.interpretation",
                                         "Deficit {0} mL + maintenance {1} mL: {2} mL/h for 8 h, then {3} mL/h for 16 h.",
                                         plain: [NumberText.rounded(deficit, digits: 0), NumberText.rounded(maintenance, digits: 0),
                                                 NumberText.rounded(firstRate, digits: 1), NumberText.rounded(nextRate, digits: 1)]),
            warnings: warnings)
    }
}
