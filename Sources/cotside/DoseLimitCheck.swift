import Clinical
import WardStore

/// Checks a prescribed dose against the clinical module's drug table for the patient's weight:
/// above the table's maximum single dose, or more than 10 % above its mg/kg dose for this weight,
/// gives a warning (never a refusal: the prescriber may have reasons; the list shows it).
enum DoseLimitCheck {
    static func warning(for medication: Medication, weightGrams: Int,
                        formulary: DrugFormulary? = try? DrugFormulary.shared.get()) -> String? {
        guard let formulary, weightGrams > 0 else { return nil }
        let key = medication.drugName.lowercased().trimmingCharacters(in: .whitespaces)
        guard let drug = formulary.drugs.first(where: {
            $0.id == key || $0.name.lowercased() == key || $0.id == key.replacingOccurrences(of: " ", with: "_")
        }) else { return nil }
        let mg: Double
        switch medication.doseUnit {
        case .mg: mg = medication.doseAmount
        case .mcg: mg = medication.doseAmount / 1000
        default: return nil
        }
        let kg = Double(weightGrams) / 1000
        if mg > drug.maxSingleDoseMg {
            return "dose \(format(mg)) mg is above the maximum single dose \(format(drug.maxSingleDoseMg)) mg in the drug table"
        }
        let weightDose = drug.mgPerKgDose * kg
        if mg > weightDose * 1.1 {
            return "dose \(format(mg)) mg is above \(format(drug.mgPerKgDose)) mg/kg × \(format(kg)) kg = \(format(weightDose)) mg in the drug table"
        }
        return nil
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
