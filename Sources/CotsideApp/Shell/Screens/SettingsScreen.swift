import TerminalUI

/// Workstation settings (theme and language, applied at once and saved) and, on the last row,
/// the ward-wide settings kept in the store (Enter opens their form).
@MainActor
final class SettingsScreen: Screen {
    private enum Row: CaseIterable { case theme, language, ward }
    private var selected = 0

    func title(_ context: AppContext) -> String { context.t("settings.title") }

    func keyMap(_ context: AppContext) -> KeyMap {
        let g = context.t("group.screen")
        return KeyMap([
            KeyBinding([.up, .char("k")], action: "settings.up", label: "", help: context.t("key.up"), group: g),
            KeyBinding([.down, .char("j")], action: "settings.down", label: "", help: context.t("key.down"), group: g),
            KeyBinding([.enter, .right, .char(" ")], action: "settings.next", label: context.t("key.change"), help: context.t("key.change"), group: g),
            KeyBinding([.left], action: "settings.previous", label: "", help: context.t("key.change"), group: g),
        ])
    }

    func perform(_ action: String, _ context: AppContext) -> Intent {
        let rows = Row.allCases
        switch action {
        case "settings.up": selected = max(0, selected - 1); return .handled
        case "settings.down": selected = min(rows.count - 1, selected + 1); return .handled
        case "settings.next": return change(rows[selected], by: 1, context)
        case "settings.previous": return change(rows[selected], by: -1, context)
        default: return .ignored
        }
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        if case .mouse(let m) = event, case .click = m.kind, (2..<2 + Row.allCases.count).contains(m.y) {
            selected = m.y - 2
            return .handled
        }
        return .ignored
    }

    private func change(_ row: Row, by step: Int, _ context: AppContext) -> Intent {
        switch row {
        case .theme:
            let all = ThemeName.allCases
            let i = all.firstIndex(of: context.preferences.themeName) ?? 0
            return .shell(.setTheme(all[(i + step + all.count) % all.count]))
        case .language:
            let all = context.availableLanguages
            guard !all.isEmpty else { return .handled }
            let i = all.firstIndex { $0.code == context.preferences.language } ?? 0
            return .shell(.setLanguage(all[(i + step + all.count) % all.count].code))
        case .ward:
            guard context.repository != nil else { return .message(.info(context.t("ward.no_database"))) }
            return .push(WardSettingsScreen(context))
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let rows = Layout.vertical([.length(1), .length(1), .length(1), .length(1), .length(1), .length(1), .fill]).split(area.inset(left: 2, right: 2))
        buffer.put(context.t("settings.title"), in: rows[0], role: .header, attributes: [.bold])
        let language = context.availableLanguages.first { $0.code == context.preferences.language }?.nativeName ?? context.preferences.language
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
        if !context.colourAllowed {
            buffer.put(context.t("settings.monochrome_forced"), in: rows[6].row(0), role: .warning)
        }
    }
}
