import Foundation
import TerminalUI
import WardStore

/// Shared behaviour of the ward's forms (nappy, patient, staff, filters, settings): a framed
/// kit `Form`, Enter saves through `submit`, Esc goes back (asking when input would be lost).
/// A save is a `.write`; when the store refuses it, `failed` shows its validation messages
/// beside the field they concern.
@MainActor
class WardFormScreen: ActionScreen {
    /// Every form's keys; a subclass's own steps (a confirmed backdate, an override reason) are
    /// follow-ups of the question that asked, not actions.
    enum Action: String, ScreenAction {
        case save = "form.save"
        case next = "form.next"
        case previous = "form.previous"
        case back = "shell.back"
    }

    var state: FormState
    /// Store validation messages by form field id, shown at the field until it is edited.
    var issues: [String: String] = [:]
    let titleKey: String
    /// Store field names → form field ids, so the store's messages land at the right field.
    let fieldFor: [String: String]
    /// Extra line under the form (what the form is about: a bed and a name).
    var subtitle: String = ""
    /// Set once the user confirmed a time more than 7 days back (`confirmBackdate`).
    private(set) var backdateConfirmed = false

    init(titleKey: String, fields: [FormField], fieldFor: [String: String] = [:], _ context: AppContext) {
        self.titleKey = titleKey
        self.fieldFor = fieldFor
        state = FormState(fields: fields, context: FormContext(now: context.clock.now, timeZone: context.clock.timeZone,
                                                                strings: context.uiStrings))
    }

    func title(_ context: AppContext) -> String { context.t(titleKey) }
    /// What saving needs beyond being signed in (`WardPermission`): Save is greyed for a member
    /// without it, and Enter says why and records the refusal instead of saving.
    var savePermission: WardPermission? { nil }
    var hasUnsavedInput: Bool { state.isDirty }
    var capturesText: Bool { true }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.enter], .save, label: context.t("key.save"), help: context.t("form.help.save"), group: g,
                    needs: savePermission),
            Binding([.tab, .down], .next, help: context.t("form.help.next"), group: g),
            Binding([.backTab, .up], .previous, help: context.t("form.help.previous"), group: g),
            Binding([.escape], .back, label: context.t("key.back"), help: context.t("key.back"), group: g),
        ]
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        state.context.now = context.clock.now
        guard case .key(let key) = event else {
            if case .tick = event { return .ignored }
            return .handled
        }
        let focusedID = state.fields.indices.contains(state.focus) ? state.fields[state.focus].id : ""
        // Enter is taken by the form before the key map: the same gate as the Save key's.
        if key == .enter, let needs = savePermission, context.refusal(needs) != nil {
            return PermissionGate.refuse(needs, context)
        }
        switch state.handle(key) {
        case .submit: return submit(context)
        case .refused(let why): return .message(.error(why))
        case .cancel: return .shell(.back)
        case .edited:
            issues[focusedID] = nil
            fieldEdited(focusedID, context)
            return .handled
        case .moved: return .handled
        case .ignored: return .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .save:
            switch state.submit() {
            case .submit: return submit(context)
            case .refused(let why): return .message(.error(why))
            default: return .handled
            }
        case .next: _ = state.handle(.tab); return .handled
        case .previous: _ = state.handle(.backTab); return .handled
        case .back: return .shell(.back)
        }
    }

    /// What a form loads when shown (the observations form: the cot's goal ranges). Declared
    /// here so a subclass's `override` is the one the shell calls, not the protocol's default.
    func reload(_ context: AppContext) -> Intent { .ignored }

    /// Called after the kit accepted every field: check what only the screen knows, then save.
    func submit(_ context: AppContext) -> Intent { .handled }

    /// A field's value changed (e.g. the nappy kind decides whether a colour is asked).
    func fieldEdited(_ id: String, _ context: AppContext) {}

    /// The store refused a save or a look-up: its validation issues go to their fields (the
    /// first one focused), and its words to the message line.
    func failed(_ error: Error, _ context: AppContext) -> Intent {
        guard let validation = error as? WardValidationError else {
            return .message(.error(WardTask.describe(error, context)))
        }
        for issue in validation.issues {
            issues[fieldFor[issue.field] ?? issue.field] = issue.message
        }
        if let first = validation.issues.first, let id = fieldFor[first.field],
           let index = state.fields.firstIndex(where: { $0.id == id }) {
            state.focus = index
        }
        return .message(.error(WardTask.describe(error, context)))
    }

    /// Says `message` at field `id` and on the message line; with `focus` the cursor goes there.
    func refuse(_ id: String, _ message: String, focus: Bool = false) -> Intent {
        issues[id] = message
        if focus { state.focus = state.fields.firstIndex { $0.id == id } ?? state.focus }
        return .message(.error(message))
    }

    /// The date in a date-time field, or `original` while the field still shows the text it
    /// opened with: an edit must not round a stored time (seconds) to the minute shown.
    func date(_ id: String, original: Date?, shown: String) -> Date? {
        if let original, state.text(id) == shown { return original }
        return state.date(id)
    }

    // MARK: - Times of charted entries

    /// Refuses a time more than 5 minutes ahead of `now`, in the form's own words (`key`), at
    /// the time field; nil when the time may be charted.
    func refuseFuture(_ time: Date, now: Date, field: String = "time", key: String, _ context: AppContext) -> Intent? {
        guard time.timeIntervalSince(now) > WardValidation.futureTolerance else { return nil }
        return refuse(field, context.t(key), focus: true)
    }

    /// Asks before charting a time more than 7 days back (in the form's own words); Yes saves
    /// again with the answer remembered. An edit that keeps the stored time (`keeping`) is not
    /// asked again. Nil when nothing needs asking.
    func confirmBackdate(_ time: Date, now: Date, keeping original: Date? = nil, titleKey: String, bodyKey: String,
                         _ context: AppContext) -> Intent? {
        guard WardValidation.needsBackdateConfirmation(time, now: now), !backdateConfirmed, time != original else { return nil }
        return .push(ConfirmScreen(title: context.t(titleKey), body: context.t(bodyKey, WardFormat(context).shown(time)),
                                   onConfirm: [.followUp { [self] context in
                                       backdateConfirmed = true
                                       return submit(context)
                                   }]))
    }

    /// A write of one audited record (a new entry or a corrected one): the form closes, `u`
    /// takes it back as `summary`, and `message` is said. It needs what saving needs.
    func write<Record>(summary: String, message: String,
                       _ work: @escaping @Sendable (any WardRepository) async throws -> Audited<Record>) -> Intent {
        .write(WardWrite(undoSummary: summary, closesAsker: true, needs: savePermission) { repository in
            let saved = try await work(repository)
            return WriteReceipt(auditEntryIds: [saved.auditEntryId], message: message)
        })
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let width = min(area.width - 2, 110)
        // A subtitle may take several lines (the second check lists the doses checked).
        let lines = subtitle.isEmpty ? [] : subtitle.components(separatedBy: "\n")
        let height = min(area.height, state.fields.count + 4 + lines.count)
        let frame = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: height)
        let inner = buffer.box(frame, glyphs: context.glyphs, role: .border, title: context.t(titleKey))
        var body = inner.inset(left: 1, right: 1)
        for line in lines where body.height > 0 {
            buffer.put(line, in: body.row(0), role: .info, ellipsis: context.glyphs.ellipsis)
            body = body.inset(top: 1)
        }
        let rows = Layout.vertical([.fill, .length(1)]).split(body)
        let formArea = Rect(x: rows[0].x, y: rows[0].y + 1, width: rows[0].width, height: max(0, rows[0].height - 1))
        Form(state, glyphs: context.glyphs).render(in: formArea, into: &buffer)
        drawMarks(in: formArea, into: &buffer, context)
        drawIssues(in: formArea, into: &buffer, context)
        buffer.put(hint(context), in: rows[1], role: .muted, ellipsis: context.glyphs.ellipsis)
    }

    /// The line under the fields: the keys, unless a form has something to say about the focused field.
    func hint(_ context: AppContext) -> String { context.t("form.hint") }

    /// What a form draws in the verdict column of acceptable fields beyond the kit's verdicts
    /// (the observations form's "high"/"low"); the store's messages are drawn over it.
    func drawMarks(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {}

    /// The verdict column of field `index` in the form area, by the kit Form's column
    /// geometry; nil when that field is scrolled out of view.
    func verdictRect(_ index: Int, in area: Rect) -> Rect? {
        guard !area.isEmpty else { return nil }
        let labelWidth = min(state.fields.map { TextWidth.columns(of: $0.label) }.max() ?? 0, max(4, area.width / 3))
        let unitWidth = state.fields.map { field -> Int in
            if case .number(let spec) = field.kind { return TextWidth.columns(of: spec.unit) }
            return 0
        }.max() ?? 0
        let valueWidth = 22 + (unitWidth > 0 ? unitWidth + 1 : 0)
        let first = ListState.offset(for: state.focus, current: 0, visibleRows: area.height, count: state.fields.count)
        guard index >= first, index - first < area.height else { return nil }
        return area.row(index - first).split(.horizontal, [.length(labelWidth), .length(valueWidth), .fill], spacing: 1)[2]
    }

    /// Overwrites the verdict column of fields the store refused with the store's message,
    /// using the kit Form's column geometry.
    private func drawIssues(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        guard !issues.isEmpty else { return }
        for (index, field) in state.fields.enumerated() {
            guard let message = issues[field.id], field.check(state.context).isAcceptable,
                  let column = verdictRect(index, in: area) else { continue }
            buffer.fill(column)
            buffer.put("\(context.glyphs.statusDanger) \(message)", in: column, role: .danger, ellipsis: context.glyphs.ellipsis)
        }
    }

    // MARK: - Field helpers

    static func options<T>(_ values: [T], _ title: (T) -> String) -> [ChoiceOption] {
        values.map { ChoiceOption(title($0)) }
    }
}
