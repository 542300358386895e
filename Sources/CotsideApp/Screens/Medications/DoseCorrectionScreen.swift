import Foundation
import TerminalUI
import WardStore

/// Corrects a recorded dose slot from History: the status it should have (given / withheld /
/// missed, with the withheld reason when withheld) and, required, why the record was wrong.
/// Saved through the store's `correctDose` (audited; `u` takes it back). Recording a slot again
/// on the drug round is not the way to change a record; this is.
@MainActor
final class DoseCorrectionScreen: WardFormScreen {
    let record: DoseRecord
    /// "vitamin D 09:00 for bed 3": how messages and undo name the slot.
    let label: String
    static let statuses = DoseStatus.allCases
    static let reasons = WithheldReason.allCases
    static let fieldFor = ["status": "status", "withheldReason": "withheld", "reason": "reason", "recordedAt": "status",
                           "notes": "reason"]

    init(record: DoseRecord, patient: Patient, drugName: String, _ context: AppContext) {
        self.record = record
        label = context.t("dose.correct.label", drugName, record.slotTime.description, patient.bedLabel)
        var fields: [FormField] = [
            .choice("status", label: context.t("dose.correct.status"),
                    options: Self.statuses.map { ChoiceOption(context.t("dose.status.\($0.rawValue)")) },
                    selected: record.status.flatMap { Self.statuses.firstIndex(of: $0) }),
            .text("reason", label: context.t("dose.correct.reason"), maxLength: 200, required: true, value: ""),
        ]
        if record.status == .withheld {
            fields.insert(Self.withheldField(context, selected: record.withheldReason), at: 1)
        }
        super.init(titleKey: "dose.correct.title", fields: fields, fieldFor: Self.fieldFor, context)
        let format = WardFormat(context)
        subtitle = context.t("dose.correct.subtitle", patient.bedLabel, patient.fullName, drugName, record.slotTime.description,
                             record.status.map { context.t("dose.status.\($0.rawValue)") } ?? "—",
                             record.recordedAt.map(format.stamp) ?? "—")
    }

    static func withheldField(_ context: AppContext, selected: WithheldReason?) -> FormField {
        .choice("withheld", label: context.t("dose.correct.withheld"),
                options: reasons.map { ChoiceOption(context.t("withheld.\($0.rawValue)")) },
                selected: selected.flatMap { reasons.firstIndex(of: $0) })
    }

    var status: DoseStatus { Self.statuses[state.choice("status") ?? 0] }

    /// The withheld reason is asked only while the status is withheld.
    override func fieldEdited(_ id: String, _ context: AppContext) {
        guard id == "status" else { return }
        let hasReason = state["withheld"] != nil
        if status == .withheld && !hasReason {
            state.fields.insert(Self.withheldField(context, selected: nil), at: 1)
        } else if status != .withheld && hasReason {
            state.fields.removeAll { $0.id == "withheld" }
            issues["withheld"] = nil
        }
    }

    override func submit(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        let status = self.status
        let withheld = status == .withheld ? state.choice("withheld").map { Self.reasons[$0] } : nil
        let reason = state.text("reason")?.trimmingCharacters(in: .whitespaces) ?? ""
        let by = context.staff?.id
        let id = record.id
        let what = withheld.map { context.t("round.withheld_as", context.t("withheld.\($0.rawValue)")) }
            ?? context.t("dose.status.\(status.rawValue)")
        let summary = context.t("dose.correct.summary", label, what)
        return write(summary: summary, message: context.t("dose.correct.done", summary)) { repository in
            try await repository.correctDose(id: id, status: status, withheldReason: withheld, reason: reason, by: by)
        }
    }
}
