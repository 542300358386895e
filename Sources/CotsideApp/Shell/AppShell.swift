import Foundation
import TerminalUI

/// The running application: tabs, the screen stack above them, the message line, and the
/// routing of every event. Owns no I/O except through `effects`; the runner (curses or headless)
/// feeds it events and flushes what `render` draws.
@MainActor
public final class AppShell {
    public static let minimumWidth = 80
    public static let minimumHeight = 24

    public let context: AppContext
    /// One screen per `Tab`, in tab order.
    private(set) var tabs: [any Screen]
    /// The one mailbox: input, command results, store changes and ticks all arrive here.
    public let messages = MessageQueue()
    /// Commands started and not yet back, by ticket.
    var inFlight: [CommandTicket: InFlight] = [:]
    var nextTicket = 0
    /// The newest ticket per asker and tag: an older result is stale.
    var latestTicket: [AskerTag: CommandTicket] = [:]
    /// Forwards the store's change notifications into `messages` (`startObservingStore`).
    var storeObservation: Task<Void, Never>?
    public internal(set) var activeTab = 0
    /// Screens opened over the active tab; the last is in front.
    public internal(set) var stack: [any Screen] = []
    public internal(set) var message: Message?
    public private(set) var wantsQuit = false
    /// The user quit with Ctrl-C at once (nothing unsaved): the process then ends as
    /// interrupted (status 130), as a shell expects of Ctrl-C.
    public internal(set) var quitByInterrupt = false
    /// The "Quit Cotside?" question while it is open, so another Ctrl-C does not ask again.
    weak var quitQuestion: ConfirmScreen?
    /// Set when the theme or glyphs changed; the runner tells the backend and clears it.
    public var needsFullRedraw = false
    /// Side effects the shell cannot do itself (saving preferences); injected so tests stay pure.
    let effects: ShellEffects
    /// Watches the ward's dose slots on every tab: status-line counts and the overdue bell.
    let doseReminder = DoseReminder()
    /// Re-reads the ward settings when another process changes the ward.
    let wardSettingsWatch = WardSettingsWatch()
    let automaticBackup = AutomaticBackup()
    /// Bells asked for since the runner last rang (the runner calls `backend.bell()` and clears it).
    public var pendingBells = 0
    /// The lock screen while the screen is locked (the staff picker in its locked mode): drawn
    /// alone over the whole terminal, and the only screen input reaches (`AppShell+Lock`).
    var lockScreen: StaffPickerScreen?
    /// Time since the last key or click, for the ward's idle lock.
    var idle = IdleTimer()
    /// The idle lock's clock: the wall clock (a fixed `--now` must not stop the lock); tests
    /// inject their own.
    var idleClock: @MainActor () -> Date = { Date() }

    /// - Parameter tabs: one screen per `Tab`, in tab order.
    public init(context: AppContext, tabs: [any Screen], effects: ShellEffects) {
        precondition(tabs.count == Tab.allCases.count, "one screen per tab")
        self.context = context
        self.tabs = tabs
        self.effects = effects
        if !context.preferences.disclaimerAccepted {
            stack.append(DisclaimerScreen())
        }
    }

    /// The screen in front: the lock screen, else the top of the stack, or the active tab.
    public var front: any Screen { lockScreen ?? unlockedFront }
    /// What is in front under the lock (the top of the stack, or the active tab).
    var unlockedFront: any Screen { stack.last ?? tabs[activeTab] }
    /// The screens a reload reaches: the active tab, then the stack (hidden tabs load when shown).
    var shownScreens: [any Screen] { [tabs[activeTab]] + stack }
    var atTopLevel: Bool { stack.isEmpty }

    // MARK: - Events

    public func handle(_ event: TerminalEvent) {
        switch event {
        case .resize:
            needsFullRedraw = true
            return
        case .tick:
            lockIfIdle()
            // Ticks may start work (a Dashboard refreshing its clock-based figures).
            let screen = front
            apply(screen.handle(.tick, context), from: screen)
            apply(doseReminder.tick(context), from: screen, asker: doseReminder)
            apply(automaticBackup.tick(context), from: screen, asker: automaticBackup)
            return
        case .mouse(let mouse):
            idle.activity(at: idleClock())
            // The lock screen is answered with the keyboard; nothing under it may be clicked.
            if lockScreen == nil { handleMouse(mouse) }
            return
        case .key(let key):
            idle.activity(at: idleClock())
            handleKey(key)
        }
    }

    private func handleKey(_ key: Key) {
        // Before any screen, so a form taking text cannot swallow it.
        if key == .ctrl("c") {
            interrupt()
            return
        }
        if key == Self.lockKey, lockScreen == nil {
            perform(.lock)
            return
        }
        let screen = front
        var intent = screen.handle(.key(key), context)
        if case .ignored = intent, let action = screen.keyMap(context).action(for: key) {
            intent = screen.perform(action, context)
        }
        if case .ignored = intent, let id = effectiveGlobalKeyMap(past: screen).action(for: key),
           let action = ShellAction(id: id) {
            intent = .shell(action)
        }
        if case .ignored = intent { return }
        apply(intent, from: screen)
    }

    private func handleMouse(_ mouse: MouseEvent) {
        let layout = frameLayout(width: lastSize.width, height: lastSize.height)
        if case .click = mouse.kind, mouse.y == layout.tabBar.y, atTopLevel || !(front.isBlocking) {
            if let index = tabBar.tab(atX: mouse.x, in: layout.tabBar), let tab = Tab(rawValue: index), !front.isBlocking {
                stack.removeAll { !$0.isBlocking }
                if stack.isEmpty { switchTab(to: tab) }
            }
            return
        }
        // Mouse positions are given to the screen in its own area's coordinates.
        let area = screenArea(for: front, in: layout.content)
        guard area.contains(x: mouse.x, y: mouse.y) || mouse.kind != .click(button: 1) else { return }
        let local = MouseEvent(x: mouse.x - area.x, y: mouse.y - area.y, kind: mouse.kind)
        apply(front.handle(.mouse(local), context), from: front)
    }

    /// Applies what `screen` asked for. Store work is run for `asker` (the screen itself unless
    /// said otherwise: the dose reminder asks from whichever screen is in front).
    func apply(_ intent: Intent, from screen: any Screen, asker: (any CommandAsker)? = nil) {
        switch intent {
        case .ignored, .handled:
            break
        case .push(let next):
            message = nil
            stack.append(next)
            apply(next.reload(context), from: next)
        case .pop:
            pop(screen)
        case .replace(let next):
            pop(screen)
            stack.append(next)
            apply(next.reload(context), from: next)
        case .runAction(let action):
            perform(action)
        case .shell(let action):
            perform(action)
        case .command(let command):
            run(command, for: asker ?? screen, from: screen)
        case .write(let write):
            run(write, for: asker ?? screen, from: screen)
        case .followUp(let next):
            // Runs as the screen in front by then: a confirmation has popped itself, so a write
            // that closes its asker closes the form that asked the question. A write finishing
            // while the screen is locked follows up under the lock, not on the lock screen.
            let asker = screen === lockScreen ? front : unlockedFront
            apply(next(context), from: asker)
        case .message(let m):
            message = m
        case .all(let intents):
            for i in intents { apply(i, from: screen, asker: asker) }
        case .session(let change):
            applySession(change)
        case .bell:
            pendingBells += 1
        }
    }

    func pop(_ screen: any Screen) {
        if let index = stack.lastIndex(where: { $0 === screen }) {
            stack.remove(at: index)
        }
    }

    /// Runs an action chosen by id (the palette): the shell's own, else a feature action of
    /// the screen in front, then of the active tab.
    public func perform(_ id: String) {
        if let action = ShellAction(id: id) {
            perform(action)
            return
        }
        for screen in [front, tabs[activeTab]] {
            let intent = screen.perform(id, context)
            if case .ignored = intent { continue }
            apply(intent, from: screen)
            return
        }
        message = .warning(context.t("message.action_unavailable", id))
    }

    /// Runs one of the shell's own actions (an admin-only one only for a member who may).
    public func perform(_ action: ShellAction) {
        if let needs = action.needs, context.refusal(needs) != nil, !front.isBlocking {
            return apply(PermissionGate.refuse(needs, context), from: front)
        }
        switch action {
        case .tab(let tab):
            if !front.isBlocking { stack.removeAll(); switchTab(to: tab) }
        case .setTheme(let theme):
            update { $0.theme = theme.rawValue }
        case .setLanguage(let code):
            update { $0.language = code }
        case .help:
            stack.append(HelpScreen(target: front, global: effectiveGlobalKeyMap(past: front)))
        case .palette:
            stack.append(PaletteScreen(items: paletteItems(for: front)))
        case .settings:
            if !(front is SettingsScreen) { stack.append(SettingsScreen()) }
        case .about:
            if !(front is AboutScreen) { stack.append(AboutScreen()) }
        case .back:
            if let top = stack.last, !top.isBlocking {
                if top.hasUnsavedInput {
                    stack.append(ConfirmScreen(title: context.t("discard.title"), body: context.t("discard.body"),
                                               onConfirm: [.pop, .shell(.forceBack)]))
                } else {
                    stack.removeLast()
                }
            }
        case .forceBack:
            if let top = stack.last, !top.isBlocking { stack.removeLast() }
        case .quit:
            if stack.contains(where: \.hasUnsavedInput) || tabs.contains(where: \.hasUnsavedInput) {
                let question = ConfirmScreen(title: context.t("quit.confirm.title"), body: context.t("quit.confirm.unsaved"),
                                             onConfirm: [.shell(.forceQuit)])
                quitQuestion = question
                stack.append(question)
            } else {
                wantsQuit = true
            }
        case .forceQuit:
            wantsQuit = true
        case .acceptDisclaimer:
            let now = context.clock.now
            update { prefs in
                prefs.disclaimerAcceptedVersion = Preferences.currentDisclaimerVersion
                prefs.disclaimerAcceptedAt = now
            }
        case .nextTab:
            if atTopLevel { switchTab(to: Tab(rawValue: (activeTab + 1) % tabs.count)!) }
        case .previousTab:
            if atTopLevel { switchTab(to: Tab(rawValue: (activeTab + tabs.count - 1) % tabs.count)!) }
        case .reloadAll:
            reloadAll()
        case .switchUser:
            switchUser()
        case .pickPatient:
            pickPatient()
        case .erasePatient:
            openWardDataForm(checkingUser: true) { ErasePatientScreen(backups: context.paths.backups, context) }
        case .exportWard:
            openWardDataForm(checkingUser: false) { ExportFormScreen(context) }
        case .importWard:
            openWardDataForm(checkingUser: false) { ImportFormScreen(context) }
        case .restoreBackup:
            openWardDataForm(checkingUser: true) { RestoreBackupScreen(context) }
        case .backUpNow:
            apply(automaticBackup.backUpNow(context), from: front)
        case .lock:
            lockNow()
        case .auditTrail:
            openAuditTrail()
        case .staff:
            guard context.repository != nil, !front.isBlocking, !(front is StaffScreen) else { return }
            apply(.push(StaffScreen()), from: front)
        case .handover:
            openHandover()
        case .dischargeSummary:
            openDischargeSummary()
        }
    }

    /// Ctrl-C (the key, or SIGINT turned into it): exactly `q`'s path, which asks first while a
    /// form holds unsaved input and quits at once otherwise, past any screen, blocking or not.
    func interrupt() {
        if lockScreen != nil { return interruptWhileLocked() }
        if let question = quitQuestion, stack.contains(where: { $0 === question }) {
            pendingBells += 1  // already asking
            return
        }
        perform(.quit)
        if wantsQuit { quitByInterrupt = true }
    }

    private func switchTab(to tab: Tab) {
        activeTab = tab.rawValue
        message = nil
        apply(tabs[activeTab].reload(context), from: tabs[activeTab])
    }

    /// Screens whose actions the palette lists: the front screen, and the active tab below it.
    func featureScreensForPalette(front screen: (any Screen)?) -> [any Screen] {
        var screens: [any Screen] = []
        if let screen, !(screen is PaletteScreen) { screens.append(screen) }
        if !screens.contains(where: { $0 === tabs[activeTab] }) { screens.append(tabs[activeTab]) }
        return screens
    }

    // MARK: - Preferences and language

    /// Applies changed preferences at once (theme, language) and saves them.
    public func update(_ change: (inout Preferences) -> Void) {
        var prefs = context.preferences
        change(&prefs)
        guard prefs != context.preferences else { return }
        var notice: Message?
        if prefs.language != context.preferences.language {
            do {
                (context.localizer, notice) = try LanguageChoice.localizer(
                    preference: prefs.language, systemLanguage: context.systemLanguage,
                    asciiOnly: context.asciiOnly, in: context.catalogueDirectory)
            } catch {
                message = .error(String(describing: error))
                return
            }
        }
        context.preferences = prefs
        needsFullRedraw = true
        if let failure = effects.savePreferences(prefs) {
            message = .error(context.t("message.prefs_save_failed", failure))
        } else if let notice {
            message = notice
        }
    }

    public func show(_ message: Message?) { self.message = message }

    // MARK: - Rendering

    private(set) var lastSize = (width: 0, height: 0)

    struct FrameLayout {
        var tabBar: Rect
        var content: Rect
        var message: Rect
        var status: Rect
        var functionBar: Rect
    }

    func frameLayout(width: Int, height: Int) -> FrameLayout {
        let rows = Layout.vertical([.length(1), .fill, .length(1), .length(1), .length(1)]).split(Rect(width: width, height: height))
        return FrameLayout(tabBar: rows[0], content: rows[1], message: rows[2], status: rows[3], functionBar: rows[4])
    }

    var tabBar: TabBar {
        TabBar(titles: Tab.allCases.map { context.t($0.titleKey) }, selected: activeTab)
    }

    /// Where a screen draws (every screen gets the content area; floating ones draw a frame in it).
    func screenArea(for screen: any Screen, in content: Rect) -> Rect { content }

    /// Draws one whole frame; ASCII only (transliterated as it is drawn) when the terminal's
    /// locale is not UTF-8, which the ASCII glyph set stands for.
    public func render(width: Int, height: Int) -> Buffer {
        ASCIIScreen.drawing(asciiOnly: context.glyphs == .ascii) { drawFrame(width: width, height: height) }
    }

    private func drawFrame(width: Int, height: Int) -> Buffer {
        lastSize = (width, height)
        var buffer = Buffer(width: width, height: height)
        let tooSmall = TooSmallView(minimumWidth: Self.minimumWidth, minimumHeight: Self.minimumHeight, strings: context.uiStrings)
        if tooSmall.applies(width: width, height: height) {
            tooSmall.render(in: buffer.area, into: &buffer)
            return buffer
        }
        if let lockScreen {
            // Alone on the whole terminal: no tab, message, status or function bar under it.
            lockScreen.render(in: buffer.area, into: &buffer, context)
            return buffer
        }
        let layout = frameLayout(width: width, height: height)
        tabBar.render(in: layout.tabBar, into: &buffer)

        // The lowest screen that fills the content area, then everything above it.
        let layers: [any Screen] = [tabs[activeTab]] + stack
        let base = layers.lastIndex { $0.presentation == .content } ?? 0
        for screen in layers[base...] {
            screen.render(in: screenArea(for: screen, in: layout.content), into: &buffer, context)
        }

        MessageLine(message, glyphs: context.glyphs).render(in: layout.message, into: &buffer)
        statusLine.render(in: layout.status, into: &buffer)
        FunctionBar(keyMap: front.keyMap(context).merged(with: effectiveGlobalKeyMap(past: front))).render(in: layout.functionBar, into: &buffer)
        return buffer
    }

    private var statusLine: StatusLine {
        let user = (context.staff.map { "\($0.name) (\($0.initials))" } ?? context.userName).map { context.t("status.user", $0) } ?? context.t("status.no_user")
        let clock = context.timeText.dayAndTime(context.clock.now)
        // Shown while anything is due, so a quiet ward keeps a quiet status line.
        let doses = context.doseCounts.flatMap { $0.due + $0.overdue > 0 ? context.t("status.doses", $0.due, $0.overdue) : nil }
        let readOnly = context.serverOutage.map { context.t("status.server_lost", context.timeText.time($0)) }
            ?? (context.readOnlyReason == nil ? nil : context.t("status.read_only"))
        // Until a backup succeeds again.
        let backup = context.backupRecord?.standingFailure == nil ? nil : context.t("status.backup_failed")
        // Short of room the ward name goes first, then the day; read-only, the doses and the user stay.
        return StatusLine(left: " " + ([context.wardName] + [readOnly, backup, doses].compactMap { $0 }).joined(separator: " · "),
                          center: user, right: "\(clock) ",
                          leftShort: " " + [readOnly, backup, doses].compactMap { $0 }.joined(separator: " · "),
                          rightShort: context.timeText.time(context.clock.now) + " ")
    }
}

/// Side effects the shell asks for; the real app writes files, tests record calls.
public struct ShellEffects: Sendable {
    /// Saves preferences; returns a message when it failed.
    public var savePreferences: @Sendable (Preferences) -> String?

    public init(savePreferences: @escaping @Sendable (Preferences) -> String?) {
        self.savePreferences = savePreferences
    }

    public static let none = ShellEffects(savePreferences: { _ in nil })
}
