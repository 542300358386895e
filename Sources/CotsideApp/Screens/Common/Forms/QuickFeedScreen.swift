import Foundation
import TerminalUI
import WardStore

/// The Dashboard's quick feed log (`f`): kind and amount, pre-filled with the cot's last feed so
/// a 3-hourly feed is one key and Enter. Breast feeds take a duration in minutes, every other
/// kind a volume in mL; the store's validation is shown at the field. Opened from History on a
/// feed it edits that feed, with its time and notes too.
@MainActor
final class QuickFeedScreen: EntryFormScreen {
    /// The feed being corrected (from History), or nil to log a new one now.
    let editing: Feed?
    static let kinds = FeedKind.allCases
    static let fieldFor = ["volumeML": "amount", "durationMinutes": "amount", "kind": "kind", "occurredAt": "time",
                           "notes": "notes", "patientId": "time"]

    init(patient: Patient, last: Feed?, editing: Feed? = nil, _ context: AppContext) {
        self.editing = editing
        let source = editing ?? last
        let kind = source?.kind ?? .expressedBreastMilk
        let amount = (kind == .breast ? source?.durationMinutes : source?.volumeML).map(String.init) ?? ""
        var fields: [FormField] = [
            .choice("kind", label: context.t("feed.kind"),
                    options: Self.kinds.map { ChoiceOption(context.t("feed.kind.\($0.rawValue)")) },
                    selected: Self.kinds.firstIndex(of: kind) ?? 0),
            .number("amount", label: context.t("feed.amount"), spec: NumberSpec(range: 1...2000, unit: "", allowsFraction: false),
                    value: amount),
        ]
        if let editing {
            fields.insert(.dateTime("time", label: context.t("measure.field.time"), value: WardFormat(context).stamp(editing.occurredAt)),
                          at: 0)
            fields.append(.text("notes", label: context.t("measure.field.notes"), maxLength: 2000, value: editing.notes))
        }
        super.init(titleKey: editing == nil ? "feed.quick.title" : "feed.edit.title", patient: patient,
                   originalTime: editing?.occurredAt, fields: fields, fieldFor: Self.fieldFor, context)
        subtitle = context.t("feed.quick.for", patient.bedLabel, patient.fullName)
    }

    /// The last feed of the cot first (what the form remembers), then the form: a command of
    /// the screen that opens it, whose result is the form.
    static func open(for patient: Patient, _ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        return .command(Command(tag: "feed.open") { repository in
            do {
                let last = try await repository.latestFeed(patientId: patient.id)
                return { context in .push(QuickFeedScreen(patient: patient, last: last, context)) }
            } catch {
                return { _ in .message(.error(WardTask.describe(error))) }
            }
        })
    }

    override func submit(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        let kind = Self.kinds[state.choice("kind") ?? 0]
        guard let amount = state.number("amount").map({ Int($0) }) else { return refuse("amount", context.t("feed.amount_needed")) }
        let now = context.clock.now
        state.context.now = now
        var time = now
        if editing != nil {
            guard let edited = enteredTime else { return .handled }
            time = edited
        }
        let notes = editing == nil ? "" : state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? ""
        let draft = FeedDraft(patientId: patient.id, occurredAt: time, kind: kind,
                              volumeML: kind == .breast ? nil : amount, durationMinutes: kind == .breast ? amount : nil,
                              notes: notes)
        let by = context.staff?.id
        let what = kind == .breast ? context.t("feed.minutes", amount) : context.t("feed.ml", amount)
        let summary = context.t("feed.summary", context.t("feed.kind.\(kind.rawValue)"), what, patient.bedLabel)
        let editing = editing
        let message = editing == nil ? context.t("feed.done", summary, WardFormat(context).time(now)) : context.t("entry.updated", summary)
        return write(summary: summary, message: message) { repository in
            if let editing { return try await repository.updateFeed(id: editing.id, draft, by: by) }
            return try await repository.logFeed(draft, by: by)
        }
    }
}
