import Foundation

/// Body surface area by the Mosteller formula.
public enum BsaTool: ClinicalTool {
    public static let spec = ToolSpec(
        id: "bsa", name: "Body surface area (Mosteller)", group: .calculators,
        summary: "BSA = √(height cm × weight kg / 3600)",
        inputs: [CommonInputs.heightCm(), CommonInputs.weightKg()],
        references: [
            Reference(authors: "Mosteller RD", title: "Simplified calculation of body-surface area",
                      source: "N Engl J Med 1987;317(17):1098", year: 1987),
        ],
        applicability: ["Use the measured length or height and the current weight."],
        limitations: "BSA is an estimate; check BSA-based doses against the protocol's caps."
    )

    public static func bsa(heightCm: Double, weightKg: Double) -> Double {
        (heightCm * weightKg / 3600).squareRoot()
    }

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let value = bsa(heightCm: inputs.number("height_cm"), weightKg: inputs.number("weight_kg"))
        return ToolResult(fields: [ResultField("bsa_m2", .number(value))],
                          interpretation: ClinicalText("calc.bsa.interpretation", "Body surface area {0} m².",
                                                       plain: [NumberText.rounded(value, digits: 2)]))
    }
}
