import TerminalUI
import WardStore

/// The small "new entry" chooser `n` opens for a cot. Nappy is its only item for now; feeds,
/// measurements and doses join it as they land.
@MainActor
final class NewEntryScreen: Screen {
    let patient: Patient
    private var list = ListState()
    private let items = ["nappy"]

    init(patient: Patient) { self.patient = patient }

    var presentation: Presentation { .floating }
    func title(_ context: AppContext) -> String { context.t("entry.title") }

    func keyMap(_ context: AppContext) -> KeyMap {
        let g = context.t("group.screen")
        return KeyMap([
            KeyBinding([.enter, .char("n")], action: "entry.nappy", label: context.t("key.select"), help: context.t("entry.nappy"), group: g),
            KeyBinding([.escape], action: ShellAction.back, label: context.t("key.back"), help: context.t("key.back"), group: g),
        ])
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        if list.handle(key, count: items.count, visibleRows: items.count) { return .handled }
        return .ignored
    }

    func perform(_ action: String, _ context: AppContext) -> Intent {
        guard action == "entry.nappy" else { return .ignored }
        return .replace(NappyFormScreen(patient: patient, editing: nil, context))
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let box = area.centered(width: min(area.width, 44), height: items.count + 4)
        buffer.fill(box, role: .dialog)
        let inner = buffer.box(box, glyphs: context.glyphs, role: .border, title: context.t("entry.title_for", patient.bedLabel))
        let view = ListView(source: ArrayDataSource(items), state: list, glyphs: context.glyphs) { item in
            ListItem("n  " + context.t("entry.\(item)"))
        }
        view.render(in: inner.inset(left: 1, right: 1).inset(top: 1), into: &buffer)
    }
}
