import TerminalUI

/// A yes/no question over the current screen. "No" is the default so a tired Enter loses nothing.
@MainActor
final class ConfirmScreen: Screen {
    let heading: String
    let body: String
    /// What happens on "Yes", after this dialog closes.
    let onConfirm: [Intent]
    private var yesSelected = false

    init(title: String, body: String, onConfirm: [Intent]) {
        self.heading = title
        self.body = body
        self.onConfirm = onConfirm
    }

    var presentation: Presentation { .overlay(width: 60, height: 8) }

    func title(_ context: AppContext) -> String { heading }

    func keyMap(_ context: AppContext) -> KeyMap {
        KeyMap([
            KeyBinding([.char("y")], action: "confirm.yes", label: context.t("dialog.yes"), help: context.t("dialog.yes"), group: context.t("group.screen")),
            KeyBinding([.char("n")], action: "confirm.no", label: context.t("dialog.no"), help: context.t("dialog.no"), group: context.t("group.screen")),
            KeyBinding([.left, .right, .tab], action: "confirm.toggle", label: "", help: context.t("key.change"), group: context.t("group.screen")),
            KeyBinding([.enter], action: "confirm.enter", label: context.t("key.select"), help: context.t("key.select"), group: context.t("group.screen")),
        ])
    }

    func perform(_ action: String, _ context: AppContext) -> Intent {
        switch action {
        case "confirm.yes": return .all([.pop] + onConfirm)
        case "confirm.no": return .pop
        case "confirm.toggle": yesSelected.toggle(); return .handled
        case "confirm.enter": return yesSelected ? .all([.pop] + onConfirm) : .pop
        default: return .ignored
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let lines = TextWrap.wrap(body, width: max(1, area.width - 2))
        for (i, line) in lines.prefix(max(0, area.height - 2)).enumerated() {
            buffer.put(line, in: Rect(x: area.x + 1, y: area.y + i, width: area.width - 2, height: 1), role: .dialog)
        }
        let yes = "[ \(context.t("dialog.yes")) ]", no = "[ \(context.t("dialog.no")) ]"
        let row = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        let total = TextWidth.columns(of: yes) + 3 + TextWidth.columns(of: no)
        let start = row.x + max(0, (row.width - total) / 2)
        let afterYes = buffer.put(yes, x: start, y: row.y, role: yesSelected ? .focus : .dialog, attributes: yesSelected ? [.reverse, .bold] : [], clip: row)
        buffer.put(no, x: afterYes + 3, y: row.y, role: yesSelected ? .dialog : .focus, attributes: yesSelected ? [] : [.reverse, .bold], clip: row)
    }
}
