import Foundation
import GRDB

extension SQLiteWardStore {
    /// The ward database's stable id (32 hex digits, made by migration v6): what a workstation
    /// remembers its signed-in user against. A read; safe from any task.
    public func wardIdentity() async throws -> String {
        try await pool.read { db in
            guard let id = try String.fetchOne(db, sql: "SELECT id FROM ward_identity LIMIT 1") else {
                throw WardStoreError("the ward database has no identity row (ward_identity is empty)")
            }
            return id
        }
    }
}
