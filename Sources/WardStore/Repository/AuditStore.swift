import Foundation

/// The audit trail and undo. Every write of every other concern leaves an audit entry in its own
/// transaction; this reads them back and takes writes back. Part of `WardRepository`: async calls;
/// an undo is one transaction for all its entries.
public protocol AuditStore: Sendable {
    /// Takes back the writes described by these audit entries, newest first, in one transaction:
    /// a create is soft-deleted, anything else gets its before-image back (a delete is thus
    /// restored). Refused if the record changed since. Returns the new audit entries.
    func undo(auditEntryIds: [Int64], by: Int64?) async throws -> [AuditEntry]
    func auditEntries(entity: WardEntity, entityId: Int64) async throws -> [AuditEntry]
}
