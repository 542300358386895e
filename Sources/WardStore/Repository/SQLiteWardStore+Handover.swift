import Foundation
import WardSQL

/// The handover read. Threading and transactions: runs on a pool reader in ONE read transaction
/// (`database.read`), so every cot of a ward handover, and every part of a cot, is from the same
/// moment even while other workstations write; it never waits for the writer.
extension SQLiteWardStore {
    public func handover(_ request: HandoverRequest) async throws -> ShiftHandover {
        guard request.since <= request.until else {
            throw WardStoreError("the handover's start (since) is after its end (until)")
        }
        return try await database.read { db in try HandoverQuery(request: request).fetch(db) }
    }
}
