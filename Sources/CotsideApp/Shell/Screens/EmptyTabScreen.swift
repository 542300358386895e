import TerminalUI

/// A tab whose feature has not landed yet: says honestly what will be here. No fake data.
@MainActor
final class EmptyTabScreen: Screen {
    let titleKey: String
    let headlineKey: String
    let bodyKey: String

    init(titleKey: String, headlineKey: String, bodyKey: String) {
        self.titleKey = titleKey
        self.headlineKey = headlineKey
        self.bodyKey = bodyKey
    }

    func title(_ context: AppContext) -> String { context.t(titleKey) }
    func keyMap(_ context: AppContext) -> KeyMap { KeyMap([]) }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let body = TextWrap.wrap(context.t(bodyKey), width: max(1, min(70, area.width - 4)))
        let box = area.centered(width: min(area.width, 74), height: min(area.height, body.count + 2))
        let rows = Layout.vertical([.length(1), .length(1), .fill]).split(box)
        buffer.put(context.t(headlineKey), in: rows[0], role: .header)
        for (i, line) in body.enumerated() {
            buffer.put(line, in: Rect(x: rows[2].x, y: rows[2].y + i, width: rows[2].width, height: 1), role: .muted)
        }
    }
}
