import TerminalUI

/// Workstation settings (theme and language, applied at once and saved) and, on the last row,
/// the ward-wide settings kept in the store (Enter opens their form).
@MainActor
final class SettingsScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case up = "settings.up", down = "settings.down", next = "settings.next", previous = "settings.previous"
    }

    private enum Row: CaseIterable { case theme, language, ward }
    private var selected = 0
    /// The size of the area last drawn, at the origin: mouse positions arrive in these coordinates.
    private var drawn = Rect(width: AppShell.minimumWidth, height: AppShell.minimumHeight)

    func title(_ context: AppContext) -> String { context.t("settings.title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.up, .char("k")], .up, help: context.t("key.up"), group: g),
            Binding([.down, .char("j")], .down, help: context.t("key.down"), group: g),
            Binding([.enter, .right, .char(" ")], .next, label: context.t("key.change"), help: context.t("key.change"), group: g),
            Binding([.left], .previous, help: context.t("key.change"), group: g),
        ]
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        let rows = Row.allCases
        switch action {
        case .up: selected = max(0, selected - 1); return .handled
        case .down: selected = min(rows.count - 1, selected + 1); return .handled
        case .next: return change(rows[selected], by: 1, context)
        case .previous: return change(rows[selected], by: -1, context)
        }
    }

    /// The screen's rows: title, gap, one per setting, the hint, then which settings are whose and the monochrome note.
    /// Render and the mouse both use it, so a click lands on the row drawn there.
    static func rows(in area: Rect) -> [Rect] {
        Layout.vertical([.length(1), .length(1), .length(1), .length(1), .length(1), .length(1), .fill]).split(area.inset(left: 2, right: 2))
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .mouse(let m) = event, case .click = m.kind else { return .ignored }
        let rows = Self.rows(in: drawn)
        guard let index = Row.allCases.indices.first(where: { rows[2 + $0].y == m.y }) else { return .ignored }
        selected = index
        return .handled
    }

    private func change(_ row: Row, by step: Int, _ context: AppContext) -> Intent {
        switch row {
        case .theme:
            let all = ThemeName.allCases
            let i = all.firstIndex(of: context.preferences.themeName) ?? 0
            return .shell(.setTheme(all[(i + step + all.count) % all.count]))
        case .language:
            let all = [Catalogues.system] + context.availableLanguages.map(\.code)
            let i = all.firstIndex(of: context.preferences.language) ?? 0
            return .shell(.setLanguage(all[(i + step + all.count) % all.count]))
        case .ward:
            guard context.repository != nil else { return .message(.info(context.t("ward.no_database"))) }
            return .push(WardSettingsScreen(context))
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        drawn = Rect(width: area.width, height: area.height)
        let rows = Self.rows(in: area)
        buffer.put(context.t("settings.title"), in: rows[0], role: .header, attributes: [.bold])
        func name(_ code: String) -> String { context.availableLanguages.first { $0.code == code }?.nativeName ?? code }
        let language = context.preferences.language == Catalogues.system
            ? context.t("settings.language.system", name(context.systemLanguage)) : name(context.preferences.language)
        let values: [(String, String)] = [
            (context.t("settings.theme"), context.t("settings.theme.\(context.preferences.themeName.rawValue)")),
            (context.t("settings.language"), language),
            (context.t("settings.ward"), WardSettingsScreen.summary(context.wardSettings, context)),
        ]
        for (i, (label, value)) in values.enumerated() {
            let row = rows[2 + i]
            let cols = Layout.horizontal([.length(24), .fill]).split(row)
            let focused = i == selected
            let marker = focused ? context.glyphs.arrowRight + " " : "  "
            buffer.put(marker + label, in: cols[0], role: focused ? .selection : .normal)
            buffer.put("\(context.glyphs.arrowLeft) \(value) \(context.glyphs.arrowRight)", in: cols[1], role: focused ? .selection : .normal)
        }
        buffer.put(context.t("settings.hint"), in: rows[5], role: .muted)
        buffer.put(context.t("settings.scope"), in: rows[6].row(0), role: .muted)
        if !context.colourAllowed {
            buffer.put(context.t("settings.monochrome_forced"), in: rows[6].row(1), role: .warning)
        }
    }
}
