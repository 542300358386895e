import Foundation
import TerminalUI
import WardStore

/// Adds a staff member (usually yourself) and makes them the user at the keyboard.
@MainActor
final class StaffFormScreen: WardFormScreen {
    static let roles = StaffRole.allCases
    static let fieldFor = ["name": "name", "initials": "initials", "role": "role"]

    /// What follows the save, from the screen then in front (the picker that opened the form).
    let afterSave: @MainActor @Sendable (AppContext) -> Intent

    init(suggestedName: String, _ context: AppContext,
         afterSave: @escaping @MainActor @Sendable (AppContext) -> Intent = { _ in .pop }) {
        self.afterSave = afterSave
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
        // Made before anyone is signed in (adding yourself); then the picker that opened this form
        // finishes the sign-in (a first PIN on a ward that requires them) and closes.
        return .write(WardWrite(undoSummary: nil, closesAsker: true, needsUser: false, followUp: afterSave) { repository in
            let added = try await repository.addStaff(draft, by: by)
            return WriteReceipt(auditEntryIds: [added.auditEntryId], message: signedIn, session: [.user(added.record)])
        })
    }
}
