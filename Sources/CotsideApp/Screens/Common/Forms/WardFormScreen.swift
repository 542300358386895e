import Foundation
import TerminalUI
import WardStore

/// Shared behaviour of the ward's forms (nappy, patient, staff, filters, settings): a framed
/// kit `Form`, Enter saves through `save`, Esc goes back (asking when input would be lost), and
/// messages from the store's validation are shown beside the field they concern.
@MainActor
class WardFormScreen: Screen {
    var state: FormState
    /// Store validation messages by form field id, shown at the field until it is edited.
    var issues: [String: String] = [:]
    let titleKey: String
    /// Extra line under the form (what the form is about: a bed and a name).
    var subtitle: String = ""

    init(titleKey: String, fields: [FormField], _ context: AppContext) {
        self.titleKey = titleKey
        state = FormState(fields: fields, context: FormContext(now: context.clock.now, timeZone: context.clock.timeZone,
                                                                strings: context.uiStrings))
    }

    func title(_ context: AppContext) -> String { context.t(titleKey) }
    var hasUnsavedInput: Bool { state.isDirty }
    var capturesText: Bool { true }

    func keyMap(_ context: AppContext) -> KeyMap {
        let g = context.t("group.screen")
        return KeyMap([
            KeyBinding([.enter], action: "form.save", label: context.t("key.save"), help: context.t("form.help.save"), group: g),
            KeyBinding([.tab, .down], action: "form.next", label: "", help: context.t("form.help.next"), group: g),
            KeyBinding([.backTab, .up], action: "form.previous", label: "", help: context.t("form.help.previous"), group: g),
            KeyBinding([.escape], action: ShellAction.back.id, label: context.t("key.back"), help: context.t("key.back"), group: g),
        ])
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        state.context.now = context.clock.now
        guard case .key(let key) = event else {
            if case .tick = event { return .ignored }
            return .handled
        }
        let focusedID = state.fields.indices.contains(state.focus) ? state.fields[state.focus].id : ""
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

    func perform(_ action: String, _ context: AppContext) -> Intent {
        switch action {
        case "form.save":
            switch state.submit() {
            case .submit: return submit(context)
            case .refused(let why): return .message(.error(why))
            default: return .handled
            }
        case "form.next": _ = state.handle(.tab); return .handled
        case "form.previous": _ = state.handle(.backTab); return .handled
        default: return .ignored
        }
    }

    /// Called after the kit accepted every field: check what only the screen knows, then save.
    func submit(_ context: AppContext) -> Intent { .handled }

    /// A field's value changed (e.g. the nappy kind decides whether a colour is asked).
    func fieldEdited(_ id: String, _ context: AppContext) {}

    /// Puts store validation issues at their fields; `fieldFor` maps store field names to form ids.
    func showIssues(_ error: Error, fieldFor: [String: String], _ context: AppContext) -> Intent {
        guard let validation = error as? WardValidationError else {
            return .message(.error(WardTask.describe(error)))
        }
        for issue in validation.issues {
            issues[fieldFor[issue.field] ?? issue.field] = issue.message
        }
        if let first = validation.issues.first, let id = fieldFor[first.field],
           let index = state.fields.firstIndex(where: { $0.id == id }) {
            state.focus = index
        }
        return .message(.error(WardTask.describe(error)))
    }

    /// The date in a date-time field, or `original` while the field still shows the text it
    /// opened with: an edit must not round a stored time (seconds) to the minute shown.
    func date(_ id: String, original: Date?, shown: String) -> Date? {
        if let original, state.text(id) == shown { return original }
        return state.date(id)
    }

    /// Runs a store write for this form; validation failures land at the fields.
    func save(_ context: AppContext, fieldFor: [String: String],
              _ body: @escaping @MainActor @Sendable (any WardRepository) async throws -> Intent) -> Intent {
        guard let repository = context.repository else { return .message(.error(context.t("ward.no_database"))) }
        return .task { [weak self] in
            do {
                return try await body(repository)
            } catch {
                return self?.showIssues(error, fieldFor: fieldFor, context) ?? .message(.error(WardTask.describe(error)))
            }
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let width = min(area.width - 2, 110)
        let height = min(area.height, state.fields.count + (subtitle.isEmpty ? 4 : 5))
        let frame = Rect(x: area.x + (area.width - width) / 2, y: area.y, width: width, height: height)
        let inner = buffer.box(frame, glyphs: context.glyphs, role: .border, title: context.t(titleKey))
        var body = inner.inset(left: 1, right: 1)
        if !subtitle.isEmpty {
            buffer.put(subtitle, in: body.row(0), role: .info, ellipsis: context.glyphs.ellipsis)
            body = body.inset(top: 1)
        }
        let rows = Layout.vertical([.fill, .length(1)]).split(body)
        let formArea = Rect(x: rows[0].x, y: rows[0].y + 1, width: rows[0].width, height: max(0, rows[0].height - 1))
        Form(state, glyphs: context.glyphs).render(in: formArea, into: &buffer)
        drawIssues(in: formArea, into: &buffer, context)
        buffer.put(context.t("form.hint"), in: rows[1], role: .muted, ellipsis: context.glyphs.ellipsis)
    }

    /// Overwrites the verdict column of fields the store refused with the store's message,
    /// using the kit Form's column geometry.
    private func drawIssues(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        guard !issues.isEmpty, !area.isEmpty else { return }
        let labelWidth = min(state.fields.map { TextWidth.columns(of: $0.label) }.max() ?? 0, max(4, area.width / 3))
        let unitWidth = state.fields.map { field -> Int in
            if case .number(let spec) = field.kind { return TextWidth.columns(of: spec.unit) }
            return 0
        }.max() ?? 0
        let valueWidth = 22 + (unitWidth > 0 ? unitWidth + 1 : 0)
        let first = ListState.offset(for: state.focus, current: 0, visibleRows: area.height, count: state.fields.count)
        for (index, field) in state.fields.enumerated() {
            guard let message = issues[field.id], index >= first, index - first < area.height,
                  field.check(state.context).isAcceptable else { continue }
            let columns = area.row(index - first).split(.horizontal, [.length(labelWidth), .length(valueWidth), .fill], spacing: 1)
            buffer.fill(columns[2])
            buffer.put("\(context.glyphs.statusDanger) \(message)", in: columns[2], role: .danger, ellipsis: context.glyphs.ellipsis)
        }
    }

    // MARK: - Field helpers

    static func options<T>(_ values: [T], _ title: (T) -> String) -> [ChoiceOption] {
        values.map { ChoiceOption(title($0)) }
    }
}
