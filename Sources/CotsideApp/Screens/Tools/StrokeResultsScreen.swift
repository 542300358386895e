import Clinical
import Foundation
import TerminalUI
import WardStore

/// Results of one triage assessment as a page that scrolls (`StrokeResultsDocument`). Nothing
/// is stored until the user has reviewed it and presses `S`: that says under whom it will be
/// saved (the selected patient, else unattached) and asks once; Esc before saving asks whether
/// to discard it and says it was not stored.
@MainActor
final class StrokeResultsScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case save = "stroke.save", centres = "stroke.centres", location = "stroke.location", report = "stroke.report"
        case down = "stroke.down", up = "stroke.up", pageDown = "stroke.pageDown", pageUp = "stroke.pageUp"
        case home = "stroke.home", end = "stroke.end"
    }

    let assessment: StrokeAssessmentResult
    let inputs: [String: RawValue]
    let fastEdItems: [String: RawValue]?
    let at: Date
    /// Tells the module form its values are saved (Esc there no longer asks to discard them).
    var onSaved: (() -> Void)?
    /// The referral list in force (the starter list until the ward's own has loaded).
    private(set) var centres: [StrokeCentre]
    /// Where the user said they are (`l`), as typed.
    private(set) var near: String?
    /// The first page row shown.
    private(set) var scroll = 0
    private var pageRows = 20
    /// Where it was saved ("bed 3 (Ada Lovelace)", or unattached), once saved.
    private(set) var savedUnder: String?
    /// The patient it was saved under (nil: unattached, or not saved), for the report.
    private(set) var savedPatient: Patient?
    /// A save was sent and has not come back: a failure then is the save's (else a load's).
    private var saving = false

    init(assessment: StrokeAssessmentResult, inputs: [String: RawValue], fastEdItems: [String: RawValue]? = nil, at: Date,
         centres: [StrokeCentre]? = nil) {
        self.assessment = assessment
        self.inputs = inputs
        self.fastEdItems = fastEdItems
        self.at = at
        self.centres = centres ?? ((try? StrokeCentreStarterList.shared.get()) ?? [])
    }

    func title(_ context: AppContext) -> String { context.t("stroke.results.title") }

    /// Unsaved results are input the user would lose: quitting or locking asks first.
    var hasUnsavedInput: Bool { savedUnder == nil }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen"), n = context.t("group.navigation")
        return [
            Binding([.char("S")], .save, label: context.t("tools.key.save"), help: context.t("stroke.action.save"), group: g),
            Binding([.char("c")], .centres, label: context.t("stroke.key.centres"), help: context.t("stroke.action.centres"), group: g),
            Binding([.char("l")], .location, label: context.t("stroke.key.location"), help: context.t("stroke.action.location"), group: g),
            Binding([.char("R")], .report, label: context.t("stroke.key.report"), help: context.t("stroke.action.report"), group: g),
            Binding([.down, .char("j")], .down, help: context.t("key.down"), group: n),
            Binding([.up, .char("k")], .up, help: context.t("key.up"), group: n),
            Binding([.pageDown], .pageDown, help: context.t("key.page_down"), group: n),
            Binding([.pageUp], .pageUp, help: context.t("key.page_up"), group: n),
            Binding([.home], .home, help: context.t("key.home"), group: n),
            Binding([.end], .end, help: context.t("key.end"), group: n),
        ]
    }

    func reload(_ context: AppContext) -> Intent {
        guard context.repository != nil else { return .ignored }
        return command { repository in try await StrokeCentreDirectory.load(from: repository) }
    }

    func update(_ list: [StrokeCentre], _ context: AppContext) -> Intent {
        centres = list
        return .handled
    }

    /// A refused save in the triage's words; a centres list that could not be read leaves the
    /// starter list in place without a word.
    func failed(_ error: Error, _ context: AppContext) -> Intent {
        guard saving else { return .handled }
        saving = false
        return .message(.error(context.t("stroke.store_failed", String(describing: error))))
    }

    /// Esc before saving asks; after saving (or with nothing to lose) it goes back as usual.
    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        switch event {
        case .key(.escape) where hasUnsavedInput:
            return .push(ConfirmScreen(title: context.t("stroke.discard.title"), body: context.t("stroke.discard.body"),
                                       onConfirm: [.shell(.forceBack), .message(.warning(context.t("stroke.discarded")))]))
        case .mouse(let m) where m.kind == .wheelDown: scroll += ListState.wheelStep; return .handled
        case .mouse(let m) where m.kind == .wheelUp: scroll = max(0, scroll - ListState.wheelStep); return .handled
        default: return .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .save: return askToSave(context)
        case .report: return ReportPreviewScreen.open(StrokeReportPreview.current(reportSubject(context), centres: centres), context)
        case .centres: return .push(StrokeCentresScreen(capability: assessment.suggestedCapability, query: near ?? "", centres: centres))
        case .location:
            return .push(PromptScreen(titleKey: "stroke.location.title",
                                      field: .text("near", label: context.t("stroke.location.label"), maxLength: 80, value: near ?? ""),
                                      context) { [self] state, context in
                let text = state.text("near")?.trimmingCharacters(in: .whitespaces) ?? ""
                if !text.isEmpty, case .failure(let issue) = StrokeCentreSearch.resolve(text, in: centres) {
                    return .message(.error(issue.message))
                }
                near = text.isEmpty ? nil : text
                return .pop
            })
        case .down: scroll += 1
        case .up: scroll = max(0, scroll - 1)
        case .pageDown: scroll += max(1, pageRows - 1)
        case .pageUp: scroll = max(0, scroll - max(1, pageRows - 1))
        case .home: scroll = 0
        case .end: scroll = Int.max / 2
        }
        return .handled
    }

    // MARK: - Saving

    /// The patient it would be saved under now, as the review question names them.
    private func patient(_ context: AppContext) -> (id: Int64, label: String)? {
        guard let p = context.selectedPatient else { return nil }
        return (p.id, context.t("tools.patient_label", p.bedLabel, p.fullName))
    }

    /// Why the selected patient is not one the adult stroke tools are for (a child), if so: the
    /// save question and the save line say it, so nobody files an adult triage under a baby unawares.
    private func notForPatient(_ context: AppContext) -> String? {
        guard let p = context.selectedPatient else { return nil }
        let age = PatientAge(patient: p, now: context.clock.now, timeZone: context.clock.timeZone)
        return PatientRule.adultsOnly.problem(PatientFacts(ageDays: age.days, gestationDays: p.gestationDays))
            .map { context.t("tools.not_for_patient", p.fullName, $0) }
    }

    /// `S`: "I have reviewed" — names whom it is saved under (or that it is saved unattached,
    /// since triage often comes before any admission and the export keeps unattached ones) and
    /// asks once; yes saves.
    private func askToSave(_ context: AppContext) -> Intent {
        if let savedUnder { return .message(.info(context.t("stroke.save.already", savedUnder))) }
        guard context.repository != nil else { return .message(.error(context.t("tools.save.no_store"))) }
        let target = patient(context)
        var body = target.map { context.t("stroke.save.body_patient", $0.label) } ?? context.t("stroke.save.body_unattached")
        if let problem = notForPatient(context) { body += " " + problem }
        return .push(ConfirmScreen(title: context.t("stroke.save.title"), body: body,
                                   onConfirm: [.followUp { [self] context in save(under: target, context) }]))
    }

    /// The save itself: one audited write in the signed-in member's name (needing the
    /// calculators permission), that `u` takes back, shown in the patient's History.
    func save(under target: (id: Int64, label: String)?, _ context: AppContext) -> Intent {
        guard savedUnder == nil else { return .handled }
        let draft = StrokeAssessmentRecord.draft(module: assessment.module, inputs: inputs, fastEdItems: fastEdItems,
                                                 near: near, result: assessment, patientId: target?.id)
        let patient = context.selectedPatient.flatMap { $0.id == target?.id ? $0 : nil }
        let by = context.staff?.id
        let under = target?.label ?? context.t("stroke.save.unattached")
        let message = context.t("stroke.saved", under)
        let undo = context.t("stroke.save.undo_summary", under)
        saving = true
        return .write(WardWrite(undoSummary: undo, needs: .useCalculators, saved: { [self] in
            saving = false
            savedUnder = under
            savedPatient = patient
            onSaved?()
        }) { repository in
            let saved = try await repository.saveStrokeAssessment(draft, by: by)
            return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: message)
        })
    }

    /// The assessment as the report tells it: as it would be stored (inputs, place and results as
    /// the contract's JSON), under the patient it was saved under, by whoever is signed in.
    func reportSubject(_ context: AppContext) -> StrokeReportSubject {
        // Not saved yet: the patient `S` would save it under (the selected one), as the save line says.
        let patient = savedUnder == nil ? context.selectedPatient : savedPatient
        let draft = StrokeAssessmentRecord.draft(module: assessment.module, inputs: inputs, fastEdItems: fastEdItems,
                                                 near: near, result: assessment, patientId: patient?.id)
        return StrokeReportSubject(record: savedUnder == nil ? .unsaved : .saved, module: assessment.module,
                                   inputsJSON: draft.inputsJSON, resultJSON: draft.resultJSON, assessedAt: at,
                                   assessedBy: context.staff, patient: patient)
    }

    // MARK: - Drawing

    /// The save state line: where it was saved, or where `S` would save it.
    func saveLine(_ context: AppContext) -> (text: String, role: StyleRole) {
        let g = context.glyphs
        if let savedUnder { return ("\(g.statusOK) \(context.t("stroke.state.saved", savedUnder))", .ok) }
        if let target = patient(context) {
            let problem = notForPatient(context).map { " " + $0 } ?? ""
            return ("\(g.statusWarning) \(context.t("stroke.state.unsaved_patient", target.label))\(problem)", .warning)
        }
        return ("\(g.statusWarning) \(context.t("stroke.state.unsaved_unattached"))", .warning)
    }

    func document(_ context: AppContext) -> StrokeResultsDocument {
        var nearest: [StrokeCentreDistance] = []
        if let near, case .success(let point) = StrokeCentreSearch.resolve(near, in: centres) {
            nearest = StrokeCentreSearch.nearest(centres, to: point, capability: assessment.suggestedCapability)
        }
        return StrokeResultsDocument(model: .init(assessment: assessment, inputs: inputs, fastEdItems: fastEdItems, assessedAt: at,
                                                  saveLine: saveLine(context), near: near, nearest: nearest), context: context)
    }

    /// The page's window, and on the last row where it is ("lines 1–20 of 64") and which way
    /// there is more.
    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 2, right: 2)
        guard inner.height > 1, inner.width > 0 else { return }
        let page = document(context).render(width: inner.width)
        pageRows = inner.height - 1
        scroll = max(0, min(scroll, page.height - pageRows))
        for row in 0..<min(pageRows, page.height - scroll) {
            for x in 0..<inner.width {
                let cell = page[x, scroll + row]
                buffer.set(cell, x: inner.x + x, y: inner.y + row)
            }
        }
        let last = min(page.height, scroll + pageRows)
        let g = context.glyphs
        let more = [scroll > 0 ? g.arrowUp : nil, last < page.height ? g.arrowDown : nil].compactMap { $0 }.joined()
        let position = context.t("stroke.results.position", scroll + 1, last, page.height)
            + (more.isEmpty ? "" : "  \(more) " + context.t("stroke.results.scroll_keys"))
        buffer.put(position, in: inner.row(inner.height - 1), role: .muted, alignment: .right, ellipsis: g.ellipsis)
    }
}
