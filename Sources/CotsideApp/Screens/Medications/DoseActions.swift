import Foundation
import TerminalUI
import WardStore

/// One slot on the drug round, by its identity (medication, scheduled instant).
struct SlotRef: Hashable, Sendable {
    let medicationId: Int64
    let scheduledAt: Date
    /// "bed 3 paracetamol": how messages and undo name it.
    let label: String

    @MainActor
    init(_ item: DueBoardItem, _ context: AppContext) {
        medicationId = item.medication.id
        scheduledAt = item.slot.scheduledAt
        label = context.t("round.slot_label", item.bedLabel, item.medication.drugName)
    }
}

/// The drug round's writes as `.task` intents: record given / withheld, snooze, log an as-needed
/// dose. Each sets what `u` undoes, says what was stored and reloads every screen.
@MainActor
enum DoseActions {
    static func record(_ slots: [SlotRef], status: DoseStatus, reason: WithheldReason? = nil,
                       _ context: AppContext, after: @escaping @MainActor () -> Void = {}) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        guard !slots.isEmpty else { return .message(.info(context.t("round.nothing_selected"))) }
        let now = context.clock.now
        let by = context.staff?.id
        let drafts = slots.map {
            DoseRecordDraft(medicationId: $0.medicationId, scheduledAt: $0.scheduledAt, status: status,
                            withheldReason: reason, recordedAt: now)
        }
        let what = reason.map { context.t("round.withheld_as", context.t("withheld.\($0.rawValue)")) }
            ?? context.t("dose.status.\(status.rawValue)")
        let names = slots.map(\.label).joined(separator: ", ")
        let summary = context.t("round.summary", what, names)
        return WardTask.store(context) { repository in
            let saved = try await repository.recordDoses(drafts, by: by)
            after()
            return .all([
                .session(.undoable(UndoRecord(auditEntryIds: saved.map(\.auditEntryId).reversed(), summary: summary))),
                .message(.success(context.t("round.done", summary, WardFormat(context).time(now)))),
                .shell(.reloadAll),
            ])
        }
    }

    static func snooze(_ slot: SlotRef, _ option: SnoozeOption, _ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        let by = context.staff?.id
        let summary = context.t("round.snooze_summary", slot.label, option.rawValue)
        return WardTask.store(context) { repository in
            let saved = try await repository.snoozeDose(medicationId: slot.medicationId, scheduledAt: slot.scheduledAt,
                                                        for: option, by: by)
            let until = saved.record.snoozedUntil.map { WardFormat(context).time($0) } ?? ""
            return .all([
                .session(.undoable(UndoRecord(auditEntryIds: [saved.auditEntryId], summary: summary))),
                .message(.success(context.t("round.snoozed", summary, until))),
                .shell(.reloadAll),
            ])
        }
    }

    /// An as-needed dose now; when the interval or 24 h rule refuses it, asks for an override
    /// reason and tries again with it.
    static func giveAsNeeded(_ medication: Medication, bed: String, override: String? = nil, _ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        let now = context.clock.now
        let by = context.staff?.id
        let summary = context.t("round.slot_label", bed, medication.drugName)
        return WardTask.store(context) { repository in
            do {
                let saved = try await repository.logAsNeededDose(
                    AsNeededDoseDraft(medicationId: medication.id, givenAt: now, overrideReason: override), by: by)
                return .all([
                    .session(.undoable(UndoRecord(auditEntryIds: [saved.auditEntryId], summary: summary))),
                    .message(.success(context.t("prn.done", summary, WardFormat(context).time(now)))),
                    .shell(.reloadAll),
                ])
            } catch let refused as AsNeededRefusalError {
                let field = FormField.text("reason", label: context.t("prn.override_reason"), maxLength: 200, required: true)
                let prompt = PromptScreen(titleKey: "prn.override_title", field: field, context) { state, context in
                    let reason = state.text("reason")?.trimmingCharacters(in: .whitespaces) ?? ""
                    guard !reason.isEmpty else { return .message(.error(context.t("prn.override_needed"))) }
                    return .all([.pop, giveAsNeeded(medication, bed: bed, override: reason, context)])
                }
                return .all([.push(prompt), .message(.warning(context.t("prn.refused", refused.refusals.map(\.description).joined(separator: "; "))))])
            }
        }
    }
}
