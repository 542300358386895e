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

    /// Makes a server ward's schema when `ward` (`?ward=`) names one that is not there yet, as a
    /// new ward file is made; true when it was made. Without a ward and without a schema on the
    /// search path, refused saying how to name one. For opening a ward and for moving one there.
    @discardableResult
    public static func makeWardIfMissing(_ ward: String?, in database: any SQLDatabase) async throws -> Bool {
        let exists = try await database.read { db in
            if let ward {
                try db.fetchValue("SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = \(ward))", as: Bool.self) ?? false
            } else {
                try db.fetchValue("SELECT current_schema() IS NOT NULL", as: Bool.self) ?? false
            }
        }
        guard !exists else { return false }
        guard let ward else {
            throw WardStoreError("the server has no schema on the search path to keep the ward in; name the ward with ?ward=NAME in the URL")
        }
        // The name was checked when the URL was parsed: lower-case letters, digits and _ only.
        _ = try await database.write { db in try db.execute(SQLQuery(verbatim: "CREATE SCHEMA IF NOT EXISTS \(ward)")) }
        return true
    }

    /// Tables a freshly migrated ward already has rows in: `ward_identity` (v6, a random id) and
    /// `backup_schedule` (v9, its one bookkeeping row). A ward holding only these is empty.
    public static let seededTables: Set<String> = ["ward_identity", "backup_schedule"]

    /// Tables that belong to one database, not to the ward's records: `backup_schedule` is the
    /// automatic file backups' lease and last result (paths of SQLite copies); a ward on a server
    /// is backed up with pg_dump, and a new file starts its own bookkeeping. Not copied.
    public static let databaseBookkeepingTables: Set<String> = ["backup_schedule"]
}
