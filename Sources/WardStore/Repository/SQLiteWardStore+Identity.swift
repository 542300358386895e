import Foundation
import WardSQL

extension SQLiteWardStore {
    /// The ward database's stable id (32 hex digits, made by migration v6): what a workstation
    /// remembers its signed-in user against. Nil for an older file opened read-only (never
    /// migrated): then nobody is signed in unasked. A read; safe from any task.
    public func wardIdentity() async throws -> String? {
        try await database.read { db in try Self.wardIdentity(db) }
    }

    /// The id inside the caller's read, nil when the table is not there (the catalogues differ:
    /// SQLite's `sqlite_master`, PostgreSQL's `information_schema` for the ward's own schema).
    static func wardIdentity(_ db: some SQLConnection) throws -> String? {
        let tables = try db.fetchValue(.dialect(
            sqlite: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'ward_identity'",
            postgres: "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'ward_identity'"),
            as: Int.self)
        guard tables ?? 0 > 0 else { return nil }
        return try db.fetchValue("SELECT id FROM ward_identity LIMIT 1", as: String.self)
    }
}
