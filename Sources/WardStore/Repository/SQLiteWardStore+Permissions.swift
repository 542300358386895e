import Foundation
import GRDB
import WardSQL

/// The permission table (`WardPermission`) enforced where every client's writes meet. Every
/// write that names its author runs through `permittedWrite` — charting care and doses too,
/// which every role may do, so a member who has left cannot chart under their name: the author
/// is checked inside the write transaction; a refusal writes its `refused` audit row, commits,
/// and is thrown to the caller.
/// `by == nil` names nobody: only scripts and tests do that (the command line and the screens
/// always name the member), and the store leaves it to them.
extension SQLiteWardStore {
    /// Why `by` may not do `permission` now (nil when allowed or when nobody is named): the
    /// permission table's refusal, or, for a member who is no longer active, that they are not.
    /// Both are audited as `refused`. An id that names no member at all is thrown here (there is
    /// nobody to audit).
    static func refusal(_ permission: WardPermission, by: Int64?, timeZone: TimeZone,
                        _ db: some SQLConnection) throws -> Refusal? {
        guard let by else { return nil }
        guard let member = try db.fetchRecord(Staff.self, id: by) else {
            throw inactive(by, permission)
        }
        guard member.active else { return Refusal(staffId: by, error: inactive(by, permission)) }
        let settings = try settings(db)
        guard !permission.allows(member, settings: settings) else { return nil }
        return Refusal(staffId: by, error: WardPermissionError(permission: permission, staffId: by,
                                                               description: permission.refusal(for: member, settings: settings)))
    }

    static func inactive(_ staffId: Int64, _ permission: WardPermission) -> WardStoreError {
        WardStoreError("staff \(staffId) is not an active staff member; only active staff may \(permission.summary)")
    }

    /// A refused write: whose, and what to throw once its audit row is committed.
    struct Refusal: Error {
        let staffId: Int64
        let error: any Error & Sendable
    }

    static func auditRefusal(_ permission: WardPermission, staffId: Int64, now: Date, _ db: some SQLConnection) throws {
        let note = ["permission": permission.rawValue, "what": permission.summary,
                    "needs": permission.whoMay(try settings(db))]
        try AuditTrail.record(db, action: .refused, entity: .staff, entityId: staffId, beforeJSON: nil,
                              afterJSON: try AuditJSON.encode(note), by: staffId, at: now)
    }

    /// Checks that `by` may do `permission` (auditing a refusal) before a write that cannot run
    /// in `permittedWrite`'s transaction (a restore, an erasure, an import).
    nonisolated func requirePermission(_ permission: WardPermission, by: Int64?) async throws {
        try await permittedWrite(permission, by: by) { _ in }
    }

    /// `body` in one write transaction, after checking that `by` may do `permission` — unless
    /// `exempt` says, in that same transaction, that nobody needs to (the first member of an
    /// empty ward), so no other write can slip in between the look and the write. The body gets a
    /// portable connection: every audited write is written once for SQLite and PostgreSQL.
    @discardableResult
    nonisolated func permittedWrite<T: Sendable>(_ permission: WardPermission, by: Int64?,
                                                 exempt: (@Sendable (any SQLConnection) throws -> Bool)? = nil,
                                                 _ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        let (now, zone) = (self.now, timeZone)
        let outcome = try await database.write { db -> Result<T, Refusal> in
            if try exempt?(db) != true, let refusal = try Self.refusal(permission, by: by, timeZone: zone, db) {
                try Self.auditRefusal(permission, staffId: refusal.staffId, now: now, db)
                return .failure(refusal)
            }
            return .success(try body(db))
        }
        switch outcome {
        case .success(let value): return value
        case .failure(let refusal):
            publish([.staff])
            throw refusal.error
        }
    }
}
