import TerminalUI

/// The `:` command palette: fuzzy search over every action; Enter runs the chosen one.
@MainActor
final class PaletteScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case run = "palette.run", back = "shell.back"
    }

    private let items: [PaletteItem]
    private var state = PaletteState()

    init(items: [PaletteItem]) { self.items = items }

    var presentation: Presentation { .floating }
    var capturesText: Bool { true }

    func title(_ context: AppContext) -> String { context.t("ui.palette.title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.enter], .run, label: context.t("key.select"), help: context.t("key.select"), group: g),
            Binding([.escape], .back, label: context.t("key.back"), help: context.t("key.back"), group: g),
        ]
    }

    /// The palette takes its keys itself (`handle`); the bindings name Enter and Esc for the bar.
    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .run: return intent(state.handle(.enter, items: items))
        case .back: return .pop
        }
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .handled }
        return intent(state.handle(key, items: items))
    }

    private func intent(_ outcome: PaletteState.Outcome) -> Intent {
        switch outcome {
        case .open: return .handled
        case .cancel: return .pop
        case .run(let action): return .all([.pop, .runAction(id: action)])
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        CommandPalette(items: items, state: state, strings: context.uiStrings, glyphs: context.glyphs).render(in: area, into: &buffer)
    }
}
