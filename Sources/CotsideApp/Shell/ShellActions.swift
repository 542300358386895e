import TerminalUI

/// Action ids the shell itself understands. Screens and the palette name them as strings,
/// so key maps stay plain data.
public enum ShellAction {
    public static let help = "shell.help"
    public static let palette = "shell.palette"
    public static let settings = "shell.settings"
    public static let about = "shell.about"
    public static let quit = "shell.quit"
    public static let back = "shell.back"
    public static let nextTab = "shell.tab.next"
    public static let previousTab = "shell.tab.previous"
    public static let acceptDisclaimer = "shell.disclaimer.accept"

    public static func tab(_ index: Int) -> String { "shell.tab.\(index)" }
    public static func setTheme(_ theme: ThemeName) -> String { "shell.set.theme.\(theme.rawValue)" }
    public static func setLanguage(_ code: String) -> String { "shell.set.language.\(code)" }

    static func tabIndex(_ action: String) -> Int? {
        guard action.hasPrefix("shell.tab."), let n = Int(action.dropFirst("shell.tab.".count)) else { return nil }
        return n
    }
}

extension AppShell {
    /// The keys that work everywhere (unless a blocking screen is in front).
    func globalKeyMap(atTopLevel: Bool) -> KeyMap {
        let c = context
        var bindings: [KeyBinding] = []
        if atTopLevel {
            for (index, key) in tabTitleKeys.enumerated() {
                bindings.append(KeyBinding([.char(Character(String(index + 1)))], action: ShellAction.tab(index),
                                           label: "", help: c.t("key.tab_n", c.t(key)), group: c.t("group.tabs")))
            }
            bindings.append(KeyBinding([.tab], action: ShellAction.nextTab, label: "", help: c.t("key.next_tab"), group: c.t("group.tabs")))
            bindings.append(KeyBinding([.backTab], action: ShellAction.previousTab, label: "", help: c.t("key.prev_tab"), group: c.t("group.tabs")))
        } else {
            bindings.append(KeyBinding([.escape], action: ShellAction.back, label: c.t("key.back"), help: c.t("key.back"), group: c.t("group.general")))
        }
        bindings += [
            KeyBinding([.char("?")], action: ShellAction.help, label: c.t("key.help"), help: c.t("action.help"), group: c.t("group.general")),
            KeyBinding([.char(":")], action: ShellAction.palette, label: c.t("key.palette"), help: c.t("action.palette"), group: c.t("group.general")),
            KeyBinding([.char("s")], action: ShellAction.settings, label: atTopLevel ? c.t("key.settings") : "", help: c.t("action.settings"), group: c.t("group.general")),
            KeyBinding([.char("a")], action: ShellAction.about, label: "", help: c.t("action.about"), group: c.t("group.general")),
        ]
        if c.repository != nil {
            // Ward keys exist only with a ward database open.
            bindings.append(KeyBinding([.char("p")], action: WardShellAction.pickPatient, label: atTopLevel ? c.t("key.patient") : "",
                                       help: c.t("action.pick_patient"), group: c.t("group.general")))
        }
        bindings += [
            KeyBinding([.char("q")], action: ShellAction.quit, label: c.t("key.quit"), help: c.t("action.quit"), group: c.t("group.general")),
        ]
        return KeyMap(bindings)
    }

    /// The global keys that really reach the shell past `screen`: none past a blocking screen,
    /// no printable ones while it takes text, and none it binds itself.
    func effectiveGlobalKeyMap(past screen: any Screen) -> KeyMap {
        guard !screen.isBlocking else { return KeyMap([]) }
        let own = Set(screen.keyMap(context).bindings.flatMap(\.keys))
        let bindings = globalKeyMap(atTopLevel: atTopLevel).bindings.compactMap { binding -> KeyBinding? in
            var b = binding
            b.keys = binding.keys.filter { !own.contains($0) && !(screen.capturesText && $0.isPrintable) }
            return b.keys.isEmpty ? nil : b
        }
        return KeyMap(bindings)
    }

    /// Every action the palette offers: the shell's, then the screen in front's.
    func paletteItems(for screen: (any Screen)?) -> [PaletteItem] {
        let c = context
        var items: [PaletteItem] = [
            PaletteItem(c.t("action.settings"), action: ShellAction.settings, detail: "s"),
            PaletteItem(c.t("action.about"), action: ShellAction.about, detail: "a"),
            PaletteItem(c.t("action.help"), action: ShellAction.help, detail: "?"),
            PaletteItem(c.t("action.quit"), action: ShellAction.quit, detail: "q"),
        ]
        if c.repository != nil {
            items.append(PaletteItem(c.t("action.switch_user"), action: WardShellAction.switchUser, detail: ""))
            items.append(PaletteItem(c.t("action.pick_patient"), action: WardShellAction.pickPatient, detail: "p"))
        }
        for (index, key) in tabTitleKeys.enumerated() {
            items.append(PaletteItem(c.t("action.goto_tab", c.t(key)), action: ShellAction.tab(index), detail: String(index + 1)))
        }
        for screen in featureScreensForPalette(front: screen) {
            for binding in screen.keyMap(c).bindings where !binding.help.isEmpty {
                items.append(PaletteItem(binding.help, action: binding.action, detail: binding.keyNames))
            }
        }
        return items
    }
}
