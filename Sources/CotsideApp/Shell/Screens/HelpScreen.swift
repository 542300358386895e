import TerminalUI

/// The `?` overlay: every key of the screen in front plus the global keys, filtered as you type.
@MainActor
final class HelpScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case back = "shell.back"
    }

    private weak var target: (any Screen)?
    private let global: KeyMap
    private var state = HelpOverlayState()

    init(target: any Screen, global: KeyMap) {
        self.target = target
        self.global = global
    }

    var presentation: Presentation { .floating }
    var capturesText: Bool { true }

    func title(_ context: AppContext) -> String { context.t("ui.help.title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        [Binding([.escape], .back, label: context.t("key.back"), help: context.t("key.back"), group: context.t("group.general"))]
    }

    /// The overlay takes its keys itself (`handle`: any key it does not use closes it).
    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .back: return .pop
        }
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .handled }
        return state.handle(key) ? .handled : .pop
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let keys = (target?.keyMap(context) ?? KeyMap([])).merged(with: global)
        var strings = context.uiStrings
        strings.helpTitle = context.t("help.title", target?.title(context) ?? "")
        HelpOverlay(keyMap: keys, state: state, strings: strings, glyphs: context.glyphs).render(in: area, into: &buffer)
    }
}
