import TerminalUI
import WardStore

/// The shell's own actions. Key maps and palette items carry them as ids (`id`), which map
/// back one to one (`init(id:)`); everything else in the app uses the cases.
public enum ShellAction: Hashable, Sendable {
    case help, palette, settings, about, quit, back, nextTab, previousTab, acceptDisclaimer
    /// Quit or go back after the user confirmed losing unsaved input.
    case forceQuit, forceBack
    case tab(Tab)
    case setTheme(ThemeName)
    case setLanguage(String)
    /// Ask every screen shown to load its data again.
    case reloadAll
    case switchUser
    case pickPatient
    /// "Erase a patient's data…" (palette only): asks for the hospital number, then to confirm.
    case erasePatient
    /// "Export the ward…" / "Import an export…" (the palette; forms in Shell/Screens).
    case exportWard
    case importWard
    /// "Restore a backup…" (palette only): asks for the file, then to confirm.
    case restoreBackup
    /// "Back up the ward now" (palette only): the same checked copy as `cotside backup`.
    case backUpNow
    /// Locks the screen at once (`AppShell.lockKey`, or `:lock`): only the signed-in member's
    /// PIN unlocks it.
    case lock
    /// "Audit trail" (palette only): the ward's whole trail, filtered and paged.
    case auditTrail
    /// "Staff" (palette only): every member, their role, ward admin flag and PIN state.
    case staff
    /// "Handover" (the palette, `H` on the Dashboard): every cot's shift since the last shift change.
    case handover
    /// "Discharge summary" (palette only): the selected patient's, the stay so far while admitted.
    case dischargeSummary

    private static let plain: [String: ShellAction] = [
        "shell.help": .help, "shell.palette": .palette, "shell.settings": .settings, "shell.about": .about,
        "shell.quit": .quit, "shell.back": .back, "shell.tab.next": .nextTab, "shell.tab.previous": .previousTab,
        "shell.disclaimer.accept": .acceptDisclaimer, "shell.quit.force": .forceQuit, "shell.back.force": .forceBack,
        "shell.reload": .reloadAll, "shell.switch_user": .switchUser, "shell.pick_patient": .pickPatient,
        "shell.erase_patient": .erasePatient,
        "shell.export": .exportWard, "shell.import": .importWard, "shell.restore_backup": .restoreBackup,
        "shell.backup_now": .backUpNow, "shell.audit_trail": .auditTrail, "shell.staff": .staff,
        "shell.lock": .lock, "shell.handover": .handover,
        "shell.discharge_summary": .dischargeSummary,
    ]

    /// What the action needs beyond being signed in: for a member without it the palette greys
    /// it with the reason, and running it says why and records the refusal (`PermissionGate`).
    /// An import needs a ward admin only into a ward in use, which its write checks.
    public var needs: WardPermission? {
        switch self {
        case .erasePatient: return .eraseOrImport
        case .restoreBackup: return .restoreBackup
        default: return nil
        }
    }

    public var id: String {
        switch self {
        case .tab(let tab): return "shell.tab.\(tab.rawValue)"
        case .setTheme(let theme): return "shell.set.theme.\(theme.rawValue)"
        case .setLanguage(let code): return "shell.set.language.\(code)"
        default: return Self.plain.first { $0.value == self }!.key
        }
    }

    public init?(id: String) {
        if let action = Self.plain[id] {
            self = action
        } else if id.hasPrefix("shell.tab."), let n = Int(id.dropFirst("shell.tab.".count)), let tab = Tab(rawValue: n) {
            self = .tab(tab)
        } else if id.hasPrefix("shell.set.theme."), let theme = ThemeName(rawValue: String(id.dropFirst("shell.set.theme.".count))) {
            self = .setTheme(theme)
        } else if id.hasPrefix("shell.set.language.") {
            self = .setLanguage(String(id.dropFirst("shell.set.language.".count)))
        } else {
            return nil
        }
    }
}

extension AppShell {
    /// The keys that work everywhere (unless a blocking screen is in front).
    func globalKeyMap(atTopLevel: Bool) -> KeyMap {
        let c = context
        var bindings: [KeyBinding] = []
        if atTopLevel {
            for tab in Tab.allCases {
                bindings.append(KeyBinding([.char(Character(String(tab.rawValue + 1)))], action: ShellAction.tab(tab).id,
                                           label: "", help: c.t("key.tab_n", c.t(tab.titleKey)), group: c.t("group.tabs")))
            }
            bindings.append(KeyBinding([.tab], action: ShellAction.nextTab.id, label: "", help: c.t("key.next_tab"), group: c.t("group.tabs")))
            bindings.append(KeyBinding([.backTab], action: ShellAction.previousTab.id, label: "", help: c.t("key.prev_tab"), group: c.t("group.tabs")))
        } else {
            bindings.append(KeyBinding([.escape], action: ShellAction.back.id, label: c.t("key.back"), help: c.t("key.back"), group: c.t("group.general")))
        }
        bindings += [
            KeyBinding([.char("?")], action: ShellAction.help.id, label: c.t("key.help"), help: c.t("action.help"), group: c.t("group.general")),
            KeyBinding([.char(":")], action: ShellAction.palette.id, label: c.t("key.palette"), help: c.t("action.palette"), group: c.t("group.general")),
            KeyBinding([.char("s")], action: ShellAction.settings.id, label: atTopLevel ? c.t("key.settings") : "", help: c.t("action.settings"), group: c.t("group.general")),
            KeyBinding([.char("a")], action: ShellAction.about.id, label: "", help: c.t("action.about"), group: c.t("group.general")),
        ]
        if c.repository != nil {
            // Ward keys exist only with a ward database open.
            bindings.append(KeyBinding([.char("p")], action: ShellAction.pickPatient.id, label: atTopLevel ? c.t("key.patient") : "",
                                       help: c.t("action.pick_patient"), group: c.t("group.general")))
            // Taken before any screen sees it (`handleKey`), so it locks from inside a form too.
            bindings.append(KeyBinding([Self.lockKey], action: ShellAction.lock.id, label: "",
                                       help: c.t("action.lock"), group: c.t("group.general")))
        }
        bindings += [
            KeyBinding([.char("q")], action: ShellAction.quit.id, label: c.t("key.quit"), help: c.t("action.quit"), group: c.t("group.general")),
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
            PaletteItem(c.t("action.settings"), action: ShellAction.settings.id, detail: "s"),
            PaletteItem(c.t("action.about"), action: ShellAction.about.id, detail: "a"),
            PaletteItem(c.t("action.help"), action: ShellAction.help.id, detail: "?"),
            PaletteItem(c.t("action.quit"), action: ShellAction.quit.id, detail: "q"),
        ]
        if c.repository != nil {
            items.append(PaletteItem(c.t("action.switch_user"), action: ShellAction.switchUser.id, detail: ""))
            items.append(PaletteItem(c.t("action.lock"), action: ShellAction.lock.id, detail: Self.lockKey.name))
            items.append(PaletteItem(c.t("action.pick_patient"), action: ShellAction.pickPatient.id, detail: "p"))
            items.append(PaletteItem(c.t("action.erase_patient"), action: ShellAction.erasePatient.id, detail: ""))
            items.append(PaletteItem(c.t("action.export"), action: ShellAction.exportWard.id, detail: ""))
            items.append(PaletteItem(c.t("action.import"), action: ShellAction.importWard.id, detail: ""))
            items.append(PaletteItem(c.t("action.restore_backup"), action: ShellAction.restoreBackup.id, detail: ""))
            items.append(PaletteItem(c.t("action.backup_now"), action: ShellAction.backUpNow.id, detail: ""))
            items.append(PaletteItem(c.t("action.audit_trail"), action: ShellAction.auditTrail.id, detail: ""))
            items.append(PaletteItem(c.t("action.staff"), action: ShellAction.staff.id, detail: ""))
            items.append(PaletteItem(c.t("action.handover"), action: ShellAction.handover.id, detail: "H"))
            items.append(PaletteItem(c.t("action.discharge_summary"), action: ShellAction.dischargeSummary.id, detail: ""))
        }
        // The shell's admin-only items are listed for everyone, greyed with why for the rest.
        for index in items.indices {
            items[index].disabledReason = ShellAction(id: items[index].action).flatMap { c.refusal($0.needs) }
        }
        for tab in Tab.allCases {
            items.append(PaletteItem(c.t("action.goto_tab", c.t(tab.titleKey)), action: ShellAction.tab(tab).id,
                                     detail: String(tab.rawValue + 1)))
        }
        for screen in featureScreensForPalette(front: screen) {
            for binding in screen.keyMap(c).bindings where !binding.help.isEmpty {
                items.append(PaletteItem(binding.help, action: binding.action, detail: binding.keyNames,
                                         disabledReason: binding.disabledReason))
            }
        }
        return items
    }
}
