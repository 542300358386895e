import Foundation
import TerminalUI
import WardStore

/// A ward admin adds a member from the Staff screen: name, initials, role, the ward admin flag
/// and, if wanted, a first PIN typed twice (masked). The store refuses used initials, at the
/// field; the PIN is set in the same write, as the admin's reset (audited as one, never stored
/// as typed). Unlike "Add myself" (`StaffFormScreen`) nobody is signed in as the new member.
@MainActor
final class StaffMemberFormScreen: WardFormScreen {
    static let roles = StaffRole.allCases
    static let fieldFor = ["name": "name", "initials": "initials", "role": "role", "pin": "pin"]

    init(_ context: AppContext) {
        let format = WardFormat(context)
        super.init(titleKey: "staff.member.title", fields: [
            .text("name", label: context.t("staff.field.name"), maxLength: 80, required: true),
            .text("initials", label: context.t("staff.field.initials"), maxLength: 4, required: true),
            .choice("role", label: context.t("staff.field.role"), options: Self.options(Self.roles, format.role), selected: 0),
            .toggle("admin", label: context.t("staff.field.admin")),
            .secret("pin", label: context.t("staff.field.pin")),
            .secret("again", label: context.t("pin.field.again")),
        ], fieldFor: Self.fieldFor, context)
        subtitle = context.t("staff.member.subtitle")
    }

    override var savePermission: WardPermission? { .manageStaff }

    override func submit(_ context: AppContext) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        guard let by = context.staff?.id else { return .handled }
        let draft = StaffDraft(name: state.text("name")?.trimmingCharacters(in: .whitespaces) ?? "",
                               initials: state.text("initials")?.trimmingCharacters(in: .whitespaces).uppercased() ?? "",
                               role: Self.roles[state.choice("role") ?? 0],
                               isWardAdmin: state.isOn("admin"))
        let typed = state.text("pin") ?? "", again = state.text("again") ?? ""
        // Both empty: no PIN yet (the member sets one at first sign-in, or an admin resets it).
        let pin: String? = typed.isEmpty && again.isEmpty ? nil : typed
        if let pin, let issue = PinFormScreen.pinIssue(pin, again: again, context) {
            return refuse(issue.field, issue.message, focus: true)
        }
        let summary = context.t("staff.member.summary", draft.initials)
        let done = context.t(pin == nil ? "staff.member.added" : "staff.member.added_pin", draft.name, draft.initials)
        return .write(WardWrite(undoSummary: summary, closesAsker: true, needs: .manageStaff) { repository in
            let added = try await repository.addStaff(draft, by: by)
            if let pin { try await repository.setPin(staffId: added.record.id, newPin: pin, currentPin: nil, by: by) }
            return WriteReceipt(auditEntryIds: [added.auditEntryId], message: done)
        })
    }
}
