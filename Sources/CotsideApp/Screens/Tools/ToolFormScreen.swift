import Clinical
import Foundation
import TerminalUI
import WardStore

/// One calculator as a keyboard form: generated fields, the live result bar, `r` for the
/// references and applicability, `g` for the growth chart. Triage steps reuse it with an
/// `onSubmit` that moves the wizard on.
@MainActor
final class ToolFormScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case next = "tools.form.next", previous = "tools.form.previous", references = "tools.form.references"
        case chart = "tools.form.chart", save = "tools.form.save", submit = "tools.form.submit"
        case signOff = "tools.form.sign_off"
    }

    private(set) var form: ToolForm
    /// What Enter does on a complete, valid form (the triage wizard's next step); nil for calculators.
    let onSubmit: ((ToolForm, ToolResult) -> Intent)?
    /// Shown above the form (the triage step's question or sub-form name).
    let heading: String?
    /// Where `S` saves to the selected patient's chart; nil until the app provides the store.
    var saver: (any ToolResultSaving)?
    /// The selected patient's recorded weights and lengths, for the growth chart.
    var recordedGrowth: [GrowthIndicator: [GrowthPoint]] = [:]

    init(form: ToolForm, heading: String? = nil, onSubmit: ((ToolForm, ToolResult) -> Intent)? = nil) {
        self.form = form
        self.heading = heading
        self.onSubmit = onSubmit
    }

    convenience init(tool: any ClinicalTool.Type, context: AppContext) {
        self.init(form: ToolForm(tool: tool, context: ToolFormScreen.formContext(context),
                                 today: CalendarDate.on(context.clock.now, in: context.clock.timeZone),
                                 preferredUnits: [context.wardSettings.bilirubinUnit.rawValue], wording: context.localizer))
    }

    static func formContext(_ context: AppContext) -> FormContext {
        FormContext(now: context.clock.now, timeZone: context.clock.timeZone, strings: context.uiStrings)
    }

    var hasUnsavedInput: Bool { form.state.isDirty }

    /// Pre-fills every input the chart knows, marked "from chart, <when>".
    func prefillFromChart(_ facts: ChartFacts, _ context: AppContext) {
        var f = form
        let now = context.clock.now
        ChartPrefill.apply(facts, to: &f, now: now, timeZone: context.clock.timeZone,
                           noBirthTime: context.t("tools.no_birth_time"),
                           notRecorded: context.t("tools.chart_not_recorded")) { at in
            at.map { context.t("tools.from_chart_when", WardFormat.relative($0, now: now, context)) } ?? context.t("tools.from_chart")
        }
        form = f
    }

    /// Replaces the form (pre-fill); the screen stays where it is on the stack.
    func replaceForm(_ newForm: ToolForm) { form = newForm }
    /// Date inputs take letters ("today"), as do a unit after a number and a time of birth, so
    /// printable keys are not shortcuts there.
    var capturesText: Bool { form.focusedTakesText }

    func title(_ context: AppContext) -> String { form.spec.name }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        var bindings: [Binding<Action>] = [
            Binding([.tab, .down], .next, help: context.t("tools.key.next_field"), group: g),
            Binding([.backTab, .up], .previous, help: context.t("tools.key.previous_field"), group: g),
            Binding([.char("r"), .function(2)], .references, label: context.t("tools.key.references"),
                    help: context.t("tools.action.references"), group: g),
        ]
        if form.spec.id == GrowthTool.spec.id {
            bindings.append(Binding([.char("g")], .chart, label: context.t("tools.key.chart"), help: context.t("tools.action.chart"), group: g))
        }
        if onSubmit == nil {
            bindings.append(Binding([.char("S")], .save, label: context.t("tools.key.save"), help: context.t("tools.action.save"), group: g))
        }
        if onSubmit == nil, form.spec.id == DosageTool.spec.id {
            bindings.append(Binding([.char("P")], .signOff, label: context.t("tools.key.sign_off"),
                                    help: context.t("tools.action.sign_off"), group: g))
        }
        if onSubmit != nil {
            bindings.append(Binding([.enter], .submit, label: context.t("tools.key.continue"), help: context.t("tools.action.continue"), group: g))
        }
        return bindings
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        case .escape, .enter: return .ignored
        case .char("r"), .char("g"), .char("S"), .char("P"):
            if !capturesText { return .ignored }
        default: break
        }
        switch form.handle(key) {
        case .ignored, .cancel: return .ignored
        default: return .handled
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .next: _ = form.handle(.tab); return .handled
        case .previous: _ = form.handle(.backTab); return .handled
        case .references: return .push(ToolReferenceScreen(spec: form.spec))
        case .save: return review(context)
        case .signOff: return DrugTableSignOffAction.intent(context)
        case .chart:
            guard form.spec.id == GrowthTool.spec.id else { return .ignored }
            return .push(GrowthChartScreen(form: form, recorded: recordedGrowth))
        case .submit:
            guard let onSubmit else { return .ignored }
            switch form.evaluation {
            case .result(let result):
                return onSubmit(form, result)
            case .invalid(let errors):
                return .message(.error(errors.map { "\(form.spec.fieldName($0.field) ?? $0.field): \(form.message($0))" }
                    .joined(separator: "; ")))
            case .incomplete(let missing, let notes):
                return .message(.warning(([context.t("tools.missing")] + missing + notes).joined(separator: " ")))
            }
        }
    }

    /// `S`: the review step before a complete result goes into the selected patient's chart.
    private func review(_ context: AppContext) -> Intent {
        guard onSubmit == nil else { return .ignored }
        guard case .result(let result) = form.evaluation else {
            return .message(.warning(context.t("tools.save.needs_result")))
        }
        let saver = self.saver ?? ContextResultSaver(context: context)
        guard let patient = saver.selectedPatient else {
            return .message(.warning(context.t("tools.save.needs_patient")))
        }
        let review = ResultReviewScreen(form: form, result: result, patient: patient, saver: saver)
        // Once saved, the values are in the chart: Esc no longer asks to discard them.
        review.onConfirmed = { [self] in form.state.isDirty = false }
        return .push(review)
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        // An age typed as a time of birth counts to the clock shown, not to when the form opened.
        form.state.context.now = context.clock.now
        form.timeText = context.timeText
        form.relativeWords = WardFormat.relativeWords(context)
        let strings = ToolStrings(context)
        let inner = area.inset(left: 1, right: 1)
        let evaluation = form.evaluation
        let bar = ResultBar(evaluation: evaluation, spec: form.spec, glyphs: context.glyphs, strings: strings)
        var extra = extraLines(evaluation, context)
        let resultLines = bar.lines(width: inner.width)
        let barHeight = min(max(3, resultLines.count + extra.count), max(3, inner.height / 2))
        let headerLines = headerText(context, width: inner.width)
        let rows = Layout.vertical([.length(headerLines.count), .fill, .length(1), .length(barHeight)]).split(inner)
        for (i, (text, role)) in headerLines.enumerated() {
            buffer.put(text, in: rows[0].row(i), role: role, attributes: i == 0 ? [.bold] : [], ellipsis: context.glyphs.ellipsis)
        }
        ToolFormView(form: form, glyphs: context.glyphs, strings: strings).render(in: rows[1], into: &buffer)
        buffer.horizontalLine(in: rows[2], glyphs: context.glyphs)
        buffer.put(" \(strings.result) ", x: rows[2].x + 2, y: rows[2].y, role: .header)
        // Loud warnings first, so they are never the lines cut off.
        let resultArea = rows[3]
        var y = 0
        for (text, role) in extra where y < resultArea.height {
            buffer.put(text, in: resultArea.row(y), role: role, attributes: [.bold], ellipsis: context.glyphs.ellipsis)
            y += 1
        }
        extra.removeAll()
        bar.render(in: Rect(x: resultArea.x, y: resultArea.y + y, width: resultArea.width, height: max(0, resultArea.height - y)),
                   into: &buffer)
    }

    private func headerText(_ context: AppContext, width: Int) -> [(String, StyleRole)] {
        var out: [(String, StyleRole)] = [("\(form.spec.name) — \(form.spec.summary)", .header)]
        if let heading { out.append((heading, .info)) }
        // A tool not made for the selected patient says so (it stays usable; the clinician decides).
        if let patient = context.selectedPatient {
            let age = PatientAge(patient: patient, now: context.clock.now, timeZone: context.clock.timeZone)
            let facts = PatientFacts(ageDays: age.days, gestationDays: patient.gestationDays)
            for problem in form.spec.problemTexts(for: facts) {
                out.append(("\(context.glyphs.statusWarning) \(context.t("tools.not_for_patient", patient.fullName, problem.resolved(context.localizer)))",
                            .warning))
            }
            // Fluid tools for a baby under 28 days: the ward's neonatal target (WardSettings) instead.
            if [IvFluidTool.spec.id, DehydrationTool.spec.id].contains(form.spec.id),
               let row = context.wardSettings.neonatalFluidTable.target(ageDays: age.days) {
                var text = context.t("tools.neonatal_target", NeonatalFluidTable.dayOfLife(ageDays: age.days), row.minMLPerKg, row.maxMLPerKg)
                if let kg = form.state.number("weight_kg"), kg > 0 {
                    text += " " + context.t("tools.neonatal_target_ml", Int((Double(row.minMLPerKg) * kg).rounded()),
                                            Int((Double(row.maxMLPerKg) * kg).rounded()), NumberText.plain(kg))
                }
                out.append(("\(context.glyphs.statusInfo) \(text)", .info))
            }
        }
        for constraint in form.spec.constraints {
            out.append(("\(context.glyphs.statusInfo) \(form.spec.namingFields(constraint))", .muted))
        }
        return out
    }

    /// Tool-specific lines above the result: dosage's loud weight warning and its pharmacist review,
    /// growth's chart key.
    private func extraLines(_ evaluation: ToolEvaluation, _ context: AppContext) -> [(String, StyleRole)] {
        var out: [(String, StyleRole)] = []
        if form.spec.id == DosageTool.spec.id, form.state["weight_kg"]?.text.isEmpty == false,
           !form.weightIsFromTodaysChart(now: context.clock.now, timeZone: context.clock.timeZone) {
            out.append(("\(context.glyphs.statusWarning)\(context.glyphs.statusWarning) \(context.t("tools.dosage.weight_not_today"))", .danger))
        }
        if form.spec.id == DosageTool.spec.id, case .result = evaluation, case .success(let table) = DrugFormulary.shared {
            let review = DosageReview.line(context.drugTableSignOff, table: table, context)
            out.append(("\(review.reviewed ? context.glyphs.statusOK : context.glyphs.statusWarning) \(review.text)",
                        review.reviewed ? .ok : .warning))
        }
        if form.spec.id == GrowthTool.spec.id, case .result = evaluation {
            out.append(("\(context.glyphs.statusInfo) \(context.t("tools.growth.chart_hint"))", .info))
        }
        return out
    }
}
