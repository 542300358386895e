import Foundation

/// Weight-based dose of a ward medicine by route and age band (neonatal bands by gestation and
/// postnatal age), capped at the band's maximum single dose. Every result carries the table's
/// version and says it needs local pharmacist review: the ward's sign-off is the presentation
/// layer's to show (this module knows no ward).
public enum DosageTool: ClinicalTool {
    /// Drug ids from the shipped table; empty if it could not be read (the call then reports why).
    static let drugIds: [String] = (try? DrugFormulary.shared.get().drugs.map(\.id)) ?? []
    static let concentrationIds: [String] = (try? DrugFormulary.shared.get().allConcentrationIds) ?? []
    /// Names the load problem in the help when the table is unusable, since validation then
    /// has no drug to accept.
    static let drugHelp: String = {
        switch DrugFormulary.shared {
        case .success: return "Lower-case generic name; the drugs and their routes are listed under Applies to"
        case .failure(let error): return "Unavailable: \(error.description)"
        }
    }()
    /// Every drug with its routes ("paracetamol (oral, iv); …"), for `--help` and the references.
    static let drugsAndRoutes: String = {
        guard case .success(let table) = DrugFormulary.shared else { return "Drugs and routes: none (the table could not be read)." }
        return "Drugs and routes: " + table.drugs.map { "\($0.id) (\($0.routes.joined(separator: ", ")))" }.joined(separator: "; ") + "."
    }()

    /// The wording every result carries until a ward's pharmacist has signed the table off.
    public static let needsReview = "needs local pharmacist review"

    public static let spec = ToolSpec(
        id: "dosage", name: "Weight-based dosage", group: .calculators,
        summary: "Dose in mg (and mL for a stocked strength) by drug, route and age band, capped at the maximum single dose",
        inputs: [
            InputSpec(key: "drug", label: "Drug", kind: .word(drugIds), help: drugHelp),
            InputSpec(key: "weight_kg", label: "Weight", unit: "kg", kind: .number, range: 0.1...300, chartField: .weightKg),
            InputSpec(key: "concentration", label: "Strength", kind: .word(concentrationIds), isRequired: false,
                      help: "One of the chosen drug's stocked strengths; gives the dose in mL"),
            InputSpec(key: "route", label: "Route", kind: .word(DrugFormulary.Routes.all), isRequired: false,
                      help: "oral, iv or im; default the drug's first route"),
            InputSpec(key: "age_days", label: "Age", unit: "days", kind: .integer, range: 0...6575, isRequired: false,
                      help: "Postnatal age; picks the age band (neonatal bands cover days 0–27); without it the older-child band is used",
                      chartField: .ageDays),
            InputSpec(key: "gestational_age_weeks", label: "Gestation", unit: "weeks", kind: .integer, range: 22...44,
                      isRequired: false, help: "Needed for neonatal bands (gentamicin by gestation, others by postmenstrual age)",
                      chartField: .gestationalAgeWeeks),
            InputSpec(key: "gestational_age_days", label: "and days", unit: "days", kind: .integer, range: 0...6, isRequired: false,
                      chartField: .gestationalAgeDays),
        ],
        references: [
            Reference(authors: "Paediatric Formulary Committee", title: "BNF for Children 2018–2019",
                      source: "London: BMJ Group, Pharmaceutical Press and RCPCH Publications", year: 2018),
            Reference(authors: "Children's Hospital of Eastern Ontario", title: "Antimicrobial handbook and Neonatal Drug Therapy Manual (gentamicin, cefotaxime)",
                      source: "CHEO / The Ottawa Hospital", year: 2022),
            Reference(authors: "Queensland Clinical Guidelines", title: "Neonatal medicines: benzylpenicillin (NMedQ20.013)",
                      source: "Queensland Health", year: 2020),
            Reference(authors: "Médecins Sans Frontières", title: "Essential drugs: practical guidelines (ibuprofen oral; paracetamol IV)",
                      source: "MSF medical guidelines", year: 2023),
            Reference(authors: "Every band's own source", title: "Resources/clinical/drugs/PROVENANCE.md",
                      source: "Cotside drug table", year: 2026),
        ],
        applicability: [
            drugsAndRoutes,
            "One usual regimen per drug and route, split by postnatal age, gestation (neonatal bands, days 0–27) and weight as its source splits it.",
            "Each band's source, indication and frequency are shown with the result; every result needs local pharmacist review until the ward's pharmacist signs the table off.",
        ],
        limitations: "Check every dose against the current local formulary, the indication, renal and hepatic function, levels where monitored, and the child's age: the table holds one usual regimen per drug and route and is no substitute for a prescriber's and pharmacist's check.",
        constraints: ["concentration must be one of the chosen drug's strengths"]
    )

    public static func compute(_ inputs: ToolInputs) throws(ToolErrors) -> ToolResult {
        let formulary = try DrugFormulary.shared.tableOrToolError()
        let drugId = inputs.word("drug")
        guard let drug = formulary.drug(id: drugId) else {
            throw ToolErrors(field: "drug", spec.errorText("unknown_drug", "‘{0}’ is not in the drug table (allowed: {1})",
                                                            [.plain(drugId), .plain(formulary.drugs.map(\.id).joined(separator: ", "))]))
        }
        let route = inputs.optionalWord("route") ?? drug.routes[0]
        guard let regimen = drug.regimen(route: route) else {
            throw ToolErrors(field: "route", spec.errorText("no_route", "{0} has no {1} dose in the table (allowed: {2})",
                                                             [.plain(drug.id), .plain(route), .plain(drug.routes.joined(separator: ", "))]))
        }
        var concentration: DrugFormulary.Concentration?
        if let id = inputs.optionalWord("concentration") {
            guard let match = regimen.concentrations.first(where: { $0.id == id }) else {
                throw ToolErrors(field: "concentration", spec.errorText("no_strength", "‘{0}’ is not a {1} strength of {2} (allowed: {3})",
                    [.plain(id), .plain(route), .plain(drug.id), .plain(regimen.concentrations.map(\.id).joined(separator: ", "))]))
            }
            concentration = match
        }
        if inputs.has("gestational_age_days") && !inputs.has("gestational_age_weeks") {
            throw ToolErrors(field: "gestational_age_weeks", spec.giveWith("gestational_age_weeks", "gestational_age_days"))
        }
        let weight = inputs.number("weight_kg")
        let age = inputs.optionalInt("age_days")
        let gestation = inputs.optionalInt("gestational_age_weeks").map { $0 * 7 + (inputs.optionalInt("gestational_age_days") ?? 0) }
        let choice: DrugBandChoice
        switch DrugBandChoice.choose(regimen, ageDays: age, gestationDays: gestation, weightKg: weight) {
        case .success(let chosen): choice = chosen
        case .failure(.needsAge):
            throw ToolErrors(field: "age_days", spec.errorText("needs_age", "{0} {1} is dosed by age ({2}): give {3}",
                [.plain(drug.id), .plain(route), .plain(regimen.bands.map(\.label).joined(separator: "; ")), .input("age_days")]))
        case .failure(.needsGestation(let label)):
            throw ToolErrors(field: "gestational_age_weeks", spec.errorText("needs_gestation", "the {0} {1} dose at this age depends on gestation ({2}): give {3}",
                [.plain(drug.id), .plain(route), .plain(label), .input("gestational_age_weeks")]))
        case .failure(.noBand(let bands)):
            throw ToolErrors(field: age == nil ? "weight_kg" : "age_days", spec.errorText("no_band",
                "no {0} {1} dose in the table for this child (the table covers: {2})",
                [.plain(drug.id), .plain(route), .plain(bands.joined(separator: "; "))]))
        }
        let band = choice.band
        let calculated = band.uncappedDose(weightKg: weight)
        let capped = band.maxSingleDoseMg.map { calculated > $0 } ?? false
        let dose = capped ? band.maxSingleDoseMg! : calculated
        let daily = band.maxDaily(weightKg: weight, dose: dose)

        var fields = [
            ResultField("dose_mg", .number(dose)),
            ResultField("max_single_dose_mg", .number(band.maxSingleDoseMg ?? dose)),
            ResultField("capped", .bool(capped)),
        ]
        if let concentration {
            fields.append(ResultField("dose_ml", .number(dose / concentration.mgPerMl)))
        }
        fields += [
            ResultField("frequency", .word(band.frequency)),
            ResultField("max_daily_dose_mg", .number(daily.mg)),
        ]
        if let perKg = band.mgPerKgDose { fields.append(ResultField("mg_per_kg_dose", .number(perKg))) }
        if let perDay = band.dosesPerDay { fields.append(ResultField("doses_per_day", .integer(perDay))) }
        if let hours = band.intervalHours { fields.append(ResultField("interval_hours", .number(hours))) }
        fields += [
            ResultField("route", .word(route)),
            ResultField("band", .word(band.label)),
            ResultField("max_single_dose_stated", .bool(band.maxSingleDoseMg != nil)),
            ResultField("max_daily_dose_stated", .bool(daily.stated)),
            ResultField("review", .word("needs_local_pharmacist_review")),
            ResultField("table_version", .word(formulary.version)),
        ]

        var warnings: [ClinicalText] = []
        if capped, let cap = band.maxSingleDoseMg {
            warnings.append(ClinicalText("calc.dosage.warning.capped", "{0} mg/kg × {1} kg = {2} mg exceeds the maximum single dose; capped at {3} mg.",
                                         plain: [NumberText.plain(band.mgPerKgDose ?? 0), NumberText.plain(weight),
                                                 NumberText.rounded(calculated, digits: 2), NumberText.plain(cap)]))
        }
        if choice.assumedWithoutAge {
            warnings.append(ClinicalText("calc.dosage.warning.age_not_given",
                                         "Age not given: the dose for ‘{0}’ is shown; neonatal and infant doses differ, so give age_days.",
                                         [.text(DrugTableWording.text(.band, band.label))]))
        }
        if weight > 100 {
            warnings.append(ClinicalText("calc.dosage.warning.over_100_kg", "Weight over 100 kg: check the weight; adult dosing applies."))
        }
        let volume: ClinicalText.Argument = concentration.map {
            .text(ClinicalText("calc.dosage.volume", " = {0} mL of {1}",
                               [.plain(NumberText.rounded(dose / $0.mgPerMl, digits: 2)), .text(DrugTableWording.text(.strength, $0.label))]))
        } ?? .plain("")
        let parts: [ClinicalText.Argument] = [
            .text(DrugTableWording.text(.name, drug.name)), .text(ResultWording.valueText(group: "route", route)!),
            .text(DrugTableWording.text(.band, band.label)), .plain(NumberText.rounded(dose, digits: 2)),
            .text(DrugTableWording.text(.frequency, band.frequency)), volume, .plain(NumberText.rounded(daily.mg, digits: 2)),
            .text(DrugTableWording.text(.source, band.source)),
        ]
        let sentence = daily.stated
            ? ClinicalText("calc.dosage.interpretation", "{0}, {1} ({2}): {3} mg {4}{5}; at most {6} mg in 24 hours. Source: {7}.", parts)
            : ClinicalText("calc.dosage.interpretation.no_daily_maximum",
                           "{0}, {1} ({2}): {3} mg {4}{5}; {6} mg in 24 hours at this interval (the source states no daily maximum). Source: {7}.",
                           parts)
        return ToolResult(fields: fields, interpretation: sentence, warnings: warnings)
    }
}
