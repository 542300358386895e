import Foundation
import GRDB
import WardSQL

/// The ward file as the store's SQLite engine: the store's portable reads and writes run on its
/// pool as they run on a PostgreSQL server, and writes keep the pool's read-only refusal
/// (`WardReadOnlyError`, with the reason, before SQLite is asked).
///
/// Threading: as `GRDBSQLDatabase` — reads on GRDB's reader pool (a snapshot each), writes on
/// its writer queue in one IMMEDIATE transaction. A wrapper rather than a conformance of
/// `WardPool` itself, so `pool.read { db in … }` keeps meaning GRDB's `Database`.
struct WardFileDatabase: SQLDatabase {
    let pool: WardPool

    var dialect: SQLDialect { .sqlite }

    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await pool.database.read { db in try body(db) }
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try pool.checkWritable()
        return try await pool.database.write { db in try body(db) }
    }
}
