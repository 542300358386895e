import Foundation
import TerminalUI
import WardStore

/// Adds a staff member (usually yourself) and makes them the user at the keyboard.
@MainActor
final class StaffFormScreen: WardFormScreen {
    static let roles = StaffRole.allCases
    static let fieldFor = ["name": "name", "initials": "initials", "role": "role"]

    init(suggestedName: String, _ context: AppContext) {
        let format = WardFormat(context)
        super.init(titleKey: "staff.form.title", fields: [
            .text("name", label: context.t("staff.field.name"), maxLength: 80, required: true, value: suggestedName),
            .text("initials", label: context.t("staff.field.initials"), maxLength: 4, required: true),
            .choice("role", label: context.t("staff.field.role"), options: Self.options(Self.roles, format.role), selected: 0),
        ], fieldFor: Self.fieldFor, context)
    }

    override func submit(_ context: AppContext) -> Intent {
        let draft = StaffDraft(name: state.text("name")?.trimmingCharacters(in: .whitespaces) ?? "",
                               initials: state.text("initials")?.trimmingCharacters(in: .whitespaces).uppercased() ?? "",
                               role: Self.roles[state.choice("role") ?? 0])
        let by = context.staff?.id
        let signedIn = context.t("staff.signed_in", draft.name, draft.initials)
        // Made before anyone is signed in (adding yourself); the picker that opened this form
        // closes too, since someone is now at the keyboard.
        return .write(WardWrite(undoSummary: nil, closesAsker: true, needsUser: false, followUp: { _ in .pop }) { repository in
            let added = try await repository.addStaff(draft, by: by)
            return WriteReceipt(auditEntryIds: [added.auditEntryId], message: signedIn, session: [.user(added.record)])
        })
    }
}
