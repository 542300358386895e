import TerminalUI
import WardStore

/// The small "new entry" chooser `n` opens for a cot: a nappy change (`n`), a set of
/// observations (`o`, the vitals in one form) or one measurement (`v`, weight, length, head
/// circumference or a lone value); Enter opens the highlighted one.
@MainActor
final class NewEntryScreen: ActionScreen {
    enum Action: String, ScreenAction {
        /// The kinds of entry (also the rows), the highlighted one, and back.
        case nappy = "entry.nappy", observations = "entry.observations", measurement = "entry.measurement"
        case open = "entry.open", back = "shell.back"
    }

    let patient: Patient
    private var list = ListState()
    /// The rows, in order; Enter opens the highlighted one.
    private let items: [Action] = [.nappy, .observations, .measurement]

    init(patient: Patient) { self.patient = patient }

    var presentation: Presentation { .floating }
    func title(_ context: AppContext) -> String { context.t("entry.title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.enter], .open, label: context.t("key.select"), help: context.t("key.select"), group: g),
            Binding([.char("n")], .nappy, help: context.t("entry.nappy"), group: g),
            Binding([.char("o")], .observations, help: context.t("entry.observations"), group: g),
            Binding([.char("v")], .measurement, help: context.t("entry.measurement"), group: g),
            Binding([.escape], .back, label: context.t("key.back"), help: context.t("key.back"), group: g),
        ]
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        if list.handle(key, count: items.count, visibleRows: items.count) { return .handled }
        return .ignored
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .open: return perform(items[min(list.selected, items.count - 1)], context)
        case .nappy: return .replace(NappyFormScreen(patient: patient, editing: nil, context))
        case .observations: return .replace(ObservationsFormScreen(patient: patient, context))
        case .measurement: return .replace(MeasurementFormScreen(patient: patient, context))
        case .back: return .shell(.back)
        }
    }

    /// The letter shown before each row (its key).
    static func key(_ item: Action) -> String {
        switch item {
        case .nappy: return "n"
        case .observations: return "o"
        case .measurement, .open, .back: return "v"
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let box = area.centered(width: min(area.width, 64), height: items.count + 4)
        buffer.fill(box, role: .dialog)
        let inner = buffer.box(box, glyphs: context.glyphs, role: .border, title: context.t("entry.title_for", patient.bedLabel))
        let view = ListView(source: ArrayDataSource(items), state: list, glyphs: context.glyphs) { item in
            ListItem(Self.key(item) + "  " + context.t(item.rawValue))
        }
        view.render(in: inner.inset(left: 1, right: 1).inset(top: 1), into: &buffer)
    }
}
