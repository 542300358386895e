import Foundation
import TerminalUI
import WardStore

/// Log or edit one nappy change: time (shortcuts such as -15m; more than 5 min ahead refused,
/// more than 7 days back asks first), kind, size, stool colour (asked only for dirty or mixed),
/// nappy weight and notes.
@MainActor
final class NappyFormScreen: EntryFormScreen {
    let editing: NappyChange?

    static let kinds = NappyKind.allCases
    static let sizes = NappySize.allCases
    static let colours = StoolColour.allCases
    /// Store field names → form field ids, so store messages land at the right field.
    static let fieldFor = ["occurredAt": "time", "kind": "kind", "size": "size", "stoolColour": "colour",
                           "nappyWeightGrams": "weight", "notes": "notes", "patientId": "time"]

    init(patient: Patient, editing: NappyChange?, _ context: AppContext) {
        self.editing = editing
        let format = WardFormat(context)
        let draft = editing?.draft
        var fields: [FormField] = [
            .dateTime("time", label: context.t("nappy.field.time"), value: draft.map { format.stamp($0.occurredAt) } ?? "now"),
            .choice("kind", label: context.t("nappy.field.kind"), options: Self.options(Self.kinds, format.kind),
                    selected: draft.flatMap { Self.kinds.firstIndex(of: $0.kind) } ?? 0),
            .choice("size", label: context.t("nappy.field.size"), options: Self.options(Self.sizes, format.size),
                    selected: Self.sizes.firstIndex(of: draft?.size ?? .medium)),
            .number("weight", label: context.t("nappy.field.weight"),
                    spec: NumberSpec(range: 1...1000, unit: "g", allowsFraction: false), required: false,
                    value: draft?.nappyWeightGrams.map(String.init) ?? ""),
            .text("notes", label: context.t("nappy.field.notes"), maxLength: 2000, value: draft?.notes ?? ""),
        ]
        if let kind = draft?.kind, kind.isDirty {
            fields.insert(Self.colourField(context, selected: draft?.stoolColour), at: 3)
        }
        super.init(titleKey: editing == nil ? "nappy.title.new" : "nappy.title.edit", patient: patient,
                   originalTime: editing?.occurredAt, fields: fields, fieldFor: Self.fieldFor, context)
        subtitle = context.t("nappy.subtitle", patient.bedLabel, patient.fullName, patient.hospitalNumber)
    }

    static func colourField(_ context: AppContext, selected: StoolColour?) -> FormField {
        .choice("colour", label: context.t("nappy.field.colour"), options: options(colours, WardFormat(context).colour),
                selected: selected.flatMap { colours.firstIndex(of: $0) }, required: false)
    }

    var kind: NappyKind { Self.kinds[state.choice("kind") ?? 0] }

    /// The colour field exists only while the kind is dirty or mixed.
    override func fieldEdited(_ id: String, _ context: AppContext) {
        guard id == "kind" else { return }
        let hasColour = state["colour"] != nil
        if kind.isDirty && !hasColour {
            let at = (state.fields.firstIndex { $0.id == "size" } ?? 2) + 1
            state.fields.insert(Self.colourField(context, selected: nil), at: at)
        } else if !kind.isDirty && hasColour {
            state.fields.removeAll { $0.id == "colour" }
            issues["colour"] = nil
        }
    }

    override func submit(_ context: AppContext) -> Intent {
        withCheckedTime(futureKey: "nappy.future", context) { time, now in
            if let question = confirmBackdate(time, now: now, titleKey: "nappy.backdate.title", bodyKey: "nappy.backdate.body",
                                              context) {
                return question
            }
            let draft = NappyChangeDraft(
                patientId: patient.id, occurredAt: time, kind: kind,
                size: Self.sizes[state.choice("size") ?? 1],
                stoolColour: kind.isDirty ? state.choice("colour").map { Self.colours[$0] } : nil,
                nappyWeightGrams: state.number("weight").map { Int($0) },
                notes: state.text("notes")?.trimmingCharacters(in: .whitespaces) ?? "")
            let by = context.staff?.id
            let editing = editing
            let format = WardFormat(context)
            let summary = context.t("nappy.summary", format.kind(kind), patient.bedLabel, format.shown(time))
            let message = context.t(editing == nil ? "nappy.saved" : "entry.updated", summary)
            return write(summary: summary, message: message) { repository in
                if let editing { return try await repository.updateNappyChange(id: editing.id, draft, by: by) }
                return try await repository.logNappyChange(draft, by: by)
            }
        }
    }
}
