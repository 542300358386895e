import Foundation
import TerminalUI
import WardStore

/// One slot on the drug round, by its identity (medication, scheduled instant).
struct SlotRef: Hashable, Sendable {
    let medicationId: Int64
    let scheduledAt: Date
    /// "bed 3 paracetamol": how messages and undo name it.
    let label: String
    /// The rule of the ward's second-check list that names this drug; nil when a dose needs no second check.
    let secondCheck: SecondCheckRules.Rule?
    /// The dose as a second checker reads it.
    let checked: CheckedDose

    @MainActor
    init(_ item: DueBoardItem, _ context: AppContext) {
        medicationId = item.medication.id
        scheduledAt = item.slot.scheduledAt
        label = context.t("round.slot_label", item.bedLabel, item.medication.drugName)
        secondCheck = context.wardSettings.secondCheck.rule(for: item.medication)
        checked = CheckedDose(bedLabel: item.bedLabel, patientName: item.patientName, medication: item.medication,
                              scheduledAt: item.slot.scheduledAt)
    }
}

/// The drug round's writes as `WardWrite`s: record given / withheld, snooze, log an as-needed
/// dose. The shell runs each the one way: it sets what `u` undoes, says what was stored and
/// reloads every screen.
@MainActor
enum DoseActions {
    /// - Parameters:
    ///   - notes: the reason in words for withheld "other" (the store refuses it without).
    ///   - checkedBy: the second member who checked the doses given (`SecondCheckScreen`).
    ///   - closesAsker: true from a form that asked for words or a checker (it closes once stored).
    ///   - saved: the round's own bookkeeping once recorded (forget the marked slots).
    static func record(_ slots: [SlotRef], status: DoseStatus, reason: WithheldReason? = nil, notes: String = "",
                       checkedBy: Staff? = nil, closesAsker: Bool = false,
                       _ context: AppContext, saved: (@MainActor @Sendable () -> Void)? = nil) -> Intent {
        // Before anything else, as every write: no user says so even with nothing selected.
        if let refusal = WardTask.requireUser(context) { return refusal }
        guard !slots.isEmpty else { return .message(.info(context.t("round.nothing_selected"))) }
        let now = context.clock.now
        let by = context.staff?.id
        let drafts = slots.map {
            DoseRecordDraft(medicationId: $0.medicationId, scheduledAt: $0.scheduledAt, status: status,
                            withheldReason: reason, recordedAt: now, notes: notes, checkedBy: checkedBy?.id)
        }
        var what = reason.map { context.t("round.withheld_as", context.t("withheld.\($0.rawValue)")) }
            ?? context.t("dose.status.\(status.rawValue)")
        if let checkedBy { what = context.t("round.checked_by", what, checkedBy.initials) }
        let names = slots.map(\.label).joined(separator: ", ")
        let summary = context.t("round.summary", what, names)
        let done = context.t("round.done", summary, WardFormat(context).time(now))
        return .write(WardWrite(undoSummary: summary, closesAsker: closesAsker, saved: saved) { repository in
            let recorded = try await repository.recordDoses(drafts, by: by)
            return WriteReceipt(auditEntryIds: recorded.map(\.auditEntryId).reversed(), message: done)
        })
    }

    /// Withheld for "other": asks for the reason in words first (kept as the record's notes). An
    /// empty answer is refused with a message and nothing is stored; the store refuses it too.
    static func askWithheldWords(_ slots: [SlotRef], _ context: AppContext,
                                 saved: (@MainActor @Sendable () -> Void)? = nil) -> Intent {
        let field = FormField.text("notes", label: context.t("round.withheld_other_words"), maxLength: 200)
        let prompt = PromptScreen(titleKey: "round.withheld_other_title", field: field, context) { state, context in
            let words = state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !words.isEmpty else { return .message(.error(context.t("round.withheld_other_needed"))) }
            return record(slots, status: .withheld, reason: .other, notes: words, closesAsker: true, context, saved: saved)
        }
        prompt.subtitle = slots.map(\.label).joined(separator: ", ")
        return .push(prompt)
    }

    static func snooze(_ slot: SlotRef, _ option: SnoozeOption, _ context: AppContext) -> Intent {
        let by = context.staff?.id
        let summary = context.t("round.snooze_summary", slot.label, option.rawValue)
        // The message names the time the store snoozed to, so it is worded once the write is back.
        let words = context.localizer
        let timeText = context.timeText
        let now = context.clock.now
        return .write(WardWrite(undoSummary: summary) { repository in
            let saved = try await repository.snoozeDose(medicationId: slot.medicationId, scheduledAt: slot.scheduledAt,
                                                        for: option, by: by)
            let until = saved.record.snoozedUntil.map { timeText.clock($0, now: now) } ?? ""
            return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: words("round.snoozed", summary, until))
        })
    }

    /// An as-needed dose the interval or 24 h rule refused: what the asker needs to ask for an
    /// override reason and give it again (`askOverride`).
    struct OverrideNeeded: Error, CustomStringConvertible {
        let medication: Medication
        let bed: String
        let refusal: AsNeededRefusalError
        /// The second member who checked it, kept for the try with an override reason.
        let checkedBy: Staff?

        var description: String { refusal.description }
    }

    /// An as-needed dose now. When the interval or 24 h rule refuses it the write fails with
    /// `OverrideNeeded`, and the asker's `failed` asks for a reason (`askOverride`).
    /// `checkedBy`: the second member who checked it (a drug on the ward's second-check list);
    /// `closesAsker` from the form that asked for them.
    static func giveAsNeeded(_ medication: Medication, bed: String, override: String? = nil, checkedBy: Staff? = nil,
                             closesAsker: Bool = false, _ context: AppContext) -> Intent {
        let now = context.clock.now
        let by = context.staff?.id
        let label = context.t("round.slot_label", bed, medication.drugName)
        let summary = checkedBy.map { context.t("round.checked_by", label, $0.initials) } ?? label
        let done = context.t("prn.done", summary, WardFormat(context).time(now))
        return .write(WardWrite(undoSummary: summary, closesAsker: closesAsker) { repository in
            do {
                let saved = try await repository.logAsNeededDose(
                    AsNeededDoseDraft(medicationId: medication.id, givenAt: now, overrideReason: override,
                                      checkedBy: checkedBy?.id), by: by)
                return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: done)
            } catch let refused as AsNeededRefusalError {
                throw OverrideNeeded(medication: medication, bed: bed, refusal: refused, checkedBy: checkedBy)
            }
        })
    }

    /// Says why the dose was refused and asks for the override reason; given one, tries again with it.
    static func askOverride(_ refused: OverrideNeeded, _ context: AppContext) -> Intent {
        let field = FormField.text("reason", label: context.t("prn.override_reason"), maxLength: 200, required: true)
        let prompt = PromptScreen(titleKey: "prn.override_title", field: field, context) { state, context in
            let reason = state.text("reason")?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !reason.isEmpty else { return .message(.error(context.t("prn.override_needed"))) }
            return .all([.pop, giveAsNeeded(refused.medication, bed: refused.bed, override: reason, checkedBy: refused.checkedBy,
                                            context)])
        }
        let why = refused.refusal.refusals.map(MedicationText(context).refusal).joined(separator: "; ")
        return .all([.push(prompt), .message(.warning(context.t("prn.refused", why)))])
    }
}
