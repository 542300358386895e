/// Maintenance IV fluids by the Holliday–Segar method.
public enum IvFluidTool: ClinicalTool {
    /// Above this the adult maintenance volume is usually the ceiling.
    static let unusualDailyMl = 2400.0

    public static let spec = ToolSpec(
        id: "ivfluid", name: "Maintenance fluids (Holliday–Segar)", group: .calculators,
        summary: "Maintenance fluid per day (100/50/20 mL/kg) and per hour (4-2-1 mL/kg/h)",
        inputs: [CommonInputs.weightKg()],
        references: [
            HollidaySegar.reference,
            Reference(authors: "National Institute for Health and Care Excellence",
                      title: "Intravenous fluid therapy in children and young people in hospital (NG29)",
                      source: "NICE guideline NG29", year: 2015),
        ],
        applicability: [
            "Not for term neonates in the first 28 days, who have their own volumes by day of life.",
            "Use an isotonic fluid; restrict to 50–80 % in conditions with raised ADH secretion.",
        ],
        limitations: "Holliday–Segar gives a starting volume for a well child; adjust for losses, renal function, ADH secretion and daily weights and electrolytes."
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let kg = inputs.number("weight_kg")
        let perDay = HollidaySegar.mlPerDay(weightKg: kg)
        let perHour = HollidaySegar.mlPerHour(weightKg: kg)
        var warnings: [String] = []
        if perDay > unusualDailyMl {
            warnings.append("\(NumberText.rounded(perDay, digits: 0)) mL/day is above 2,400 mL/day, the usual adult maintenance ceiling; many units cap at that volume.")
        }
        return ToolResult(
            fields: [ResultField("ml_per_day", .number(perDay)), ResultField("ml_per_hour", .number(perHour))],
            interpretation: "Maintenance \(NumberText.rounded(perDay, digits: 0)) mL/day, \(NumberText.rounded(perHour, digits: 1)) mL/h.",
            warnings: warnings)
    }
}
