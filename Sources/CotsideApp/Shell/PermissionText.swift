import Foundation
import WardStore

/// The permission table's refusals in the user's language: "only a doctor or a pharmacist may
/// add, change, pause and stop medications; NN is a nurse". The store words the same in
/// English for the command line and the audit note (`WardPermission.refusal`).
@MainActor
struct PermissionText {
    let context: AppContext

    init(_ context: AppContext) { self.context = context }

    /// What the permission covers: "change ward settings".
    func summary(_ permission: WardPermission) -> String { context.t("permission.summary.\(permission.rawValue)") }

    /// Who may: "a ward admin", "anyone signed in", "a doctor or a pharmacist".
    func whoMay(_ permission: WardPermission, _ settings: WardSettings) -> String {
        guard let roles = permission.roles(settings) else { return context.t("permission.who.admin") }
        if roles.count == StaffRole.allCases.count { return context.t("permission.who.anyone") }
        let names = StaffRole.allCases.filter(roles.contains).map(role)
        guard names.count > 1, let last = names.last else { return names.joined() }
        return context.t("ward.settings.allowed.or", names.dropLast().joined(separator: ", "), last)
    }

    /// "a nurse", "other staff": a role as a refusal names it.
    func role(_ role: StaffRole) -> String { context.t("permission.who.role.\(role.rawValue)") }

    /// Why `member` may not: "only a ward admin may change ward settings; AO is a nurse".
    func refusal(_ permission: WardPermission, for member: Staff, _ settings: WardSettings) -> String {
        context.t(member.isWardAdmin ? "permission.refusal.admin" : "permission.refusal", whoMay(permission, settings),
                  summary(permission), member.initials, role(member.role))
    }
}
