import Foundation
import TerminalUI
import WardStore

/// The second signature on a dose the ward's second-check list names: the doses checked, in
/// full (`CheckedDose`), above the second member's initials and, when the ward requires PINs, their PIN, checked off the main actor by the
/// store's `checkPin` (purpose `secondCheck`: a wrong PIN counts towards their lock-out, as at
/// sign-in). The checker must be an active member other than the one signed in, allowed to
/// record doses. Once proven, `record` gives the dose with them as `checkedBy`; this form closes
/// when the store has it, and the store's refusal (it checks the checker again, in the write's
/// transaction) shows at the initials.
@MainActor
final class SecondCheckScreen: WardFormScreen, CommandScreen {
    /// What the check found, brought back from the store.
    enum Loaded: Sendable {
        case checker(Staff)
        /// Words for the initials field (unknown, the recorder, not allowed) or the PIN field.
        case refused(field: String, message: String)
    }

    private let record: @MainActor (Staff, AppContext) -> Intent
    static let fieldFor = ["checkedBy": "initials"]

    /// - Parameters:
    ///   - doses: what is checked, shown in full (patient, drug, dose, route, time) above the initials.
    ///   - rule: the rule of the ward's list that asks for the check (shown, so the nurse sees why).
    init(doses: [CheckedDose], rule: SecondCheckRules.Rule, _ context: AppContext,
         record: @escaping @MainActor (Staff, AppContext) -> Intent) {
        self.record = record
        var fields: [FormField] = [.text("initials", label: context.t("check.initials"), maxLength: 8, required: true)]
        if context.wardSettings.requirePin { fields.append(.secret("pin", label: context.t("check.pin"))) }
        super.init(titleKey: "check.title", fields: fields, fieldFor: Self.fieldFor, context)
        subtitle = ([context.t("check.subtitle", rule.description)] + CheckedDose.lines(doses, context)).joined(separator: "\n")
    }

    override var hasUnsavedInput: Bool { false }

    override func submit(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        guard let recorder = context.staff else { return .handled }
        let initials = state.text("initials")?.trimmingCharacters(in: .whitespaces) ?? ""
        let pin = takePin()
        let words = CheckWords(context)
        return command("check") { repository in
            guard let member = try await repository.staff(initials: initials) else {
                return .refused(field: "initials", message: words.unknown(initials))
            }
            guard member.id != recorder.id else { return .refused(field: "initials", message: words.isRecorder) }
            let settings = try await repository.settings()
            guard WardPermission.recordDose.allows(member, settings: settings) else {
                return .refused(field: "initials", message: WardPermission.recordDose.refusal(for: member, settings: settings))
            }
            // Whether PINs are required is read from the store now: another workstation may just have changed it.
            guard settings.requirePin else { return .checker(member) }
            guard let pin, !pin.isEmpty else { return .refused(field: "pin", message: words.needsPin(member.initials)) }
            switch try await repository.checkPin(staffId: member.id, pin: pin, purpose: .secondCheck) {
            case .accepted: return .checker(member)
            case .wrong(let remaining): return .refused(field: "pin", message: words.wrong(member.initials, remaining))
            case .lockedOut(let until): return .refused(field: "pin", message: words.lockedOut(member.initials, until))
            case .noPinSet: return .refused(field: "pin", message: words.noPin(member.initials))
            }
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .checker(let member):
            return record(member, context)
        case .refused(let field, let message):
            if field == "pin", state["pin"] == nil {
                state.fields.append(.secret("pin", label: context.t("check.pin")))
            }
            return refuse(field, message, focus: true)
        }
    }

    /// An as-needed dose refused by its interval or 24 h rule asks for an override reason, keeping the checker.
    override func failed(_ error: Error, _ context: AppContext) -> Intent {
        if let refused = error as? DoseActions.OverrideNeeded { return .all([.pop, DoseActions.askOverride(refused, context)]) }
        return super.failed(error, context)
    }

    /// The typed PIN, cleared from the form as it is handed over (never kept on screen).
    private func takePin() -> String? {
        guard let index = state.fields.firstIndex(where: { $0.id == "pin" }) else { return nil }
        defer {
            state.fields[index].text = ""
            state.fields[index].cursor = 0
        }
        return state.fields[index].text
    }

    /// The refusals' words: the localizer and time text, read on the main actor before the check runs off it.
    struct CheckWords: Sendable {
        let words: Localizer
        let timeText: WardTimeText
        /// The clock when the check started: a lock-out ending after midnight names its day.
        let now: Date

        @MainActor
        init(_ context: AppContext) {
            words = context.localizer
            timeText = context.timeText
            now = context.clock.now
        }

        func unknown(_ initials: String) -> String { words("check.unknown", initials) }
        var isRecorder: String { words("check.is_recorder") }
        func needsPin(_ initials: String) -> String { words("check.needs_pin", initials) }
        func noPin(_ initials: String) -> String { words("check.no_pin", initials) }
        func wrong(_ initials: String, _ remaining: Int) -> String { words("check.wrong_pin", initials, remaining) }
        func lockedOut(_ initials: String, _ until: Date) -> String { words("check.locked_out", initials, timeText.clock(until, now: now)) }
    }
}
