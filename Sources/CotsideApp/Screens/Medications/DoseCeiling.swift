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
        /// "single", "perKg", "daily", or "noBand" (the table has the drug by this route but no
        /// dose for this child: too young for it, or a neonate whose gestation is not recorded).
        public let kind: String
        public let doseMg: Double
        public let limitMg: Double
        public let drug: String
        /// For "noBand": who the table's bands are for, in words.
        public var covers: [String] = []
    }

    /// The formulary's route for a medication's route (NG doses are oral preparations); nil
    /// where the table has no figures for the route (inhaled, topical, PR …), which is not checked.
    static func formularyRoute(_ route: MedicationRoute) -> String? {
        switch route {
        case .oral, .ng: return "oral"
        case .iv: return "iv"
        case .im: return "im"
        case .sc, .inhaled, .topical, .pr: return nil
        }
    }

    /// Checks against the band of the table that fits this child — by route, postnatal age,
    /// gestation at birth and weight, as the dosage tool chooses it — so a neonate's dose is held
    /// to the neonatal figures, not the older child's. A drug or route the table does not have
    /// is not checked; a child the drug's bands do not cover is said to be outside them.
    public static func check(drugName: String, amount: Double, unit: DoseUnit, schedule: MedicationSchedule,
                             route: MedicationRoute, weightGrams: Int, ageDays: Int?, gestationDays: Int?,
                             formulary: DrugFormulary) -> [Finding] {
        guard let drug = entry(for: drugName, in: formulary), let mg = milligrams(amount, unit),
              let regimen = formularyRoute(route).flatMap(drug.regimen(route:)) else { return [] }
        let kg = Double(weightGrams) / 1000
        let band: DrugFormulary.Band
        switch DrugBandChoice.choose(regimen, ageDays: ageDays, gestationDays: gestationDays, weightKg: kg) {
        case .success(let choice): band = choice.band
        case .failure:
            // Prescribed outside every band the table has (ibuprofen for a two-week-old): say so.
            return [Finding(kind: "noBand", doseMg: mg, limitMg: 0, drug: drug.name, covers: regimen.bands.map(\.label))]
        }
        var findings: [Finding] = []
        if let single = band.maxSingleDoseMg ?? band.fixedDoseMg, mg > single {
            findings.append(Finding(kind: "single", doseMg: mg, limitMg: single, drug: drug.name))
        } else if weightGrams > 0, let perKg = band.mgPerKgDose, mg > perKg * kg * (1 + perKilogramTolerance) {
            findings.append(Finding(kind: "perKg", doseMg: mg, limitMg: perKg * kg, drug: drug.name))
        }
        let daily = mg * dosesPerDay(schedule)
        // The source's own daily maximum only (the band's, as the dosage tool reads it): a
        // regimen total the source does not state is no limit to warn against.
        let limit = band.maxDaily(weightKg: kg, dose: mg)
        if weightGrams > 0, limit.stated, daily > limit.mg + 1e-9 {
            findings.append(Finding(kind: "daily", doseMg: daily, limitMg: limit.mg, drug: drug.name))
        }
        return findings
    }
}
