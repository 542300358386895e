import Foundation
import TerminalUI
import WardStore

/// The lock: a signed-in member's screen hidden behind one that shows only the ward's name,
/// the clock, who is signed in and a PIN field. It comes after the ward's `idleLockMinutes`
/// without a key or a click, at once with `lockKey` or `:lock`, and at start for a member
/// remembered on a ward with PINs. Their PIN unlocks (open forms keep their input); anyone
/// else may sign in instead, which signs them out and closes their screens.
extension AppShell {
    /// Ctrl-X: Ctrl-L redraws in many terminals; Ctrl-S/Q are flow control, Ctrl-Z/C/\ signals,
    /// Ctrl-B and Ctrl-A the tmux and screen prefixes, Ctrl-A/E/U edit form fields, and Ctrl-K
    /// and Ctrl-W are the line-editing keys a form may take next. Ctrl-X is none of these and
    /// curses reads it as a plain byte (24) under raw and cbreak modes alike.
    static let lockKey = Key.ctrl("x")

    /// `lockKey` or `:lock`: locks now, when someone is signed in on a ward that can record it.
    func lockNow() {
        guard lockScreen == nil, context.repository != nil else { return }
        guard let member = context.staff, context.readOnlyReason == nil else {
            message = .warning(context.t("lock.nobody"))
            return
        }
        lock(member, atStart: false)
    }

    /// Puts the lock screen over everything. At start it is a sign-in (audited when the PIN is
    /// checked); otherwise the lock is audited now.
    func lock(_ member: Staff, atStart: Bool) {
        let screen = StaffPickerScreen(mode: .locked(member, atStart: atStart))
        lockScreen = screen
        if !atStart { apply(screen.recordLock(of: member), from: screen) }
        apply(screen.checkStatus(of: member), from: screen)
        apply(screen.reload(context), from: screen)
    }

    /// Each tick: lock once the ward's idle time has passed without a key or a click. Nothing
    /// to lock before anyone signs in, nor on a read-only ward (nobody signs in there).
    func lockIfIdle() {
        guard lockScreen == nil, let member = context.staff, context.repository != nil, context.readOnlyReason == nil else {
            return
        }
        if idle.isDue(at: idleClock(), minutes: context.wardSettings.idleLockMinutes) {
            lock(member, atStart: false)
        }
    }

    /// A member proved who they are. The same member: the lock goes and everything stays as it
    /// was. Someone else: the previous member's screens close (an open form's input is lost,
    /// and the message says so) and so does what `u` would undo; the disclaimer stays if unanswered.
    func signedIn(_ member: Staff, pinSet: Bool) {
        let previous = context.staff
        let wasLocked = lockScreen != nil
        lockScreen = nil
        idle.activity(at: idleClock())
        var words = pinSet ? [context.t("signin.pin_set")] : []
        if let previous, previous.id == member.id {
            applySession(.user(member))
            // A start-up picker under the lock (the first member, locked while choosing a PIN)
            // has its answer now.
            stack.removeAll { ($0 as? StaffPickerScreen)?.isStartup == true }
            // A warning that came while the screen was locked (an overdue dose) is still news.
            if wasLocked, let waiting = message, waiting.kind == .warning || waiting.kind == .error { return }
            words.append(wasLocked ? context.t("lock.unlocked", member.name) : context.t("staff.signed_in", member.name, member.initials))
            message = .success(words.joined(separator: ". "))
            return
        }
        let discarded = stack.filter(\.hasUnsavedInput).count
        stack.removeAll { !($0 is DisclaimerScreen) }
        applySession(.user(member))
        applySession(.undoable(nil))
        words.append(context.t("staff.signed_in", member.name, member.initials))
        if discarded > 0, let previous {
            words.append(context.t(discarded == 1 ? "signin.discarded_one" : "signin.discarded_many", previous.name, discarded))
        }
        let sentence = words.joined(separator: ". ")
        message = discarded > 0 ? .warning(sentence) : .success(sentence)
        reloadAll()
    }

    /// Ctrl-C on the lock screen quits only when that loses nothing: a passer-by must not
    /// throw away the signed-in member's unsaved form.
    func interruptWhileLocked() {
        if stack.contains(where: \.hasUnsavedInput) {
            pendingBells += 1
            lockScreen?.note = .issue(context.t("lock.quit_unsaved"))
        } else {
            perform(.forceQuit)
            if wantsQuit { quitByInterrupt = true }
        }
    }
}
