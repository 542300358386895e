import Clinical
import Foundation
import WardStore

/// Checks a prescribed dose against the clinical module's dosage table — the one rule the
/// medication form and `cotside meds` share: above the table's single-dose maximum; more than
/// 10 % above its mg/kg dose for the weight; or a daily total (dose × doses per 24 h) above its
/// daily maximum for the weight (mg/kg/day, capped by the absolute daily maximum). Warnings, never
/// refusals: the prescriber may know better, but must see it. Pure.
public enum DoseCeiling {
    /// Above the table's mg/kg dose by more than this fraction warns (rounding a dose to a
    /// measurable volume legitimately lands a little above the exact mg/kg figure).
    static let perKilogramTolerance = 0.10

    /// The table's entry for a drug name ("Paracetamol", "paracetamol 120 mg/5 mL" → paracetamol).
    static func entry(for drugName: String, in formulary: DrugFormulary) -> DrugFormulary.Drug? {
        let name = drugName.lowercased().trimmingCharacters(in: .whitespaces)
        return formulary.drugs.first { name == $0.id || name.hasPrefix($0.id + " ") || name == $0.name.lowercased() }
    }

    /// Doses per 24 h the schedule allows (fixed times, 24 / N, or the as-needed maximum).
    static func dosesPerDay(_ schedule: MedicationSchedule) -> Double {
        switch schedule {
        case .fixedTimes(let times): return Double(Set(times).count)
        case .everyHours(let hours): return hours > 0 ? 24 / Double(hours) : 0
        case .asNeeded(_, let maxDoses): return Double(maxDoses)
        }
    }

    /// The dose in mg, when the unit is a mass.
    static func milligrams(_ amount: Double, _ unit: DoseUnit) -> Double? {
        switch unit {
        case .mg: return amount
        case .mcg: return amount / 1000
        default: return nil
        }
    }

    public struct Finding: Equatable, Sendable {
        /// "single", "perKg" or "daily".
        public let kind: String
        public let doseMg: Double
        public let limitMg: Double
        public let drug: String
    }

    public static func check(drugName: String, amount: Double, unit: DoseUnit, schedule: MedicationSchedule,
                      weightGrams: Int, formulary: DrugFormulary) -> [Finding] {
        guard let drug = entry(for: drugName, in: formulary), let mg = milligrams(amount, unit) else { return [] }
        var findings: [Finding] = []
        if mg > drug.maxSingleDoseMg {
            findings.append(Finding(kind: "single", doseMg: mg, limitMg: drug.maxSingleDoseMg, drug: drug.name))
        } else if weightGrams > 0, mg > drug.mgPerKgDose * Double(weightGrams) / 1000 * (1 + perKilogramTolerance) {
            findings.append(Finding(kind: "perKg", doseMg: mg, limitMg: drug.mgPerKgDose * Double(weightGrams) / 1000, drug: drug.name))
        }
        let daily = mg * dosesPerDay(schedule)
        let limit = min(drug.maxDailyMgPerKg * Double(weightGrams) / 1000, drug.maxDailyDoseMg)
        if weightGrams > 0, daily > limit + 1e-9 {
            findings.append(Finding(kind: "daily", doseMg: daily, limitMg: limit, drug: drug.name))
        }
        return findings
    }
}
