import TerminalUI

/// A yes/no question over the current screen. "No" is the default so a tired Enter loses nothing.
@MainActor
final class ConfirmScreen: Screen {
    private var state: DialogState
    /// What happens on "Yes", after this dialog closes.
    let onConfirm: [Intent]

    init(title: String, body: String, onConfirm: [Intent]) {
        state = .confirm(title: title, message: body, defaultYes: false)
        self.onConfirm = onConfirm
    }

    var presentation: Presentation { .floating }
    var isBlocking: Bool { true }

    func title(_ context: AppContext) -> String { state.title }

    func keyMap(_ context: AppContext) -> KeyMap {
        let g = context.t("group.screen")
        return KeyMap([
            KeyBinding([.char(Character(context.t("dialog.yes").prefix(1).lowercased()))], action: "confirm.yes", label: context.t("dialog.yes"), help: context.t("dialog.yes"), group: g),
            KeyBinding([.char(Character(context.t("dialog.no").prefix(1).lowercased())), .escape], action: "confirm.no", label: context.t("dialog.no"), help: context.t("dialog.no"), group: g),
        ])
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .handled }
        switch state.handle(key, strings: context.uiStrings) {
        case .yes?: return .all([.pop] + onConfirm)
        case .no?, .ok?: return .pop
        case nil: return .handled
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        Dialog(state, strings: context.uiStrings, glyphs: context.glyphs).render(in: area, into: &buffer)
    }
}
