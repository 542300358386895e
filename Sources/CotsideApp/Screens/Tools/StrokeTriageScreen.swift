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

    /// The FAST-ED sub-form; Enter carries its score into the full module form.
    static func fastEdForm(_ context: AppContext) -> ToolFormScreen {
        let form = ToolForm(tool: FastEdTool.self, context: ToolFormScreen.formContext(context), today: today(context))
        return ToolFormScreen(form: form, heading: context.t("stroke.fast_ed_heading")) { _, result in
            let score = result.number("score").map { String(Int($0)) } ?? ""
            let next = moduleForm(.full, context)
            next.prefill("fast_ed", text: score, note: context.t("stroke.from_fast_ed"))
            return .replace(next)
        }
    }

    static func moduleForm(_ module: StrokeModule, _ context: AppContext) -> ToolFormScreen {
        let spec = StrokeTriage.spec(for: module)
        let form = ToolForm(spec: spec, context: ToolFormScreen.formContext(context), today: today(context)) { raw in
            StrokeTriage.assess(module, raw, origin: .text).map(\.summary)
        }
        return ToolFormScreen(form: form, heading: context.t("stroke.module_heading.\(module.rawValue)")) { form, _ in
            switch StrokeTriage.assess(module, form.raw, origin: .text) {
            case .success(let assessment):
                let results = StrokeResultsScreen(assessment: assessment, inputs: form.raw, at: context.clock.now)
                return .all([.push(results), store(module, form.raw, assessment, context)])
            case .failure(let errors):
                return .message(.error(errors.errors.map(\.message).joined(separator: "; ")))
            }
        }
    }

    /// Every completed assessment is kept (inputs and results, audited) for `cotside stroke export`.
    /// Kept with or without someone signed in (the assessment is not in a patient's chart), and
    /// not undone with `u`.
    static func store(_ module: StrokeModule, _ raw: [String: RawValue], _ result: StrokeAssessmentResult, _ context: AppContext) -> Intent {
        guard context.repository != nil else { return .handled }
        let draft = StrokeAssessmentRecord.draft(module: module, inputs: raw, result: result, patientId: nil)
        let by = context.staff?.id
        let stored = context.t("stroke.stored")
        // The error is filled in off the main actor, the way `t` fills `{0}`.
        let failedWords = context.t("stroke.store_failed", "{0}")
        return .write(WardWrite(undoSummary: nil, needsUser: false) { repository in
            do {
                let saved = try await repository.saveStrokeAssessment(draft, by: by)
                return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: stored)
            } catch {
                throw StoreFailure(words: failedWords.replacingOccurrences(of: "{0}", with: String(describing: error)))
            }
        })
    }

    /// The store's failure in the triage's own words ("Could not store the assessment: …"):
    /// the form that asked shows an error's description as it is.
    private struct StoreFailure: Error, CustomStringConvertible {
        let words: String
        var description: String { words }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 2, right: 2)
        buffer.put(context.t("stroke.triage.name"), in: inner.row(0), role: .header, attributes: [.bold])
        // Adult maths: a selected child is told so before the first question.
        if let patient = context.selectedPatient,
           let problem = PatientRule.adultsOnly.problem(PatientFacts(
               ageDays: PatientAge(patient: patient, now: context.clock.now, timeZone: context.clock.timeZone).days,
               gestationDays: patient.gestationDays)) {
            buffer.put("\(context.glyphs.statusWarning) \(context.t("tools.not_for_patient", patient.fullName, problem))",
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
            buffer.put("\(context.glyphs.statusWarning) \(StrokeTriage.researchStatement)", in: inner.row(inner.height - 1), role: .warning,
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
}
