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

    func save(_ draft: CalculatorResultDraft) -> Intent {
        guard let store = context.repository else {
            return .message(.error(context.t("tools.save.no_store")))
        }
        let staffId = context.staff?.id
        let label = selectedPatient?.label ?? ""
        let tool = ToolRegistry.tool(id: draft.toolId)?.spec.name ?? draft.toolId
        let context = self.context
        return .task {
            do {
                let saved = try await store.saveCalculatorResult(draft, by: staffId)
                return .all([
                    .session(.undoable(UndoRecord(auditEntryIds: [saved.auditEntryId], summary: context.t("tools.save.undo_summary", tool, label)))),
                    .message(.success(context.t("tools.save.saved", tool, label))),
                ])
            } catch {
                return .message(.error(context.t("tools.save.failed", String(describing: error))))
            }
        }
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
