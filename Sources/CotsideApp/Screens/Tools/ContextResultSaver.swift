import Clinical
import Foundation
import WardStore

/// Saves reviewed results through the app's store for the patient selected in the session,
/// as the signed-in staff member; the write is audited, can be undone with `u`, and shows in
/// the patient's History.
@MainActor
final class ContextResultSaver: ToolResultSaving {
    let context: AppContext

    init(context: AppContext) { self.context = context }

    var selectedPatient: (id: Int64, label: String)? {
        guard let patient = context.selectedPatient, context.repository != nil else { return nil }
        return (patient.id, context.t("tools.patient_label", patient.bedLabel, patient.fullName))
    }

    /// One audited write that `u` takes back, in the name of whoever is signed in: like every
    /// write it needs someone signed in, and the store checks the permission table for them.
    func save(_ draft: CalculatorResultDraft) -> Intent {
        guard context.repository != nil else {
            return .message(.error(context.t("tools.save.no_store")))
        }
        let staffId = context.staff?.id
        let label = selectedPatient?.label ?? ""
        let tool = ToolRegistry.tool(id: draft.toolId)?.spec.name ?? draft.toolId
        let saved = context.t("tools.save.saved", tool, label)
        return .write(WardWrite(undoSummary: context.t("tools.save.undo_summary", tool, label), needs: .useCalculators) { repository in
            let result = try await repository.saveCalculatorResult(draft, by: staffId)
            return WriteReceipt(auditEntryIds: [result.auditEntryId], message: saved)
        })
    }
}

extension ChartFacts {
    /// The selected patient's chart before the Tools tab has loaded its measurements: the
    /// record's demographics and the birth weight, dated at birth.
    @MainActor static func selected(_ context: AppContext) -> ChartFacts? {
        guard let patient = context.selectedPatient else { return nil }
        return ChartFacts(patient: patient, latestWeightKg: ChartSnapshot.birthWeight(patient, timeZone: context.clock.timeZone))
    }
}
