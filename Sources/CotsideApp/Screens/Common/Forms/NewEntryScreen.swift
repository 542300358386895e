import TerminalUI
import WardStore

/// The small "new entry" chooser `n` opens for a cot: a nappy change (`n`) or a measurement
/// (`v`, for values and vitals); Enter opens the highlighted one.
@MainActor
final class NewEntryScreen: Screen {
    let patient: Patient
    private var list = ListState()
    private let items = ["nappy", "measurement"]

    init(patient: Patient) { self.patient = patient }

    var presentation: Presentation { .floating }
    func title(_ context: AppContext) -> String { context.t("entry.title") }

    func keyMap(_ context: AppContext) -> KeyMap {
        let g = context.t("group.screen")
        return KeyMap([
            KeyBinding([.enter], action: "entry.open", label: context.t("key.select"), help: context.t("key.select"), group: g),
            KeyBinding([.char("n")], action: "entry.nappy", label: "", help: context.t("entry.nappy"), group: g),
            KeyBinding([.char("v")], action: "entry.measurement", label: "", help: context.t("entry.measurement"), group: g),
            KeyBinding([.escape], action: ShellAction.back.id, label: context.t("key.back"), help: context.t("key.back"), group: g),
        ])
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        if list.handle(key, count: items.count, visibleRows: items.count) { return .handled }
        return .ignored
    }

    func perform(_ action: String, _ context: AppContext) -> Intent {
        switch action == "entry.open" ? "entry.\(items[min(list.selected, items.count - 1)])" : action {
        case "entry.nappy": return .replace(NappyFormScreen(patient: patient, editing: nil, context))
        case "entry.measurement": return .replace(MeasurementFormScreen(patient: patient, context))
        default: return .ignored
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let box = area.centered(width: min(area.width, 44), height: items.count + 4)
        buffer.fill(box, role: .dialog)
        let inner = buffer.box(box, glyphs: context.glyphs, role: .border, title: context.t("entry.title_for", patient.bedLabel))
        let view = ListView(source: ArrayDataSource(items), state: list, glyphs: context.glyphs) { item in
            ListItem((item == "nappy" ? "n  " : "v  ") + context.t("entry.\(item)"))
        }
        view.render(in: inner.inset(left: 1, right: 1).inset(top: 1), into: &buffer)
    }
}
