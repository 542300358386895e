import TerminalUI

/// A small floating chooser (withheld reason, snooze length, feed kind): arrows or the item's
/// digit pick, Enter confirms, Esc goes back. The choice is handed to `onPick`, whose intent the
/// shell applies after this screen closes.
@MainActor
final class ChoiceScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case pick = "choice.pick"
        /// Esc: close without choosing.
        case back = "shell.back"
    }

    let heading: String
    let items: [String]
    private var list = ListState()
    private let onPick: @MainActor (Int, AppContext) -> Intent

    init(heading: String, items: [String], selected: Int = 0, onPick: @escaping @MainActor (Int, AppContext) -> Intent) {
        self.heading = heading
        self.items = items
        self.onPick = onPick
        list.selected = max(0, min(selected, items.count - 1))
    }

    var presentation: Presentation { .floating }
    func title(_ context: AppContext) -> String { heading }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.enter], .pick, label: context.t("key.select"), help: context.t("key.select"), group: g),
            Binding([.escape], .back, label: context.t("key.back"), help: context.t("key.back"), group: g),
        ]
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        if case .char(let ch) = key, let digit = ch.wholeNumberValue, (1...items.count).contains(digit) {
            return pick(digit - 1, context)
        }
        if list.handle(key, count: items.count, visibleRows: items.count) { return .handled }
        return .ignored
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .pick: return pick(list.selected, context)
        case .back: return .pop
        }
    }

    private func pick(_ index: Int, _ context: AppContext) -> Intent {
        .all([.pop, onPick(index, context)])
    }

    var selectedIndex: Int { list.selected }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let width = min(area.width, max(36, (items.map { TextWidth.columns(of: $0) }.max() ?? 0) + 10, TextWidth.columns(of: heading) + 6))
        let box = area.centered(width: width, height: min(area.height, items.count + 4))
        buffer.fill(box, role: .dialog)
        let inner = buffer.box(box, glyphs: context.glyphs, role: .border, title: heading)
        let numbered = items.enumerated().map { "\($0.offset + 1)  \($0.element)" }
        let view = ListView(source: ArrayDataSource(numbered), state: list, glyphs: context.glyphs) { ListItem($0) }
        view.render(in: inner.inset(left: 1, right: 1).inset(top: 1), into: &buffer)
    }
}
