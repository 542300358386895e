import Foundation
import TerminalUI
import WardStore

/// The steps of signing in: a name chosen, its PIN checked (or a first PIN chosen twice), and
/// what the store found. Each store call is a command (`SignInWork`): never on the main actor.
extension StaffPickerScreen {
    /// True when this ward asks for PINs now (a setting another workstation may change).
    func asksForPin(_ context: AppContext) -> Bool {
        if case .ownPin = mode { return true }
        return context.wardSettings.requirePin
    }

    /// What a successful check of `member` is in the audit trail: the lock screen's own member
    /// unlocks (or, at start, signs in); anyone else signs in. Nil: the member is signed in already.
    private func auditAction(for member: Staff) -> AuditAction? {
        switch mode {
        case .locked(let owner, let atStart) where owner.id == member.id: return atStart ? .signIn : .unlock
        case .ownPin: return nil
        case .startup, .switchUser, .locked: return .signIn
        }
    }

    /// A name was chosen (or the lock screen's Enter on a ward without PINs): the store says
    /// whether the ward requires PINs now; its PIN step follows, or the member is signed in.
    func choose(_ member: Staff, _ context: AppContext) -> Intent {
        show(.pin(member))
        note = .checking
        return signInCommand(member, SignInWork.begin(member, action: auditAction(for: member) ?? .signIn,
                                                      previous: context.staff))
    }

    func sendPin(for member: Staff, _ context: AppContext) -> Intent {
        guard asksForPin(context) else { return choose(member, context) }
        let pin = entry.take()
        guard !pin.isEmpty else {
            note = .issue(context.t("signin.type_pin"))
            return .handled
        }
        note = .checking
        let purpose: PinPurpose = auditAction(for: member) == .unlock ? .unlock : .signIn
        return signInCommand(member, SignInWork.check(member, pin: pin, purpose: purpose, previous: context.staff))
    }

    /// A first PIN: checked against `PinRules` when typed, then typed again; only a matching
    /// second entry is sent to the store.
    func sendNewPin(for member: Staff, first: String?, _ context: AppContext) -> Intent {
        let pin = entry.take()
        guard let first else {
            if let issue = PinRules.issues(pin).first {
                note = .issue(issue.message)
                return .handled
            }
            show(.newPin(member, first: pin))
            return .handled
        }
        guard pin == first else {
            show(.newPin(member, first: nil))
            note = .issue(context.t("signin.pins_differ"))
            return .handled
        }
        note = .checking
        return signInCommand(member, SignInWork.setFirstPin(member, pin: pin, action: auditAction(for: member),
                                                            previous: context.staff))
    }

    private func signInCommand(_ member: Staff, _ work: @escaping SignInWork.Work) -> Intent {
        command("check") { repository in .signIn(member, try await work(repository)) }
    }

    /// "Add myself" saved the ward's first member, now signed in: on a ward with PINs they
    /// choose theirs before anything else; otherwise the sign-in is audited and the picker closes.
    func memberAdded(_ context: AppContext) -> Intent {
        guard let member = context.staff else { return .pop }
        staff = [member]
        return choose(member, context)
    }

    /// The lock screen's member's PIN status, so one without a PIN is asked to choose it at once.
    func checkStatus(of member: Staff) -> Intent {
        signInCommand(member, SignInWork.status(of: member))
    }

    /// The lock goes into the audit trail (the lock screen's first command).
    func recordLock(of member: Staff) -> Intent {
        command("lock") { repository in
            try await repository.recordSession(.lock, staffId: member.id)
            return .lockRecorded
        }
    }

    func signInStepDone(_ member: Staff, _ outcome: SignInResult, _ context: AppContext) -> Intent {
        note = nil
        switch outcome {
        case .pinAsked(let status, let settings):
            if !status.hasPin && settings.requirePin {
                show(.newPin(member, first: nil))
            } else if let until = status.lockedUntil {
                note = .lockedOut(member, until: until)
            }
            return .session(.wardSettings(settings))
        case .wrong(let remaining):
            note = .wrong(remaining: remaining)
            return .handled
        case .lockedOut(let until):
            note = .lockedOut(member, until: until)
            return .handled
        case .needsPin:
            show(.newPin(member, first: nil))
            return .handled
        case .signedIn(let member, let asksPinQuestion, let hasPin, let pinSet):
            if case .ownPin = mode {
                return .all([.pop, .message(.success(context.t("signin.pin_set_own")))])
            }
            var intents: [Intent] = [.pop, .session(.signedIn(member, pinSet: pinSet))]
            if asksPinQuestion { intents.append(.push(PinQuestionScreen(member: member, hasPin: hasPin))) }
            return .all(intents)
        }
    }

    /// The store's words go under the PIN field, where the member is looking.
    func failed(_ error: Error, _ context: AppContext) -> Intent {
        note = .issue(WardTask.describe(error))
        return .handled
    }
}
