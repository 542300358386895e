import Foundation

/// Weight-based single dose of a common paediatric medicine, capped at the maximum single dose.
public enum DosageTool: ClinicalTool {
    /// Drug ids from the shipped table; empty if it could not be read (the call then reports why).
    static let drugIds: [String] = (try? DrugFormulary.shared.get().drugs.map(\.id)) ?? []
    static let concentrationIds: [String] = (try? DrugFormulary.shared.get().allConcentrationIds) ?? []
    /// Names the load problem in the help when the table is unusable, since validation then
    /// has no drug to accept.
    static let drugHelp: String = {
        switch DrugFormulary.shared {
        case .success: return "Lower-case generic name"
        case .failure(let error): return "Unavailable: \(error.description)"
        }
    }()

    public static let spec = ToolSpec(
        id: "dosage", name: "Weight-based dosage", group: .calculators,
        summary: "Single dose in mg (and mL for a stocked strength) from weight, capped at the maximum single dose",
        inputs: [
            InputSpec(key: "drug", label: "Drug", kind: .word(drugIds),
                      help: drugHelp),
            InputSpec(key: "weight_kg", label: "Weight", unit: "kg", kind: .number, range: 0.1...300, chartField: .weightKg),
            InputSpec(key: "concentration", label: "Strength", kind: .word(concentrationIds), isRequired: false,
                      help: "One of the chosen drug's stocked strengths; gives the dose in mL"),
        ],
        references: [
            Reference(authors: "Paediatric Formulary Committee", title: "BNF for Children 2018–2019",
                      source: "London: BMJ Group, Pharmaceutical Press and RCPCH Publications", year: 2018),
            Reference(authors: "Médecins Sans Frontières", title: "Essential drugs: practical guidelines (ibuprofen, oral)",
                      source: "MSF medical guidelines", year: 2023),
            Reference(authors: "British Thoracic Society, Scottish Intercollegiate Guidelines Network",
                      title: "British guideline on the management of asthma (SIGN 158)", source: "BTS/SIGN", year: 2019),
        ],
        applicability: [
            "Children from 1 month, oral route unless stated; the usual-dose regimen of the source named for each drug.",
            "Each drug's source, indication and frequency are shown with the result.",
        ],
        limitations: "Check every dose against the current local formulary, the indication, renal and hepatic function, and the child's age: the table holds one usual regimen per drug and is no substitute for a prescriber's and pharmacist's check.",
        constraints: ["concentration must be one of the chosen drug's strengths"]
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let formulary = try DrugFormulary.shared.tableOrToolError()
        let drugId = inputs.word("drug")
        guard let drug = formulary.drug(id: drugId) else {
            throw ToolErrors(field: "drug", "‘\(drugId)’ is not in the drug table (allowed: \(formulary.drugs.map(\.id).joined(separator: ", ")))")
        }
        var concentration: DrugFormulary.Concentration?
        if let id = inputs.optionalWord("concentration") {
            guard let match = drug.concentration(id: id) else {
                throw ToolErrors(field: "concentration",
                                 "‘\(id)’ is not a strength of \(drug.id) (allowed: \(drug.concentrations.map(\.id).joined(separator: ", ")))")
            }
            concentration = match
        }
        let weight = inputs.number("weight_kg")
        let calculated = weight * drug.mgPerKgDose
        let capped = calculated > drug.maxSingleDoseMg
        let dose = capped ? drug.maxSingleDoseMg : calculated
        let maxDaily = min(weight * drug.maxDailyMgPerKg, drug.maxDailyDoseMg)

        var fields = [
            ResultField("dose_mg", .number(dose)),
            ResultField("max_single_dose_mg", .number(drug.maxSingleDoseMg)),
            ResultField("capped", .bool(capped)),
        ]
        if let concentration {
            fields.append(ResultField("dose_ml", .number(dose / concentration.mgPerMl)))
        }
        fields += [
            ResultField("frequency", .word(drug.frequency)),
            ResultField("max_daily_dose_mg", .number(maxDaily)),
            ResultField("mg_per_kg_dose", .number(drug.mgPerKgDose)),
            ResultField("doses_per_day", .integer(drug.dosesPerDay)),
        ]

        var warnings: [String] = []
        if capped {
            warnings.append("\(NumberText.plain(drug.mgPerKgDose)) mg/kg × \(NumberText.plain(weight)) kg = \(NumberText.rounded(calculated, digits: 2)) mg exceeds the maximum single dose; capped at \(NumberText.plain(drug.maxSingleDoseMg)) mg.")
        }
        if weight < 3 {
            warnings.append("Weight under 3 kg: neonatal doses differ; this table is for children from 1 month.")
        }
        if weight > 100 {
            warnings.append("Weight over 100 kg: check the weight; adult dosing applies.")
        }
        var sentence = "\(drug.name): \(NumberText.rounded(dose, digits: 2)) mg \(drug.frequency)"
        if let concentration {
            sentence += " = \(NumberText.rounded(dose / concentration.mgPerMl, digits: 2)) mL of \(concentration.label)"
        }
        sentence += "; at most \(NumberText.rounded(maxDaily, digits: 2)) mg in 24 hours. Source: \(drug.source)."
        return ToolResult(fields: fields, interpretation: sentence, warnings: warnings)
    }
}
