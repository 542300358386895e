/// Fractional excretion of sodium.
public enum FenaTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "fena", name: "FENa", group: .calculators,
        summary: "Fractional excretion of sodium: prerenal versus intrinsic renal injury",
        inputs: [
            InputSpec(key: "urine_na", label: "Urine sodium", unit: "mmol/L", kind: .number, range: 0.1...500),
            InputSpec(key: "plasma_na", label: "Plasma sodium", unit: "mmol/L", kind: .number, range: 80...200),
            InputSpec(key: "urine_cr", label: "Urine creatinine", kind: .number, range: 0.01...1000,
                      help: "Same unit as plasma creatinine"),
            InputSpec(key: "plasma_cr", label: "Plasma creatinine", kind: .number, range: 0.01...1000,
                      help: "Same unit as urine creatinine"),
        ],
        references: [
            Reference(authors: "Espinel CH", title: "The FENa test. Use in the differential diagnosis of acute renal failure",
                      source: "JAMA 1976;236(6):579-581", year: 1976),
        ],
        applicability: [
            "Oliguric acute kidney injury; diuretics in the last 24 h invalidate the result.",
            "Neonates, especially preterm, normally excrete more sodium (FENa up to 2–3 %).",
        ],
        limitations: "FENa is one clue among several; interpret it with the history, urine output and response to fluid.",
        constraints: ["urine_cr and plasma_cr in the same unit"]
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let fena = inputs.number("urine_na") * inputs.number("plasma_cr")
            / (inputs.number("plasma_na") * inputs.number("urine_cr")) * 100
        let category: ResultCategory
        if fena < 1 {
            category = .of("interpretation", "prerenal", .caution, label: "Prerenal")
        } else if fena <= 2 {
            category = .of("interpretation", "indeterminate", .info)
        } else {
            category = .of("interpretation", "intrinsic_renal", .danger, label: "Intrinsic renal")
        }
        return ToolResult(
            fields: [ResultField("fena_percent", .number(fena)), ResultField("interpretation", .word(category.word))],
            categories: [category],
            interpretation: ClinicalText("calc.fena.interpretation.\(category.word)", "FENa {0} %: \(category.label.lowercased()).",
                                         plain: [NumberText.rounded(fena, digits: 2)]))
    }
}
