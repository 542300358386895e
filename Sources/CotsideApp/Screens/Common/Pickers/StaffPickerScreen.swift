import Foundation
import TerminalUI
import WardStore

/// "Who is at the keyboard?": shown at start (after the disclaimer) until someone signs in,
/// from the palette ("Switch user"), and as the lock screen. Typing filters by initials or
/// name, exact initials first; choosing a name asks for that member's PIN when the ward requires PINs (a member
/// without one chooses it, twice). Only a ward with no staff yet offers "Add myself" (`+`,
/// Insert or `a`); on a ward in use a ward admin adds people.
@MainActor
final class StaffPickerScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        /// Enter: sign in as the chosen row, or send the PIN typed.
        case choose = "staff.choose"
        case add = "staff.add"
        /// Esc: clears the typed filter, else goes back a step (quits at start).
        case cancel = "staff.cancel"
        /// Tab on the lock screen: someone else signs in instead (which signs the first out).
        case someoneElse = "staff.someone_else"
    }

    enum Loaded: Sendable {
        case staff([Staff])
        /// A sign-in step's store work for `member` came back.
        case signIn(Staff, SignInResult)
        /// The lock is in the audit trail.
        case lockRecorded
    }

    enum Mode: Equatable {
        /// Start-up: nothing else may happen until someone signs in (Esc quits).
        case startup
        /// From the palette: Esc goes back.
        case switchUser
        /// The lock screen, drawn over everything: `member`'s PIN unlocks, anyone else may sign
        /// in instead. `atStart`: a member remembered on this workstation, whose PIN signs in.
        case locked(Staff, atStart: Bool)
        /// A signed-in member without a PIN chooses one (a ward that has just turned PINs on).
        case ownPin(Staff)
    }

    enum Step: Equatable {
        /// The list of staff.
        case choose
        /// `member`'s PIN.
        case pin(Staff)
        /// `member` chooses a PIN: typed once (`first` nil), then again to confirm.
        case newPin(Staff, first: String?)
    }

    /// What the PIN field says under it.
    enum Note: Equatable {
        case checking
        case wrong(remaining: Int)
        case lockedOut(Staff, until: Date)
        case issue(String)
    }

    let mode: Mode
    private(set) var step: Step
    var entry = PinEntry()
    var note: Note?
    var staff: [Staff] = []
    private(set) var loaded = false
    private(set) var filter = ""
    var list = ListState()
    var visibleRows = 10

    init(mode: Mode) {
        self.mode = mode
        switch mode {
        case .startup, .switchUser: step = .choose
        case .locked(let member, _): step = .pin(member)
        case .ownPin(let member): step = .newPin(member, first: nil)
        }
    }

    /// Shorthand for the start-up picker and the palette's.
    convenience init(isStartup: Bool) { self.init(mode: isStartup ? .startup : .switchUser) }

    var isStartup: Bool { mode == .startup }
    /// The member the lock screen belongs to (nil when this is not the lock screen).
    var lockedMember: Staff? {
        if case .locked(let member, _) = mode { return member }
        return nil
    }

    /// Nothing past the start-up picker or the lock screen; a member choosing their first PIN
    /// finishes that first.
    var isBlocking: Bool {
        switch mode {
        case .startup, .locked: return true
        case .switchUser, .ownPin: return false
        }
    }
    var capturesText: Bool { true }

    func title(_ context: AppContext) -> String {
        lockedMember == nil ? context.t("staff.picker.title") : context.t("lock.title")
    }

    /// Active staff matching the filter, best first (`StaffSearch`): exact initials, then initials
    /// beginning with it, then names. Enter takes the first row, so typed initials sign in their owner.
    var matches: [Staff] { StaffSearch.ranked(staff, typed: filter) }

    /// Only the first member of an empty ward adds themselves; after that a ward admin adds staff.
    var canAddMyself: Bool { loaded && staff.isEmpty && lockedMember == nil && step == .choose }

    /// Staff rows, then the "Add myself" row (nil) on an empty ward.
    var rows: [Staff?] { matches.map(Optional.some) + (canAddMyself ? [nil] : []) }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        var bindings = [Binding([.enter], Action.choose, label: context.t(step == .choose ? "key.select" : "key.sign_in"),
                                help: context.t(step == .choose ? "staff.picker.choose" : "signin.send_pin"), group: g)]
        if canAddMyself {
            bindings.append(Binding([.insert, .char("+")], .add, label: context.t("key.add_me"), help: context.t("staff.picker.add"), group: g))
        }
        if let member = lockedMember, step != .choose {
            bindings.append(Binding([.tab], .someoneElse, label: context.t("key.someone_else"),
                                    help: context.t("lock.someone_else", member.name), group: g))
        }
        let quits = isStartup && step == .choose
        bindings.append(Binding([.escape], .cancel, label: quits ? context.t("key.quit") : context.t("key.back"),
                                help: quits ? context.t("action.quit") : context.t("key.back"), group: g))
        return bindings
    }

    func reload(_ context: AppContext) -> Intent {
        command("staff") { repository in .staff(try await repository.activeStaff()) }
    }

    func update(_ result: Loaded, _ context: AppContext) -> Intent {
        switch result {
        case .staff(let all):
            staff = all
            loaded = true
            if let current = context.staff, let index = matches.firstIndex(where: { $0.id == current.id }) {
                list.select(index, count: rows.count, visibleRows: visibleRows)
            }
            return .handled
        case .signIn(let member, let outcome):
            return signInStepDone(member, outcome, context)
        case .lockRecorded:
            return .handled
        }
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return isBlocking ? .handled : .ignored }
        if step == .choose { return handleListKey(key, context) }
        // A PIN is being checked: the keys wait (a second Enter would check it twice).
        if note == .checking { return .handled }
        if keyMap(context).action(for: key) != nil { return .ignored }
        if asksForPin(context), entry.handle(key) { return .handled }
        return isBlocking ? .handled : .ignored
    }

    private func handleListKey(_ key: Key, _ context: AppContext) -> Intent {
        switch key {
        case .up, .down, .pageUp, .pageDown, .home, .end:
            list.handle(key, count: rows.count, visibleRows: visibleRows)
            return .handled
        case .backspace:
            if !filter.isEmpty { filter.removeLast(); list = ListState() }
            return .handled
        case .char("a") where canAddMyself && filter.isEmpty:
            return perform(.add, context)
        case .char("+") where canAddMyself:
            return .ignored
        case .char(let c):
            filter.append(c)
            list = ListState()
            return .handled
        default:
            // Enter, Esc, Insert go to the key map; nothing else gets past the startup picker.
            if keyMap(context).action(for: key) != nil { return .ignored }
            return isBlocking ? .handled : .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .choose:
            switch step {
            case .choose:
                let all = rows
                guard all.indices.contains(list.selected) else { return .handled }
                guard let chosen = all[list.selected] else { return perform(.add, context) }
                return choose(chosen, context)
            case .pin(let member):
                return sendPin(for: member, context)
            case .newPin(let member, let first):
                return sendNewPin(for: member, first: first, context)
            }
        case .add:
            guard canAddMyself else { return .handled }
            return .push(StaffFormScreen(suggestedName: filter, context) { [self] context in memberAdded(context) })
        case .cancel:
            return back(context)
        case .someoneElse:
            guard lockedMember != nil else { return .handled }
            show(.choose)
            filter = ""
            list = ListState()
            return reload(context)
        }
    }

    /// Esc: the filter, else one step back; at the root, quit (start-up) or close.
    private func back(_ context: AppContext) -> Intent {
        switch (step, mode) {
        case (.choose, _) where !filter.isEmpty:
            filter = ""
            list = ListState()
            return .handled
        case (.choose, .startup):
            return .shell(.quit)
        case (.choose, .switchUser), (_, .ownPin):
            return .pop
        case (.choose, .locked(let member, _)):
            show(.pin(member))
            return .handled
        case (.pin(let member), .locked(let owner, _)) where member.id == owner.id:
            entry = PinEntry()
            note = nil
            return .handled
        case (.pin, _), (.newPin, _):
            show(.choose)
            return .handled
        }
    }

    /// Moves to `next` with an empty PIN field and nothing said under it.
    func show(_ next: Step) {
        step = next
        entry = PinEntry()
        note = nil
    }
}
