import Clinical
import TerminalUI
import WardStore

/// The safety step before a result goes into a chart (MediScribe pattern): the patient, the
/// inputs, the result and the tool's limitations statement, and an explicit
/// "I have reviewed this result" tick. Enter saves only when ticked.
@MainActor
final class ResultReviewScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case tick = "tools.review.tick", save = "tools.review.save"
    }

    let form: ToolForm
    let result: ToolResult
    let patient: (id: Int64, label: String)
    let saver: any ToolResultSaving
    /// Tells the form its values are in the chart now (Esc no longer asks to discard them).
    var onConfirmed: (() -> Void)?
    private(set) var reviewed = false
    private var saving = false

    init(form: ToolForm, result: ToolResult, patient: (id: Int64, label: String), saver: any ToolResultSaving) {
        self.form = form
        self.result = result
        self.patient = patient
        self.saver = saver
    }

    func title(_ context: AppContext) -> String { context.t("tools.review.title") }
    var hasUnsavedInput: Bool { !saving }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.char(" "), .char("x")], .tick, label: context.t("tools.key.tick"), help: context.t("tools.review.confirm"), group: g),
            Binding([.enter], .save, label: context.t("tools.key.save"), help: context.t("tools.action.save"), group: g),
        ]
    }

    /// The review closes before the write runs, so its failure comes back here to be said.
    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .tick:
            reviewed.toggle()
            return .handled
        case .save:
            guard reviewed else { return .message(.warning(context.t("tools.review.tick_first"))) }
            guard !saving else { return .handled }
            saving = true
            let draft = SavedResultDraft.make(form: form, result: result, patientId: patient.id)
            onConfirmed?()
            return .all([.pop, saver.save(draft)])
        }
    }

    /// A save the store refused, in the review's words.
    func failed(_ error: Error, _ context: AppContext) -> Intent {
        .message(.error(context.t("tools.save.failed", String(describing: error))))
    }

    func lines(_ context: AppContext, width: Int) -> [(String, StyleRole)] {
        let g = context.glyphs
        var out: [(String, StyleRole)] = [(context.t("tools.review.heading", form.spec.name, patient.label), .header), ("", .normal)]
        out.append((context.t("tools.review.inputs"), .header))
        let raw = form.raw
        for input in form.spec.inputs {
            guard let value = raw[input.key] else { continue }
            let text: String
            switch value {
            // Typed numbers stay text; a number is a choice's points or computed by the form
            // (hours from a time of birth, a TSB from another unit), shown to two decimals.
            case .number(let d): text = NumberText.rounded(d, digits: 2)
            case .bool(let b): text = b ? context.t("dialog.yes") : context.t("dialog.no")
            case .string(let s): text = s
            case .null: continue
            }
            let note = form.chartNotes[input.key].map { "  (\($0))" } ?? ""
            out.append(("  \(input.label): \(text)\(input.unit.map { " \($0)" } ?? "")\(note)", .normal))
        }
        out.append(("", .normal))
        out.append((context.t("tools.review.result"), .header))
        for (text, role) in ResultBar(evaluation: .result(result), spec: form.spec, glyphs: g, strings: ToolStrings(context)).lines(width: width - 2) {
            out.append(("  " + text, role))
        }
        out.append(("", .normal))
        out.append((context.t("tools.references.limitations"), .header))
        for line in TextWrap.wrap(form.spec.limitations, width: max(1, width - 2)) { out.append(("  " + line, .warning)) }
        out.append(("", .normal))
        out.append(("\(reviewed ? g.toggleOn : g.toggleOff) \(context.t("tools.review.confirm"))", reviewed ? .ok : .focus))
        return out
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 2, right: 2)
        var all = lines(context, width: inner.width)
        // The tick line always shows, even when the inputs are long.
        if all.count > inner.height, let last = all.last {
            all = Array(all.prefix(max(0, inner.height - 1))) + [last]
        }
        for (i, (text, role)) in all.prefix(inner.height).enumerated() {
            buffer.put(text, in: inner.row(i), role: role, attributes: role == .header ? [.bold] : [], ellipsis: context.glyphs.ellipsis)
        }
    }
}
