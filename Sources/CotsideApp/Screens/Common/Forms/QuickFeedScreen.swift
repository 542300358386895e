import Clinical
import Foundation
import TerminalUI
import WardStore

/// The feed form (`f` on the Dashboard; Enter on a feed in History edits it): time (shortcuts
/// such as -3h; more than 5 min ahead refused, more than 7 days back asks first), kind, and
/// what the kind needs — a volume in mL (the outputs NG aspirate and vomit too), minutes at the
/// breast, or for IV the fluid, the rate in mL/h and an optional stop (a running infusion is
/// stopped later by editing it and filling the stop), or a bolus volume instead of a rate —
/// and notes. A new feed is pre-filled with the cot's last one, so a 3-hourly feed is `f`
/// and Enter. The store's validation is shown at the field.
@MainActor
final class QuickFeedScreen: EntryFormScreen {
    /// The feed being corrected (from History), or nil to log a new one.
    let editing: Feed?
    static let kinds = FeedKind.allCases
    static let fieldFor = ["volumeML": "amount", "durationMinutes": "amount", "kind": "kind", "occurredAt": "time",
                           "notes": "notes", "patientId": "time", "fluid": "fluid", "rateMLPerHour": "rate",
                           "stoppedAt": "stop"]

    init(patient: Patient, last: Feed?, editing: Feed? = nil, _ context: AppContext) {
        self.editing = editing
        let format = WardFormat(context)
        let source = editing ?? last
        let kind = source?.kind ?? .expressedBreastMilk
        let amount = (kind == .breast ? source?.durationMinutes : source?.volumeML).map(String.init) ?? ""
        let values = ["amount": amount, "fluid": source?.fluid ?? "",
                      "rate": source?.rateMLPerHour.map(NumberText.plain) ?? "",
                      "stop": editing?.stoppedAt.map(format.stamp) ?? ""]
        let fields: [FormField] = [
            .dateTime("time", label: context.t("measure.field.time"), value: editing.map { format.stamp($0.occurredAt) } ?? "now"),
            .choice("kind", label: context.t("feed.kind"),
                    options: Self.kinds.map { ChoiceOption(context.t("feed.kind.\($0.rawValue)")) },
                    selected: Self.kinds.firstIndex(of: kind) ?? 0),
        ] + Self.kindFields(kind, values: values, context) + [
            .text("notes", label: context.t("measure.field.notes"), maxLength: 2000, value: editing?.notes ?? ""),
        ]
        super.init(titleKey: editing == nil ? "feed.quick.title" : "feed.edit.title", patient: patient,
                   originalTime: editing?.occurredAt, fields: fields, fieldFor: Self.fieldFor, context)
        subtitle = context.t("feed.quick.for", patient.bedLabel, patient.fullName)
    }

    /// The fields between the kind and the notes: IV has fluid, rate, stop and a bolus volume
    /// (rate or bolus); every other kind one amount (minutes for breast, else mL).
    static func kindFields(_ kind: FeedKind, values: [String: String], _ context: AppContext) -> [FormField] {
        let value = { (id: String) in values[id] ?? "" }
        guard kind == .iv else {
            return [.number("amount", label: context.t(kind.isOutput ? "feed.output_amount" : "feed.amount"),
                            spec: NumberSpec(range: 1...2000, unit: "", allowsFraction: false), value: value("amount"))]
        }
        return [
            .text("fluid", label: context.t("feed.fluid"), maxLength: WardValidation.fluidMaxLength, value: value("fluid")),
            .number("rate", label: context.t("feed.rate"),
                    spec: NumberSpec(range: WardValidation.infusionRateRange, unit: "mL/h", allowsFraction: true),
                    required: false, value: value("rate")),
            .dateTime("stop", label: context.t("feed.stop"), value: value("stop"), required: false),
            .number("amount", label: context.t("feed.bolus"), spec: NumberSpec(range: 1...2000, unit: "mL", allowsFraction: false),
                    required: false, value: value("rate").isEmpty ? value("amount") : ""),
        ]
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

    var kind: FeedKind { Self.kinds[state.choice("kind") ?? 0] }
    /// Whether the kind's fields on show are IV's (they change with the kind).
    private var showsIV: Bool { state["fluid"] != nil }

    /// A change of kind between IV and the rest swaps the fields between kind and notes,
    /// keeping what was typed in a field both have.
    override func fieldEdited(_ id: String, _ context: AppContext) {
        guard id == "kind" else { return }
        let wanted = Self.kindFields(kind, values: [:], context)
        let current = state.fields.filter { !["time", "kind", "notes"].contains($0.id) }
        guard current.map(\.id) != wanted.map(\.id) || current.map(\.label) != wanted.map(\.label) else { return }
        // A milk volume is no bolus (nor a bolus a milk volume): the amount is kept only
        // between kinds that are both IV or both not.
        let kept = Dictionary(uniqueKeysWithValues: current.filter { $0.id != "amount" }.map { ($0.id, $0.text) })
        let fields = Self.kindFields(kind, values: kept, context)
        let at = (state.fields.firstIndex { $0.id == "kind" } ?? 1) + 1
        state.fields.removeAll { field in current.contains { $0.id == field.id } }
        state.fields.insert(contentsOf: fields, at: at)
        for field in current { issues[field.id] = nil }
    }

    /// Under the fluid field, the fluids a ward usually runs; under the stop, how to stop.
    override func hint(_ context: AppContext) -> String {
        guard state.fields.indices.contains(state.focus) else { return super.hint(context) }
        switch state.fields[state.focus].id {
        case "fluid": return context.t("feed.fluid.hint", Self.suggestions(for: state.text("fluid") ?? "").joined(separator: " · "))
        case "stop": return context.t("feed.stop.hint")
        default: return super.hint(context)
        }
    }

    /// The usual fluids that contain what is typed (all of them before anything is typed).
    static func suggestions(for typed: String) -> [String] {
        let words = typed.lowercased().split(separator: " ")
        let matching = WardValidation.suggestedFluids.filter { fluid in words.allSatisfy { fluid.lowercased().contains($0) } }
        return matching.isEmpty ? WardValidation.suggestedFluids : matching
    }

    override func submit(_ context: AppContext) -> Intent {
        withCheckedTime(futureKey: "feed.future", context) { time, now in
            var stop: Date?
            if showsIV, !(state.text("stop") ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                guard let entered = date("stop", original: editing?.stoppedAt,
                                         shown: editing?.stoppedAt.map(WardFormat(context).stamp) ?? "") else { return .handled }
                if let refusal = refuseFuture(entered, now: now, field: "stop", key: "feed.stop_future", context) { return refusal }
                stop = entered
            }
            let amount = state.number("amount").map { Int($0) }
            let rate = showsIV ? state.number("rate") : nil
            if amount == nil && rate == nil {
                return showsIV ? refuse("rate", context.t("feed.rate_needed"), focus: true)
                    : refuse("amount", context.t("feed.amount_needed"), focus: true)
            }
            if let question = confirmBackdate(time, now: now, keeping: editing?.occurredAt, titleKey: "feed.backdate.title",
                                              bodyKey: "feed.backdate.body", context) {
                return question
            }
            let kind = self.kind
            let fluid = showsIV ? state.text("fluid")?.trimmingCharacters(in: .whitespaces) : nil
            let draft = FeedDraft(patientId: patient.id, occurredAt: time, kind: kind,
                                  volumeML: kind == .breast ? nil : amount, durationMinutes: kind == .breast ? amount : nil,
                                  notes: state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? "",
                                  fluid: fluid?.isEmpty == false ? fluid : nil, rateMLPerHour: rate, stoppedAt: stop)
            let by = context.staff?.id
            let summary = Self.summary(draft, patient: patient, context)
            let editing = editing
            let message = editing == nil ? context.t("feed.done", summary, WardFormat(context).clock(time))
                : context.t("entry.updated", summary)
            return write(summary: summary, message: message) { repository in
                if let editing { return try await repository.updateFeed(id: editing.id, draft, by: by) }
                return try await repository.logFeed(draft, by: by)
            }
        }
    }

    /// "expressed breast milk 60 mL for bed 3", "IV 10% glucose 6 mL/h for bed 3".
    static func summary(_ draft: FeedDraft, patient: Patient, _ context: AppContext) -> String {
        let what: String
        if let rate = draft.rateMLPerHour {
            what = [draft.fluid, context.t("feed.ml_h", NumberText.plain(rate))].compactMap { $0 }.joined(separator: " ")
        } else if let minutes = draft.durationMinutes {
            what = context.t("feed.minutes", minutes)
        } else {
            what = context.t("feed.ml", draft.volumeML ?? 0)
        }
        return context.t("feed.summary", context.t("feed.kind.\(draft.kind.rawValue)"), what, patient.bedLabel)
    }
}
