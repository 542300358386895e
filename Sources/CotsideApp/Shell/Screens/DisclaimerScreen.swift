import TerminalUI

/// The medical disclaimer shown on first run. It blocks everything until Enter on
/// "I understand"; acceptance is remembered per workstation (preferences file).
@MainActor
final class DisclaimerScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case accept = "disclaimer.accept", quit = "disclaimer.quit"
    }

    var isBlocking: Bool { true }

    func title(_ context: AppContext) -> String { context.t("disclaimer.title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.enter], .accept, label: context.t("disclaimer.accept"), help: context.t("disclaimer.accept"), group: g),
            Binding([.char("q")], .quit, label: context.t("key.quit"), help: context.t("action.quit"), group: g),
        ]
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .accept: return .all([.shell(.acceptDisclaimer), .pop])
        case .quit: return .shell(.quit)
        }
    }

    /// Nothing else gets past the disclaimer: an id it does not know is used up here.
    func perform(_ id: String, _ context: AppContext) -> Intent {
        Action(rawValue: id).map { perform($0, context) } ?? .handled
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        if case .key(let key) = event, keyMap(context).action(for: key) == nil { return .handled }
        return .ignored
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let width = min(area.width - 4, 72)
        let body = TextWrap.wrap(context.t("disclaimer.body"), width: max(1, width - 4))
        let box = area.centered(width: width, height: min(area.height, body.count + 8))
        buffer.fill(box, role: .dialog)
        let inner = buffer.box(box, glyphs: context.glyphs, role: .border, title: context.t("disclaimer.title"))
        let rows = Layout.vertical([.length(1), .length(body.count), .length(1), .length(1), .length(1), .fill]).split(inner.inset(left: 1, right: 1))
        for (i, line) in body.enumerated() {
            buffer.put(line, in: Rect(x: rows[1].x, y: rows[1].y + i, width: rows[1].width, height: 1), role: .dialog)
        }
        let button = "[ \(context.t("disclaimer.accept")) ]"
        let buttonWidth = TextWidth.columns(of: button)
        buffer.put(button, in: rows[3].centered(width: buttonWidth, height: 1), role: .focus, attributes: [.bold, .reverse])
        buffer.put(context.t("disclaimer.hint"), in: rows[4], role: .muted)
    }
}
