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
            KeyBinding([.char(":")], action: ShellAction.palette, label: c.t("key.palette"), help: c.t("palette.title"), group: c.t("group.general")),
            KeyBinding([.char("s")], action: ShellAction.settings, label: atTopLevel ? c.t("key.settings") : "", help: c.t("action.settings"), group: c.t("group.general")),
            KeyBinding([.char("a")], action: ShellAction.about, label: "", help: c.t("action.about"), group: c.t("group.general")),
            KeyBinding([.char("q")], action: ShellAction.quit, label: c.t("key.quit"), help: c.t("action.quit"), group: c.t("group.general")),
        ]
        return KeyMap(bindings)
    }

    /// Every action the palette offers: the shell's, then the screen in front's.
    func paletteItems(for screen: (any Screen)?) -> [PaletteItem] {
        let c = context
        var items: [PaletteItem] = [
            PaletteItem(title: c.t("action.settings"), action: ShellAction.settings, keyHint: "s"),
            PaletteItem(title: c.t("action.about"), action: ShellAction.about, keyHint: "a"),
            PaletteItem(title: c.t("action.help"), action: ShellAction.help, keyHint: "?"),
            PaletteItem(title: c.t("action.quit"), action: ShellAction.quit, keyHint: "q"),
        ]
        for (index, key) in tabTitleKeys.enumerated() {
            items.append(PaletteItem(title: c.t("action.goto_tab", c.t(key)), action: ShellAction.tab(index), keyHint: String(index + 1)))
        }
        for screen in featureScreensForPalette(front: screen) {
            for binding in screen.keyMap(c).bindings where !binding.help.isEmpty {
                items.append(PaletteItem(title: binding.help, action: binding.action, keyHint: binding.keyNames))
            }
        }
        return items
    }
}
