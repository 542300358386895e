import GRDB
import WardSQL

/// One schema step, declared once with both engines' SQL under one name, so a PostgreSQL ward's
/// applied steps read like a SQLite ward's and a new step cannot be written for one engine only.
///
/// SQLite runs `sqlite` inside GRDB's migrator (its transaction, its `grdb_migrations` row, its
/// deferred foreign-key checks); PostgreSQL runs `postgres`, one statement per element (a server
/// prepares one statement at a time), through `SQLMigrationRunner`.
struct WardMigration: Sendable {
    let identifier: String
    let sqlite: @Sendable (Database) throws -> Void
    let postgres: [String]

    init(_ identifier: String, sqlite: @escaping @Sendable (Database) throws -> Void, postgres: [String]) {
        self.identifier = identifier
        self.sqlite = sqlite
        self.postgres = postgres
    }

    /// The step as the PostgreSQL runner takes it: its statements verbatim (no bound values).
    var postgresStep: SQLMigrationRunner.Step {
        SQLMigrationRunner.Step(identifier, postgres.map { SQLQuery(verbatim: $0) })
    }
}
