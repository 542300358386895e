import TerminalUI

/// The `:` command palette: fuzzy search over every action; Enter runs the chosen one.
@MainActor
final class PaletteScreen: Screen {
    private let items: [PaletteItem]
    private var state = PaletteState()

    init(items: [PaletteItem]) { self.items = items }

    var presentation: Presentation { .floating }
    var capturesText: Bool { true }

    func title(_ context: AppContext) -> String { context.t("ui.palette.title") }

    func keyMap(_ context: AppContext) -> KeyMap {
        let g = context.t("group.screen")
        return KeyMap([
            KeyBinding([.enter], action: "palette.run", label: context.t("key.select"), help: context.t("key.select"), group: g),
            KeyBinding([.escape], action: ShellAction.back.id, label: context.t("key.back"), help: context.t("key.back"), group: g),
        ])
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .handled }
        switch state.handle(key, items: items) {
        case .open: return .handled
        case .cancel: return .pop
        case .run(let action): return .all([.pop, .perform(action)])
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        CommandPalette(items: items, state: state, strings: context.uiStrings, glyphs: context.glyphs).render(in: area, into: &buffer)
    }
}
