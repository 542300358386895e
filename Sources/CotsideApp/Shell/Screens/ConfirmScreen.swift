import TerminalUI

/// A yes/no question over the current screen. "No" is the default so a tired Enter loses nothing.
@MainActor
final class ConfirmScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case yes = "confirm.yes", no = "confirm.no"
    }

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

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        let yes = context.t("dialog.yes"), no = context.t("dialog.no")
        return [
            Binding([.char(Character(yes.prefix(1).lowercased()))], .yes, label: yes, help: yes, group: g),
            Binding([.char(Character(no.prefix(1).lowercased())), .escape], .no, label: no, help: no, group: g),
        ]
    }

    /// The dialog takes its keys itself (`handle`); the bindings name them for the bar and help.
    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .yes: return .all([.pop] + onConfirm)
        case .no: return .pop
        }
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
