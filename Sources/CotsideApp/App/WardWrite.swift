import Foundation
import WardStore

/// One ward write as data: the store call, and how to describe what it did. The shell runs
/// every write the same way (`AppShell.run(_:for:from:)`): refuse it without a user or on a
/// read-only ward, or when the user lacks the permission it `needs` (said and recorded); run it; then let the asker note it was saved (`saved`), close the screen that
/// asked (if it says so), remember what `u` takes back, run what follows (`followUp`), say what
/// was done, and reload what is shown. A failure goes to the asker's `failed` (a form puts the
/// store's words at its fields). A write's result is never dropped as stale.
public struct WardWrite: Sendable {
    /// The undo message's words ("wet nappy for bed 3"); nil when `u` cannot take it back.
    public var undoSummary: String?
    /// Close the screen that asked once the write is saved (a form).
    public var closesAsker: Bool
    /// False for the few writes made before anyone signs in (adding yourself to the staff list).
    public var needsUser: Bool
    /// The permission the write needs (`WardPermission`); checked before it runs, so no screen
    /// can forget it. A write that needs one needs a user too. The store checks again.
    public var needs: WardPermission?
    /// The asker's own bookkeeping once the write is saved, on the main actor and never after a
    /// failure: a nappy or drug round forgets the cots it marked only when they were recorded.
    let saved: (@MainActor @Sendable () -> Void)?
    /// What happens next once it is saved, on the main actor, from the screen then in front
    /// (the staff form closes the picker that opened it: someone is now at the keyboard).
    let followUp: (@MainActor @Sendable (AppContext) -> Intent)?
    let work: @Sendable (any WardRepository) async throws -> WriteReceipt

    public init(undoSummary: String?, closesAsker: Bool = false, needsUser: Bool = true, needs: WardPermission? = nil,
                saved: (@MainActor @Sendable () -> Void)? = nil,
                followUp: (@MainActor @Sendable (AppContext) -> Intent)? = nil,
                _ work: @escaping @Sendable (any WardRepository) async throws -> WriteReceipt) {
        self.undoSummary = undoSummary
        self.closesAsker = closesAsker
        self.needsUser = needsUser
        self.needs = needs
        self.saved = saved
        self.followUp = followUp
        self.work = work
    }
}

/// What a write did: the audit entries `u` reverses, the sentence for the message line, and
/// anything the session must now know (the user just added, the settings just saved).
public struct WriteReceipt: Sendable {
    public var auditEntryIds: [Int64]
    public var message: String
    public var session: [SessionChange]

    public init(auditEntryIds: [Int64], message: String, session: [SessionChange] = []) {
        self.auditEntryIds = auditEntryIds
        self.message = message
        self.session = session
    }
}
