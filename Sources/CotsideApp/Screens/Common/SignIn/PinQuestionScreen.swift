import Foundation
import TerminalUI
import WardStore

/// Asked once, of a ward admin signing in to a ward made before Cotside had PINs: does the ward
/// now require them? Either answer is a ward-settings write (`requirePin`), which also ends the
/// question; Esc leaves it for the next sign-in. A ward admin who turns PINs on without having
/// one chooses it next.
@MainActor
final class PinQuestionScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case require = "pins.require"
        case keepOff = "pins.keep_off"
        case later = "pins.later"
    }

    let member: Staff
    let hasPin: Bool

    init(member: Staff, hasPin: Bool) {
        self.member = member
        self.hasPin = hasPin
    }

    var presentation: Presentation { .floating }
    var isBlocking: Bool { true }

    func title(_ context: AppContext) -> String { context.t("pins.question.title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.char("y")], .require, label: context.t("key.require_pins"), help: context.t("pins.question.require"), group: g),
            Binding([.char("n")], .keepOff, label: context.t("key.keep_pins_off"), help: context.t("pins.question.keep_off"), group: g),
            Binding([.escape], .later, label: context.t("key.later"), help: context.t("pins.question.later"), group: g),
        ]
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event, keyMap(context).action(for: key) != nil else { return .handled }
        return .ignored
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .require: return answer(true, context)
        case .keepOff: return answer(false, context)
        case .later: return .pop
        }
    }

    private func answer(_ require: Bool, _ context: AppContext) -> Intent {
        let by = member.id
        let words = context.t(require ? "pins.question.required" : "pins.question.kept_off")
        let member = self.member
        let choosesPin = require && !hasPin
        return .write(WardWrite(undoSummary: nil, closesAsker: true, followUp: { _ in
            choosesPin ? .push(StaffPickerScreen(mode: .ownPin(member))) : .handled
        }) { repository in
            let saved = try await repository.updateSettings([.requirePin: require ? "1" : "0"], by: by)
            return WriteReceipt(auditEntryIds: [], message: words, session: [.wardSettings(saved)])
        })
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let body = TextWrap.wrap(context.t("pins.question.body"), width: min(area.width - 6, 66))
        let box = area.centered(width: min(area.width - 2, 70), height: min(area.height, body.count + 6))
        buffer.fill(box, role: .dialog)
        let inner = buffer.box(box, glyphs: context.glyphs, role: .border, title: context.t("pins.question.title"))
        let rows = Layout.vertical([.length(body.count), .length(1), .fill, .length(1)]).split(inner.inset(left: 1, right: 1))
        for (index, line) in body.enumerated() { buffer.put(line, in: rows[0].row(index), role: .dialog) }
        buffer.put(context.t("pins.question.hint"), in: rows[3], role: .muted, ellipsis: context.glyphs.ellipsis)
    }
}
