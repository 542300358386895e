/// Applies schema steps on PostgreSQL, as GRDB's migrator does on SQLite: the applied steps are
/// rows of `cotside_migrations` (one `identifier` each, as GRDB's `grdb_migrations`), and the
/// missing ones are applied in order.
///
/// Transaction rules: every missing step runs inside ONE transaction, so a ward is never left
/// half-migrated, under `pg_advisory_xact_lock` keyed by the ward's schema, so workstations
/// starting together apply each step once: the second waits for the first to commit, then finds
/// the steps applied. The transaction reads at READ COMMITTED (set before its first statement),
/// so what it reads after the lock includes what the first committed; a SERIALIZABLE snapshot
/// would be taken before the lock was granted and miss it.
public struct SQLMigrationRunner: Sendable {
    public struct Step: Sendable {
        public let identifier: String
        /// One statement each (a server prepares one statement at a time).
        public let statements: [SQLQuery]

        public init(_ identifier: String, _ statements: [SQLQuery]) {
            self.identifier = identifier
            self.statements = statements
        }
    }

    /// Where the applied steps are recorded, in the ward's schema.
    public static let table = "cotside_migrations"
    /// The advisory lock's first key ("Cots"); the second is a hash of the ward's schema name, so
    /// wards on one server migrate without waiting for each other.
    public static let lockClass: Int32 = 0x436F_7473

    public let steps: [Step]

    public init(steps: [Step]) { self.steps = steps }

    /// Applies the steps the database lacks (up to and including `last`, when given) and returns
    /// their identifiers, in order; none when it is up to date. Throws `SQLUnknownSchemaSteps`,
    /// changing nothing, when the database has a step this build does not know.
    @discardableResult
    public func migrate(_ database: any SQLDatabase, upTo last: String? = nil) async throws -> [String] {
        guard database.dialect == .postgres else {
            throw SQLEngineError(kind: .other, code: "runner", message: "SQLMigrationRunner runs on PostgreSQL; SQLite uses GRDB's migrator")
        }
        let end = try last.map { last in
            guard let end = steps.firstIndex(where: { $0.identifier == last }) else {
                throw SQLEngineError(kind: .other, code: "runner", message: "no schema step named \(last)")
            }
            return end
        } ?? steps.count - 1
        let wanted = Array(steps.prefix(end + 1))
        let known = steps.map(\.identifier)
        return try await database.write { db in
            try db.execute("SET TRANSACTION ISOLATION LEVEL READ COMMITTED")
            // Counted, not returned: the lock function returns `void`, which is no value to read.
            _ = try db.fetchValue(SQLQuery(verbatim: "SELECT count(*) FROM (SELECT pg_advisory_xact_lock(\(Self.lockClass), "
                                           + "hashtext(coalesce(current_schema(), '')))) AS locked"), as: Int64.self)
            try db.execute(SQLQuery(verbatim: "CREATE TABLE IF NOT EXISTS \(Self.table) (identifier text NOT NULL PRIMARY KEY)"))
            let applied = try Self.appliedSteps(db)
            try SQLUnknownSchemaSteps.check(applied: applied, known: known)
            var done: [String] = []
            for step in wanted where !applied.contains(step.identifier) {
                for statement in step.statements { try db.execute(statement) }
                try db.execute(SQLQuery(verbatim: "INSERT INTO \(Self.table) (identifier) VALUES (") + .value(step.identifier) + ")")
                done.append(step.identifier)
            }
            return done
        }
    }

    /// The steps a database has applied, in the order this build knows them (unknown ones last);
    /// none when it has no record yet.
    public func appliedSteps(_ database: any SQLDatabase) async throws -> [String] {
        let known = steps.map(\.identifier)
        return try await database.read { db in
            guard try db.fetchValue(SQLQuery(verbatim: "SELECT to_regclass('\(Self.table)') IS NOT NULL"), as: Bool.self) == true else {
                return []
            }
            let applied = try Self.appliedSteps(db)
            return known.filter(applied.contains) + applied.filter { !known.contains($0) }
        }
    }

    /// The recorded identifiers, in no particular order.
    static func appliedSteps(_ db: any SQLConnection) throws -> [String] {
        try db.fetchAll(SQLQuery(verbatim: "SELECT identifier FROM \(table)")).map { try $0.first(as: String.self) }
    }
}
