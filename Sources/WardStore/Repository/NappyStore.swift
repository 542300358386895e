import Foundation

/// Nappy changes: logging (one or a whole round), correcting, soft delete and restore. Part of
/// `WardRepository`: async calls; each write is one transaction with its audit row.
public protocol NappyStore: Sendable {
    func logNappyChange(_ draft: NappyChangeDraft, by: Int64?) async throws -> Audited<NappyChange>
    /// A nappy round: several changes in one transaction, all stored or none.
    func logNappyChanges(_ drafts: [NappyChangeDraft], by: Int64?) async throws -> [Audited<NappyChange>]
    func updateNappyChange(id: Int64, _ draft: NappyChangeDraft, by: Int64?) async throws -> Audited<NappyChange>
    /// Soft delete: the row stays, hidden everywhere, and can be restored.
    func deleteNappyChange(id: Int64, by: Int64?) async throws -> Audited<NappyChange>
    func restoreNappyChange(id: Int64, by: Int64?) async throws -> Audited<NappyChange>
    /// A nappy change by id, deleted ones included (check `deletedAt`).
    func nappyChange(id: Int64) async throws -> NappyChange?
}
