import Clinical
import TerminalUI

/// `r` on a tool: its references, where it applies, its rules between inputs and the
/// limitations statement, all from the tool's declaration.
@MainActor
final class ToolReferenceScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case down = "tools.refs.down", up = "tools.refs.up"
    }

    let spec: ToolSpec
    private var scroll = 0

    init(spec: ToolSpec) { self.spec = spec }

    func title(_ context: AppContext) -> String { context.t("tools.references.title", spec.name) }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.navigation")
        return [
            Binding([.down, .char("j")], .down, help: context.t("key.down"), group: g),
            Binding([.up, .char("k")], .up, help: context.t("key.up"), group: g),
        ]
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .down: scroll += 1
        case .up: scroll = max(0, scroll - 1)
        }
        return .handled
    }

    func lines(width: Int, _ context: AppContext) -> [(String, StyleRole)] {
        var out: [(String, StyleRole)] = [(context.t("tools.references.title", spec.name), .header)]
        func section(_ title: String, _ items: [String], bullet: Bool = true) {
            guard !items.isEmpty else { return }
            out.append(("", .normal))
            out.append((title, .header))
            for item in items {
                let prefix = bullet ? "\(context.glyphs.bullet) " : ""
                for (i, line) in TextWrap.wrap(item, width: max(1, width - 2)).enumerated() {
                    out.append(((i == 0 ? prefix : "  ") + line, .normal))
                }
            }
        }
        section(context.t("tools.references.sources"), spec.references.map(\.citation))
        section(context.t("tools.references.applicability"), spec.applicability)
        section(context.t("tools.references.rules"), spec.constraints)
        section(context.t("tools.references.limitations"), [spec.limitations], bullet: false)
        return out
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let text = area.inset(left: 2, right: 2)
        let all = lines(width: text.width, context)
        scroll = max(0, min(scroll, all.count - text.height))
        for (i, (line, role)) in all.dropFirst(scroll).prefix(text.height).enumerated() {
            buffer.put(line, in: text.row(i), role: role, attributes: role == .header ? [.bold] : [])
        }
    }
}
