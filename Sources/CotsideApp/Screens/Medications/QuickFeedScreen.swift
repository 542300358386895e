import Foundation
import TerminalUI
import WardStore

/// The Dashboard's quick feed log (`f`): kind and amount, pre-filled with the cot's last feed so
/// a 3-hourly feed is one key and Enter. Breast feeds take a duration in minutes, every other
/// kind a volume in mL; the store's validation is shown at the field.
@MainActor
final class QuickFeedScreen: WardFormScreen {
    let patient: Patient
    static let kinds = FeedKind.allCases
    static let fieldFor = ["volumeML": "amount", "durationMinutes": "amount", "kind": "kind"]

    init(patient: Patient, last: Feed?, _ context: AppContext) {
        self.patient = patient
        let kind = last?.kind ?? .expressedBreastMilk
        let amount = (kind == .breast ? last?.durationMinutes : last?.volumeML).map(String.init) ?? ""
        super.init(titleKey: "feed.quick.title", fields: [
            .choice("kind", label: context.t("feed.kind"),
                    options: Self.kinds.map { ChoiceOption(context.t("feed.kind.\($0.rawValue)")) },
                    selected: Self.kinds.firstIndex(of: kind) ?? 0),
            .number("amount", label: context.t("feed.amount"), spec: NumberSpec(range: 1...2000, unit: "", allowsFraction: false),
                    value: amount),
        ], context)
        subtitle = context.t("feed.quick.for", patient.bedLabel, patient.fullName)
    }

    /// The last feed of the cot first (what the form remembers), then the form.
    static func open(for patient: Patient, _ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        return WardTask.store(context) { repository in
            let last = try await repository.latestFeed(patientId: patient.id)
            return .push(QuickFeedScreen(patient: patient, last: last, context))
        }
    }

    override func submit(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        let kind = Self.kinds[state.choice("kind") ?? 0]
        guard let amount = state.number("amount").map({ Int($0) }) else {
            issues["amount"] = context.t("feed.amount_needed")
            return .message(.error(context.t("feed.amount_needed")))
        }
        let now = context.clock.now
        let draft = FeedDraft(patientId: patient.id, occurredAt: now, kind: kind,
                              volumeML: kind == .breast ? nil : amount, durationMinutes: kind == .breast ? amount : nil)
        let by = context.staff?.id
        let what = kind == .breast ? context.t("feed.minutes", amount) : context.t("feed.ml", amount)
        let summary = context.t("feed.summary", context.t("feed.kind.\(kind.rawValue)"), what, patient.bedLabel)
        return save(context, fieldFor: Self.fieldFor) { repository in
            let saved = try await repository.logFeed(draft, by: by)
            return .all([
                .pop,
                .session(.undoable(UndoRecord(auditEntryIds: [saved.auditEntryId], summary: summary))),
                .message(.success(context.t("feed.done", summary, WardFormat(context).time(now)))),
                .perform(WardShellAction.reloadAll),
            ])
        }
    }
}
