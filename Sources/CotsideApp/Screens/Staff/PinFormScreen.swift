import Foundation
import TerminalUI
import WardStore

/// Sets a PIN from the Staff screen: your own (the current one first when you have one, then
/// the new one twice) or, for a ward admin, another member's reset (the new one twice; the old
/// one is never asked for nor read back). Fields are masked. The PIN's rules (`PinRules`) and
/// the two copies are checked here, at their fields; the store checks again and derives the key
/// off the main actor.
@MainActor
final class PinFormScreen: WardFormScreen {
    enum Mode {
        /// The member at the keyboard; `hasPin`: whether the current PIN is asked for.
        case own(Staff, hasPin: Bool)
        /// A ward admin's reset of another member's PIN.
        case reset(Staff)
    }

    let mode: Mode
    static let fieldFor = ["pin": "pin", "currentPin": "current"]

    init(_ mode: Mode, _ context: AppContext) {
        self.mode = mode
        var fields: [FormField] = []
        let member: Staff
        switch mode {
        case .own(let staff, let hasPin):
            member = staff
            if hasPin { fields.append(.secret("current", label: context.t("pin.field.current"))) }
        case .reset(let staff):
            member = staff
        }
        fields += [.secret("pin", label: context.t("pin.field.new")), .secret("again", label: context.t("pin.field.again"))]
        super.init(titleKey: Self.isReset(mode) ? "pin.form.title.reset" : "pin.form.title.own", fields: fields,
                   fieldFor: Self.fieldFor, context)
        subtitle = context.t(Self.isReset(mode) ? "pin.form.subtitle.reset" : "pin.form.subtitle.own", member.name, member.initials)
    }

    private static func isReset(_ mode: Mode) -> Bool {
        if case .reset = mode { return true }
        return false
    }

    override var savePermission: WardPermission? { Self.isReset(mode) ? .manageStaff : nil }

    /// The new PIN twice, checked as `PinRules` and the store will: nil when it may be saved,
    /// else the refusal at the field concerned. Shared with the add-a-member form.
    static func pinIssue(_ pin: String, again: String, _ context: AppContext) -> (field: String, message: String)? {
        if let issue = PinRules.issues(pin, field: "pin").first { return ("pin", issue.message) }
        guard pin == again else { return ("again", context.t("pin.form.mismatch")) }
        return nil
    }

    override func submit(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        guard let by = context.staff?.id else { return .handled }
        let pin = state.text("pin") ?? ""
        if let issue = Self.pinIssue(pin, again: state.text("again") ?? "", context) {
            return refuse(issue.field, issue.message, focus: true)
        }
        let current: String?
        let member: Staff
        let done: String
        switch mode {
        case .own(let staff, let hasPin):
            member = staff
            current = hasPin ? state.text("current") ?? "" : nil
            if current?.isEmpty == true { return refuse("current", context.t("pin.form.current_needed"), focus: true) }
            done = context.t("pin.form.changed")
        case .reset(let staff):
            member = staff
            current = nil
            done = context.t("pin.form.reset_done", staff.name, staff.initials)
        }
        let staffId = member.id
        return .write(WardWrite(undoSummary: nil, closesAsker: true, needs: savePermission) { repository in
            let auditId = try await repository.setPin(staffId: staffId, newPin: pin, currentPin: current, by: by)
            return WriteReceipt(auditEntryIds: [auditId], message: done)
        })
    }
}
