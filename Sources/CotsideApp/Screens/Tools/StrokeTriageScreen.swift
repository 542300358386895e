import Clinical
import Foundation
import TerminalUI
import WardStore

/// The iGFAP wizard's two questions: "Is the patient comatose (GCS < 8)?" then
/// "Can the patient be examined?". The answers open the coma, limited or full module form;
/// the full module takes the FAST-ED items on their own sub-form first.
@MainActor
final class StrokeTriageScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case yes = "stroke.yes", no = "stroke.no"
    }

    enum Step { case coma, exam }
    private(set) var step: Step = .coma

    static func start(_ context: AppContext) -> StrokeTriageScreen { StrokeTriageScreen() }

    func title(_ context: AppContext) -> String { context.t("stroke.triage.name") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.char("y")], .yes, label: context.t("dialog.yes"), help: context.t("stroke.key.yes"), group: g),
            Binding([.char("n")], .no, label: context.t("dialog.no"), help: context.t("stroke.key.no"), group: g),
        ]
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch (step, action) {
        case (.coma, .yes): return .replace(Self.moduleForm(.coma, context))
        case (.coma, .no): step = .exam; return .handled
        case (.exam, .yes): return .replace(Self.fastEdForm(context))
        case (.exam, .no): return .replace(Self.moduleForm(.limited, context))
        }
    }

    static func today(_ context: AppContext) -> CalendarDate { CalendarDate.on(context.clock.now, in: context.clock.timeZone) }

    /// The FAST-ED sub-form; Enter carries its score into the full module form, and its items
    /// on to the results.
    static func fastEdForm(_ context: AppContext) -> ToolFormScreen {
        let form = ToolForm(tool: FastEdTool.self, context: ToolFormScreen.formContext(context), today: today(context),
                            wording: context.localizer)
        return ToolFormScreen(form: form, heading: context.t("stroke.fast_ed_heading")) { form, result in
            let score = result.number("score").map { String(Int($0)) } ?? ""
            let next = moduleForm(.full, context, fastEdItems: form.raw)
            next.prefill("fast_ed", text: score, note: context.t("stroke.from_fast_ed"))
            return .replace(next)
        }
    }

    /// A module's form; Enter shows the results, which store nothing until reviewed and saved.
    static func moduleForm(_ module: StrokeModule, _ context: AppContext, fastEdItems: [String: RawValue]? = nil) -> ToolFormScreen {
        let spec = StrokeTriage.spec(for: module)
        let form = ToolForm(spec: spec, context: ToolFormScreen.formContext(context), today: today(context),
                            wording: context.localizer) { raw in
            StrokeTriage.assess(module, raw, origin: .text).map(\.summary)
        }
        weak var screen: ToolFormScreen?
        let formScreen = ToolFormScreen(form: form, heading: context.t("stroke.module_heading.\(module.rawValue)")) { form, _ in
            switch StrokeTriage.assess(module, form.raw, origin: .text) {
            case .success(let assessment):
                let items = fastEdItems.flatMap { itemsStillMatching($0, score: form.raw["fast_ed"]) }
                let results = StrokeResultsScreen(assessment: assessment, inputs: form.raw, fastEdItems: items, at: context.clock.now)
                results.onSaved = { screen?.markSaved() }
                return .push(results)
            case .failure(let errors):
                return .message(.error(errors.errors.map { form.message($0) }.joined(separator: "; ")))
            }
        }
        screen = formScreen
        return formScreen
    }

    /// The FAST-ED sub-form's items while the module form's score is still their sum; nil once
    /// someone typed over the score (the items would no longer explain it).
    static func itemsStillMatching(_ items: [String: RawValue], score: RawValue?) -> [String: RawValue]? {
        func number(_ value: RawValue?) -> Double? {
            switch value {
            case .number(let d)?: return d
            case .string(let s)?: return Double(s.trimmingCharacters(in: .whitespaces))
            default: return nil
            }
        }
        let sum = FastEdTool.spec.inputs.reduce(0.0) { $0 + (number(items[$1.key]) ?? 0) }
        return number(score) == sum ? items : nil
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 2, right: 2)
        buffer.put(context.t("stroke.triage.name"), in: inner.row(0), role: .header, attributes: [.bold])
        // Adult maths: a selected child is told so before the first question.
        if let patient = context.selectedPatient,
           let problem = PatientRule.adultsOnly.problemText(PatientFacts(
               ageDays: PatientAge(patient: patient, now: context.clock.now, timeZone: context.clock.timeZone).days,
               gestationDays: patient.gestationDays)) {
            buffer.put("\(context.glyphs.statusWarning) \(context.t("tools.not_for_patient", patient.fullName, problem.resolved(context.localizer)))",
                       in: inner.row(1), role: .warning, ellipsis: context.glyphs.ellipsis)
        }
        let question = step == .coma ? context.t("stroke.q.coma") : context.t("stroke.q.exam")
        let help = step == .coma ? context.t("stroke.q.coma_help") : context.t("stroke.q.exam_help")
        buffer.put(question, in: inner.row(2), role: .focus, attributes: [.bold])
        for (i, line) in TextWrap.wrap(help, width: max(1, inner.width)).enumerated() where 4 + i < inner.height {
            buffer.put(line, in: inner.row(4 + i), role: .muted)
        }
        if inner.height > 9 {
            buffer.put(context.t("stroke.q.keys"), in: inner.row(inner.height - 3), role: .info)
            buffer.put("\(context.glyphs.statusWarning) \(StrokeTriage.researchText.resolved(context.localizer))", in: inner.row(inner.height - 1), role: .warning,
                       ellipsis: context.glyphs.ellipsis)
        }
    }
}

extension ToolFormScreen {
    /// Pre-fills one input (from the chart or a sub-form) and marks where it came from.
    func prefill(_ key: String, text: String, note: String, recordedAt: Date? = nil) {
        var f = form
        f.prefill(key, text: text, note: note, recordedAt: recordedAt)
        replaceForm(f)
    }

    /// The form's values went into a saved assessment: Esc no longer asks to discard them.
    func markSaved() {
        var f = form
        f.state.isDirty = false
        replaceForm(f)
    }
}
