import Clinical
import Foundation

/// Prescriptions: adding, editing, pausing, stopping, soft delete and restore, and a patient's
/// medication list. What was given against them is `DoseStore`. Part of `WardRepository`: async
/// calls; each write is one transaction with its audit row.
public protocol MedicationStore: Sendable {
    func addMedication(_ draft: MedicationDraft, by: Int64?) async throws -> Audited<Medication>
    /// Edits the prescription (not its patient); pause state is kept.
    func updateMedication(id: Int64, _ draft: MedicationDraft, by: Int64?) async throws -> Audited<Medication>
    /// A paused medication has no due slots until resumed.
    func setMedicationPaused(id: Int64, paused: Bool, by: Int64?) async throws -> Audited<Medication>
    /// A medication's pause periods, oldest first.
    func medicationPauses(medicationId: Int64) async throws -> [MedicationPause]
    /// Ends the medication at `at` (no slots from then on).
    func stopMedication(id: Int64, at: Date, by: Int64?) async throws -> Audited<Medication>
    func deleteMedication(id: Int64, by: Int64?) async throws -> Audited<Medication>
    func restoreMedication(id: Int64, by: Int64?) async throws -> Audited<Medication>
    func medication(id: Int64) async throws -> Medication?
    /// A patient's medications by drug name; ended ones only when asked.
    func medications(patientId: Int64, includeEnded: Bool) async throws -> [Medication]
    /// A patient's medications with latest status, next slot, adherence and effectiveness.
    func medicationList(patientId: Int64, now: Date, timeZone: TimeZone) async throws -> MedicationList
    /// Every drug name prescribed on the ward (any patient, ended too; not deleted), distinct.
    func prescribedDrugNames() async throws -> [String]
}

extension MedicationStore {
    /// The drug names of a second-check list that neither the drug table nor any prescription
    /// on the ward answers to (a misspelt name checks nothing): one rule for the settings form
    /// and `cotside settings set`, which both warn about them.
    public func unknownSecondCheckDrugs(_ rules: SecondCheckRules) async throws -> [String] {
        let table = (try? DrugFormulary.shared.get())?.drugs.flatMap { [$0.id, $0.name] } ?? []
        return rules.unknownDrugNames(known: table + (try await prescribedDrugNames()))
    }
}
