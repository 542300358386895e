import Foundation

/// Who may be at the keyboard, proven: PINs, lock-outs, sign-in and lock events, refusals, the
/// ward admin flag. Part of `WardRepository`. PINs are derived (about a quarter of a second, on
/// purpose) outside the store's actor and outside any transaction; the counters and the audit
/// row of each check are one write transaction. A PIN is never stored, logged or audited.
public protocol StaffAccessStore: Sendable {
    /// Whether the member has a PIN, and how far they are from (or into) a lock-out.
    func pinStatus(staffId: Int64) async throws -> PinStatus
    /// Checks `pin` for an active member. A wrong PIN is counted and audited; the fifth in a row
    /// locks the member out for five minutes (audited). While locked out nothing is derived. A
    /// right PIN clears the count and, for a sign-in or an unlock, is audited as one.
    /// `replacing`: the member who was at the keyboard until now (a sign-in from the lock screen
    /// or a switch of user); their sign-out is audited in the same transaction, just before.
    func checkPin(staffId: Int64, pin: String, purpose: PinPurpose, replacing: Int64?) async throws -> PinCheck
    /// Sets the member's PIN (checked by `PinRules`). `by` is who asks: the member, who must give
    /// their current PIN when they have one, or a ward admin (a reset: no current PIN needed).
    /// Returns the audit entry id (`pinSet` or `pinReset`; it holds neither PIN nor hash).
    @discardableResult
    func setPin(staffId: Int64, newPin: String, currentPin: String?, by: Int64) async throws -> Int64
    /// Audits a sign-in, sign-out, lock or unlock that did not go through `checkPin` (a ward
    /// that does not require PINs, or leaving the keyboard).
    func recordSession(_ action: AuditAction, staffId: Int64) async throws
    /// Audits a refusal made before any store call (a screen greying out an action still
    /// records that it was asked for).
    func recordRefusal(_ permission: WardPermission, staffId: Int64) async throws
    /// Makes a member a ward admin or not (ward admins only; the last active admin stays one).
    func setWardAdmin(staffId: Int64, isAdmin: Bool, by: Int64?) async throws -> Audited<Staff>
    /// True until the ward admin of a ward made before PINs existed has said whether the ward
    /// requires them (any change of `requirePin` answers it).
    func pinQuestionPending() async throws -> Bool
}

extension StaffAccessStore {
    /// A check with nobody else at the keyboard (the command line, an unlock, a first sign-in).
    public func checkPin(staffId: Int64, pin: String, purpose: PinPurpose) async throws -> PinCheck {
        try await checkPin(staffId: staffId, pin: pin, purpose: purpose, replacing: nil)
    }
}
