/// Estimated GFR in children by the bedside Schwartz equation (2009).
public enum GfrTool: ClinicalTool {
    /// µmol/L per mg/dL of creatinine.
    public static let umolPerMg = 88.4

    public static let spec = ToolSpec(
        id: "gfr", name: "eGFR (bedside Schwartz)", group: .calculators,
        summary: "eGFR = 0.413 × height cm / creatinine mg/dL",
        inputs: [
            CommonInputs.heightCm(),
            InputSpec(key: "creatinine_mg_dl", label: "Serum creatinine", unit: "mg/dL", kind: .number, range: 0.01...50,
                      isRequired: false, help: "Give this or creatinine_umol_l"),
            InputSpec(key: "creatinine_umol_l", label: "Serum creatinine", unit: "µmol/L", kind: .number,
                      range: 0.884...4420, isRequired: false, help: "Give this or creatinine_mg_dl (88.4 µmol/L per mg/dL)"),
        ],
        references: [
            Reference(authors: "Schwartz GJ, Muñoz A, Schneider MF, Mak RH, Kaskel F, Warady BA, Furth SL",
                      title: "New equations to estimate GFR in children with CKD",
                      source: "J Am Soc Nephrol 2009;20(3):629-637", year: 2009),
        ],
        applicability: [
            "Bedside Schwartz assumes enzymatic creatinine (IDMS-traceable).",
            "Derived in children 1–16 years with chronic kidney disease; not for neonates or changing creatinine (AKI).",
        ],
        limitations: "eGFR is an estimate; it is unreliable when creatinine is not at steady state or muscle mass is unusual.",
        constraints: ["give creatinine_mg_dl or creatinine_umol_l, not both"]
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let mg = inputs.optionalNumber("creatinine_mg_dl"), umol = inputs.optionalNumber("creatinine_umol_l")
        let creatinine: Double
        switch (mg, umol) {
        case (.some, .some):
            throw ToolErrors(field: "creatinine_umol_l", spec.oneNotBoth("creatinine_mg_dl", "creatinine_umol_l"))
        case (nil, nil):
            throw ToolErrors(field: "creatinine_mg_dl", spec.eitherRequired("creatinine_mg_dl", "creatinine_umol_l"))
        case (let m?, nil): creatinine = m
        case (nil, let u?): creatinine = u / umolPerMg
        }
        let egfr = 0.413 * inputs.number("height_cm") / creatinine
        var warnings: [ClinicalText] = []
        if egfr > 200 {
            warnings.append(ClinicalText("calc.gfr.warning.implausible",
                                         "An eGFR above 200 mL/min/1.73 m² is implausible; check the creatinine value and unit."))
        }
        return ToolResult(fields: [ResultField("egfr_ml_min_1_73m2", .number(egfr))],
                          interpretation: ClinicalText("calc.gfr.interpretation", "eGFR {0} mL/min/1.73 m².",
                                                       plain: [NumberText.rounded(egfr, digits: 0)]),
                          warnings: warnings)
    }
}
