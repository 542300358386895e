/// Maintenance IV fluids by the Holliday–Segar method; refuses babies under 28 days (given
/// `age_days`), naming their day-of-life target instead (`NeonatalMaintenance`). With the
/// volume, the maintenance sodium and potassium (`MaintenanceElectrolytes`) and NICE NG29's
/// isotonic fluid, and the reminder to check electrolytes and glucose.
public enum IvFluidTool: ClinicalTool {
    /// Above this the adult maintenance volume is usually the ceiling.
    static let unusualDailyMl = 2400.0

    public static let spec = ToolSpec(
        id: "ivfluid", name: "Maintenance fluids (Holliday–Segar)", group: .calculators,
        summary: "Maintenance fluid per day (100/50/20 mL/kg) and per hour (4-2-1 mL/kg/h), with sodium and potassium per day",
        inputs: [
            CommonInputs.weightKg(),
            InputSpec(key: "age_days", label: "Age", unit: "days", kind: .integer, range: 0...6575, isRequired: false,
                      help: "Under 28 days Holliday–Segar does not apply: the neonatal target by day of life is given instead",
                      chartField: .ageDays),
        ],
        references: [
            HollidaySegar.reference,
            MaintenanceElectrolytes.msdReference,
            Reference(authors: "National Institute for Health and Care Excellence",
                      title: "Intravenous fluid therapy in children and young people in hospital (NG29)",
                      source: "NICE guideline NG29", year: 2015),
        ],
        applicability: [
            "Not for babies in the first 28 days, who have their own volumes by day of life: given age_days under 28 the calculator refuses and names that target (NICE NG29 guide for term neonates).",
            "Use an isotonic fluid (NICE NG29: sodium 131–154 mmol/L, e.g. 0.9% sodium chloride with 5% glucose); restrict to 50–80 % in conditions with raised ADH secretion.",
            "Sodium and potassium are the Holliday–Segar maintenance needs (3 and 2 mmol per 100 mL of maintenance water a day); an isotonic fluid at full volume gives more sodium than that. No electrolyte figure is given under 28 days (the tool refuses there): follow the unit's neonatal guideline.",
        ],
        limitations: "Holliday–Segar gives a starting volume for a well child; adjust for losses, renal function, ADH secretion and daily weights and electrolytes.",
        notFor: [.notUnderDays(28)]
    )

    /// The hourly 4-2-1 rule gives a little less than the daily volume ÷ 24 (52.8 against 55
    /// mL/h at 16.4 kg; 4 against 4.17 mL/kg/h for the first 10 kg): both are Holliday–Segar, so the result says which is which
    /// rather than leave a pump rate and a daily total that seem to disagree.
    static func hourlyNote(perDay: Double, perHour: Double) -> ClinicalText.Argument {
        let evenRate = perDay / 24
        guard abs(evenRate - perHour) >= 0.05 else { return .plain("") }
        return .text(ClinicalText("calc.ivfluid.hourly_note", " (the hourly 4-2-1 rule; the daily volume over 24 h is {0} mL/h)",
                                  plain: [NumberText.rounded(evenRate, digits: 1)]))
    }

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let kg = inputs.number("weight_kg")
        if let age = inputs.optionalInt("age_days"), let row = NeonatalMaintenance.row(ageDays: age) {
            let day = age + 1
            let low = NumberText.rounded(Double(row.minMLPerKg) * kg, digits: 0)
            let high = NumberText.rounded(Double(row.maxMLPerKg) * kg, digits: 0)
            throw ToolErrors(field: "age_days", spec.errorText("neonate",
                "Holliday–Segar does not apply under 28 days: on day {0} of life the NICE NG29 guide for term neonates is {1}–{2} mL/kg/day ({3}–{4} mL/day for {5} kg); use the ward's neonatal target",
                [.plain(String(day)), .plain(String(row.minMLPerKg)), .plain(String(row.maxMLPerKg)), .plain(low), .plain(high), .number(kg)]))
        }
        let perDay = HollidaySegar.mlPerDay(weightKg: kg)
        let perHour = HollidaySegar.mlPerHour(weightKg: kg)
        var warnings: [ClinicalText] = []
        if perDay > unusualDailyMl {
            warnings.append(ClinicalText("calc.ivfluid.warning.above_adult_ceiling",
                                         "{0} mL/day is above 2,400 mL/day, the usual adult maintenance ceiling; many units cap at that volume.",
                                         plain: [NumberText.rounded(perDay, digits: 0)]))
        }
        let sodium = MaintenanceElectrolytes.sodiumPerDay(maintenanceMl: perDay)
        let potassium = MaintenanceElectrolytes.potassiumPerDay(maintenanceMl: perDay)
        let isotonicSodium = perDay / 1000 * MaintenanceElectrolytes.isotonicSodiumPerLitre
        return ToolResult(
            fields: [ResultField("ml_per_day", .number(perDay)), ResultField("ml_per_hour", .number(perHour)),
                     ResultField("sodium_mmol_day", .number(sodium)), ResultField("potassium_mmol_day", .number(potassium)),
                     ResultField("sodium_mmol_kg_day", .number(sodium / kg)), ResultField("potassium_mmol_kg_day", .number(potassium / kg)),
                     ResultField("fluid", .word(MaintenanceElectrolytes.isotonicFluid))],
            interpretation: ClinicalText(
                "calc.ivfluid.interpretation",
                "Maintenance {0} mL/day, {1} mL/h{2}; sodium {3} mmol/day ({4} mmol/kg/day) and potassium {5} mmol/day ({6} mmol/kg/day) (Holliday–Segar). "
                    + "Usual isotonic choice: {7} (NICE NG29; {8} mmol sodium at this volume). "
                    + "Check plasma electrolytes and blood glucose when starting and at least every 24 hours.",
                [.plain(NumberText.rounded(perDay, digits: 0)), .plain(NumberText.rounded(perHour, digits: 1)),
                 hourlyNote(perDay: perDay, perHour: perHour),
                 .plain(NumberText.rounded(sodium, digits: 1)), .plain(NumberText.rounded(sodium / kg, digits: 2)),
                 .plain(NumberText.rounded(potassium, digits: 1)), .plain(NumberText.rounded(potassium / kg, digits: 2)),
                 .text(ResultWording.valueText(group: "fluid", MaintenanceElectrolytes.isotonicFluid)!),
                 .plain(NumberText.rounded(isotonicSodium, digits: 0))]),
            warnings: warnings)
    }
}
