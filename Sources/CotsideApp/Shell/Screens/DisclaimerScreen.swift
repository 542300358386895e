import TerminalUI

/// The medical disclaimer shown on first run. It blocks everything until Enter on
/// "I understand"; acceptance is remembered per workstation (preferences file).
@MainActor
final class DisclaimerScreen: Screen {
    static let acceptAction = "disclaimer.accept"
    static let quitAction = "disclaimer.quit"

    var isBlocking: Bool { true }

    func title(_ context: AppContext) -> String { context.t("disclaimer.title") }

    func keyMap(_ context: AppContext) -> KeyMap {
        KeyMap([
            KeyBinding([.enter], action: Self.acceptAction, label: context.t("disclaimer.accept"), help: context.t("disclaimer.accept"), group: context.t("group.screen")),
            KeyBinding([.char("q")], action: Self.quitAction, label: context.t("key.quit"), help: context.t("action.quit"), group: context.t("group.screen")),
        ])
    }

    func perform(_ action: String, _ context: AppContext) -> Intent {
        switch action {
        case Self.acceptAction: return .all([.shell(.acceptDisclaimer), .pop])
        case Self.quitAction: return .shell(.quit)
        default: return .handled // nothing else gets past the disclaimer
        }
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
