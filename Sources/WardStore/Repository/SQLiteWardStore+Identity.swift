import Foundation
import GRDB

extension SQLiteWardStore {
    /// The ward database's stable id (32 hex digits, made by migration v6): what a workstation
    /// remembers its signed-in user against. Nil for an older file opened read-only (never
    /// migrated): then nobody is signed in unasked. A read; safe from any task.
    public func wardIdentity() async throws -> String? {
        try await pool.read { db in
            guard try db.tableExists("ward_identity") else { return nil }
            return try String.fetchOne(db, sql: "SELECT id FROM ward_identity LIMIT 1")
        }
    }
}
