import Foundation
import TerminalUI
import WardStore

extension AppContext {
    /// Why the member at the keyboard may not do `permission` now, in the table's words ("only a
    /// doctor or a pharmacist may add, change, pause and stop medications; NN is a nurse"); nil
    /// when they may, when nothing is needed, or when nobody is signed in (the write path asks
    /// for someone first). The store checks again inside its transaction: this only greys.
    public func refusal(_ permission: WardPermission?) -> String? {
        guard let permission, let staff, !permission.allows(staff, settings: wardSettings) else { return nil }
        return PermissionText(self).refusal(permission, for: staff, wardSettings)
    }
}

/// What pressing a greyed action does, the same from a key, the palette and the write path:
/// the message line says who may, the refusal is recorded in the trail (a write, off the main
/// actor) and nothing else happens.
@MainActor
enum PermissionGate {
    static func refuse(_ permission: WardPermission, _ context: AppContext) -> Intent {
        guard let staff = context.staff, let reason = context.refusal(permission) else { return .handled }
        let said = Intent.message(.warning(reason))
        // A read-only ward can record nothing; the words are still said.
        guard context.readOnlyReason == nil else { return said }
        let staffId = staff.id
        let record = Command(tag: "refusal", isWrite: true) { repository in
            do {
                try await repository.recordRefusal(permission, staffId: staffId)
                return { _ in .handled }
            } catch {
                let words = WardTask.describe(error)
                return { _ in .message(.error(words)) }
            }
        }
        return .all([said, .command(record)])
    }
}
