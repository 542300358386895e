import WardSQL

/// What a ward copy moves and in what order, read from both sides' catalogs before any row moves:
/// the tables both have (leaving out each engine's derived tables and the kept ones), their
/// columns, their primary keys (the order rows are read and checksummed in) and the order foreign
/// keys ask for (a referenced table before the tables that refer to it).
struct WardCopyPlan: Sendable {
    struct Table: Sendable {
        let name: String
        /// Lower-cased (PostgreSQL folds names), sorted: the same list on both engines.
        let columns: [String]
        /// The target's type family of each column: values are converted to it when written.
        let families: [SQLSchemaDescription.TypeFamily]
        let key: [String]
        /// A PostgreSQL identity column (`id`), whose sequence is moved past the copied ids;
        /// `always` when it is GENERATED ALWAYS (then the insert says OVERRIDING SYSTEM VALUE).
        let identity: (column: String, always: Bool)?
    }

    let tables: [Table]
    /// Copied tables a fresh target already has rows in: emptied before their rows are copied.
    let replacedSeeded: [String]
    let kept: [String]
    /// The target's derived tables (SQLite's FTS5 search index), rebuilt after the copy.
    let targetDerived: [String]

    static func make(source: any SQLDatabase, target: any SQLDatabase, rules: WardCopyRules) async throws -> WardCopyPlan {
        let sourceCatalog = try await source.read { db in try WardCopyCatalog.read(db) }
        let targetCatalog = try await target.read { db in try WardCopyCatalog.read(db) }
        for (side, catalog) in [("source", sourceCatalog), ("target", targetCatalog)] where catalog.steps.sorted() != rules.steps.sorted() {
            throw WardCopyError.stepsDiffer(side: side, applied: catalog.steps, expected: rules.steps)
        }
        let copied = targetCatalog.copyable(rules)
        let sourceCopied = sourceCatalog.copyable(rules)
        var differences: [String] = []
        for name in Set(copied).symmetricDifference(sourceCopied).sorted() {
            differences.append("table \(name) only in the \(copied.contains(name) ? "target" : "source")")
        }
        var tables: [String: Table] = [:]
        for name in copied where sourceCopied.contains(name) {
            let described = targetCatalog.schema.tables[name]!
            let theirs = Set(sourceCatalog.schema.tables[name]!.columns.map(\.name))
            let columns = described.columns.sorted { $0.name < $1.name }
            if Set(columns.map(\.name)) != theirs {
                differences.append("table \(name) has columns \(columns.map(\.name).joined(separator: ", ")) in the target, "
                                   + "\(theirs.sorted().joined(separator: ", ")) in the source")
            }
            guard !described.primaryKey.isEmpty else { throw WardCopyError.noPrimaryKey(name) }
            tables[name] = Table(name: name, columns: columns.map(\.name), families: columns.map(\.family),
                                 key: described.primaryKey.map { $0.lowercased() }, identity: targetCatalog.identities[name])
        }
        guard differences.isEmpty else { throw WardCopyError.schemaDiffers(differences) }
        return WardCopyPlan(
            tables: dependencyOrder(Array(tables.keys), references: targetCatalog.references).map { tables[$0]! },
            replacedSeeded: tables.keys.filter { rules.seededTables.contains($0) }.sorted(),
            kept: rules.keptTables.filter { targetCatalog.schema.tables[$0] != nil }.sorted(),
            targetDerived: targetCatalog.derivedRoots.sorted())
    }

    /// Tables ordered so each comes after every table it refers to; ties (and any cycle) by name.
    static func dependencyOrder(_ names: [String], references: [String: Set<String>]) -> [String] {
        var remaining = Set(names)
        var ordered: [String] = []
        while !remaining.isEmpty {
            let ready = remaining.filter { references[$0, default: []].subtracting([$0]).isDisjoint(with: remaining) }.sorted()
            let next = ready.first ?? remaining.sorted().first!
            ordered.append(next)
            remaining.remove(next)
        }
        return ordered
    }
}

/// One side's catalog as the copy needs it.
struct WardCopyCatalog: Sendable {
    let schema: SQLSchemaDescription
    /// The schema steps the database records (GRDB's `grdb_migrations`, the runner's `cotside_migrations`).
    let steps: [String]
    /// Each table's referenced tables (foreign keys).
    let references: [String: Set<String>]
    let identities: [String: (column: String, always: Bool)]
    /// SQLite's FTS5 virtual tables (kept in step by triggers; PostgreSQL has GIN indexes instead).
    let derivedRoots: Set<String>
    /// The virtual tables and their shadow tables.
    let derived: Set<String>

    /// The tables that hold a ward's records here: every table but the derived and kept ones.
    func copyable(_ rules: WardCopyRules) -> [String] {
        schema.tables.keys.filter { !derived.contains($0) && !rules.keptTables.contains($0) }.sorted()
    }

    /// Tables with rows, apart from the ones a fresh ward fills itself: what makes a target "not empty".
    static func nonEmptyTables(_ db: any SQLConnection, rules: WardCopyRules) throws -> [WardCopyError.TableRows] {
        let catalog = try read(db)
        return try catalog.schema.tables.keys.sorted().compactMap { name in
            guard !catalog.derived.contains(name), !rules.seededTables.contains(name) else { return nil }
            let rows = try db.fetchValue("SELECT count(*) FROM \(sql: SQLQuery(verbatim: name))", as: Int.self) ?? 0
            return rows > 0 ? WardCopyError.TableRows(table: name, rows: rows) : nil
        }
    }

    static func read(_ db: any SQLConnection) throws -> WardCopyCatalog {
        let schema = try SQLSchemaDescription.read(db)
        var references: [String: Set<String>] = [:]
        var identities: [String: (column: String, always: Bool)] = [:]
        var roots: Set<String> = []
        let steps: [String]
        switch db.dialect {
        case .sqlite:
            for table in schema.tables.keys {
                for row in try db.fetchAll("SELECT \"table\" AS referenced FROM pragma_foreign_key_list(\(table))") {
                    references[table, default: []].insert(try row.decode("referenced", as: String.self).lowercased())
                }
            }
            roots = Set(try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
                .map { try $0.decode("name", as: String.self).lowercased() })
            let hasSteps = try db.fetchValue("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'",
                                             as: Int.self) == 1
            steps = hasSteps ? try db.fetchAll("SELECT identifier FROM grdb_migrations").map { try $0.first(as: String.self) } : []
        case .postgres:
            for row in try db.fetchAll("""
                SELECT t.relname::text AS referring, r.relname::text AS referenced
                FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
                WHERE c.contype = 'f' AND t.relnamespace = current_schema()::regnamespace
                """) {
                references[try row.decode("referring", as: String.self), default: []].insert(try row.decode("referenced", as: String.self))
            }
            for row in try db.fetchAll("""
                SELECT table_name::text AS table_name, column_name::text AS column_name, identity_generation::text AS generation
                FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'
                """) {
                identities[try row.decode("table_name", as: String.self)] =
                    (try row.decode("column_name", as: String.self), try row.decode("generation", as: String.self) == "ALWAYS")
            }
            let hasSteps = try db.fetchValue("SELECT to_regclass('\(sql: SQLQuery(verbatim: SQLMigrationRunner.table))') IS NOT NULL",
                                             as: Bool.self) == true
            steps = hasSteps ? try db.fetchAll("SELECT identifier FROM \(sql: SQLQuery(verbatim: SQLMigrationRunner.table))")
                .map { try $0.first(as: String.self) } : []
        }
        // FTS5's shadow tables (external content, so no _content; no _docsize with columnsize = 0).
        let derived = roots.union(roots.flatMap { root in ["_data", "_idx", "_config", "_docsize", "_content"].map { root + $0 } })
        return WardCopyCatalog(schema: schema, steps: steps, references: references, identities: identities,
                               derivedRoots: roots, derived: derived)
    }
}
