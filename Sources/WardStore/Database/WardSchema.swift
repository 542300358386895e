import WardSQL

/// The ward's schema as code outside WardStore needs it to move a ward between engines
/// (`cotside migrate`): the step names, PostgreSQL's runner, and which tables a fresh ward fills
/// itself. Everything here is read-only knowledge, apart from `migratePostgres`, which applies
/// the steps exactly as a workstation opening the ward would.
public enum WardSchema {
    /// This build's schema steps, in order (the same names on both engines).
    public static var steps: [String] { WardMigrations.steps.map(\.identifier) }

    /// Applies this build's missing steps to a PostgreSQL ward (one transaction, under the
    /// runner's advisory lock); the steps applied. Throws `SQLUnknownSchemaSteps`, changing
    /// nothing, for a ward a newer Cotside made.
    @discardableResult
    public static func migratePostgres(_ database: any SQLDatabase) async throws -> [String] {
        try await WardMigrations.postgresRunner.migrate(database)
    }

    /// Tables a freshly migrated ward already has rows in: `ward_identity` (v6, a random id) and
    /// `backup_schedule` (v9, its one bookkeeping row). A ward holding only these is empty.
    public static let seededTables: Set<String> = ["ward_identity", "backup_schedule"]

    /// Tables that belong to one database, not to the ward's records: `backup_schedule` is the
    /// automatic file backups' lease and last result (paths of SQLite copies); a ward on a server
    /// is backed up with pg_dump, and a new file starts its own bookkeeping. Not copied.
    public static let databaseBookkeepingTables: Set<String> = ["backup_schedule"]
}
