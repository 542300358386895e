/// A database's schema as both engines can describe it, so a SQLite ward and a PostgreSQL ward can
/// be compared: tables with their columns (type family, nullability) and primary key, indexes
/// (key columns, uniqueness, partial or not) and triggers by name and table. CHECK constraints
/// and trigger bodies are not compared (their text differs by engine); the migrations' own tests
/// exercise them. Names are lower-cased, as PostgreSQL folds unquoted names.
public struct SQLSchemaDescription: Equatable, Sendable {
    /// A column type as both engines store it: SQLite's affinity, PostgreSQL's type grouped.
    public enum TypeFamily: String, Sendable {
        case integer, boolean, real, text, blob, numeric
    }

    public struct Column: Hashable, Sendable, CustomStringConvertible {
        public var name: String
        public var family: TypeFamily
        public var notNull: Bool

        public init(name: String, family: TypeFamily, notNull: Bool) {
            self.name = name
            self.family = family
            self.notNull = notNull
        }

        public var description: String { "\(name) \(family.rawValue)\(notNull ? " not null" : "")" }
    }

    public struct Table: Hashable, Sendable {
        public var name: String
        /// By name: an engine that adds a column in place puts it last, a rebuilt table where it
        /// was defined, and queries name their columns.
        public var columns: [Column]
        public var primaryKey: [String]

        public init(name: String, columns: [Column], primaryKey: [String]) {
            self.name = name
            self.columns = columns
            self.primaryKey = primaryKey
        }
    }

    public struct Index: Hashable, Sendable, CustomStringConvertible {
        public var name: String
        public var table: String
        /// Key columns in order; a case-insensitive key (SQLite's `COLLATE NOCASE`) reads
        /// `lower(column)`, as PostgreSQL's expression index is written.
        public var columns: [String]
        public var unique: Bool
        public var partial: Bool

        public init(name: String, table: String, columns: [String], unique: Bool, partial: Bool) {
            self.name = name
            self.table = table
            self.columns = columns
            self.unique = unique
            self.partial = partial
        }

        public var description: String {
            "\(unique ? "unique " : "")index \(name) on \(table)(\(columns.joined(separator: ", ")))\(partial ? " partial" : "")"
        }
    }

    public struct Trigger: Hashable, Sendable, CustomStringConvertible {
        public var name: String
        public var table: String

        public init(name: String, table: String) {
            self.name = name
            self.table = table
        }

        public var description: String { "trigger \(name) on \(table)" }
    }

    public var tables: [String: Table]
    /// Primary keys are described with their table, not as indexes.
    public var indexes: [String: Index]
    public var triggers: [String: Trigger]

    public init(tables: [String: Table], indexes: [String: Index], triggers: [String: Trigger]) {
        self.tables = tables
        self.indexes = indexes
        self.triggers = triggers
    }

    /// The schema the connection sees (PostgreSQL: its current schema), leaving out each engine's
    /// own bookkeeping (`sqlite_*`, GRDB's and the runner's migrations tables).
    public static func read(_ db: any SQLConnection) throws -> SQLSchemaDescription {
        switch db.dialect {
        case .sqlite: try readSQLite(db)
        case .postgres: try readPostgres(db)
        }
    }

    static let bookkeeping: Set<String> = ["grdb_migrations", SQLMigrationRunner.table, "sqlite_sequence"]

    /// Every difference from `other`, one line each ("only in PostgreSQL: …", "differs: …"):
    /// empty when the two describe the same schema.
    public func differences(from other: SQLSchemaDescription, mine: String, theirs: String) -> [String] {
        var lines: [String] = []
        for name in Set(tables.keys).union(other.tables.keys).sorted() {
            switch (tables[name], other.tables[name]) {
            case (nil, _): lines.append("table \(name) only in \(theirs)")
            case (_, nil): lines.append("table \(name) only in \(mine)")
            case let (a?, b?):
                let mineColumns = Dictionary(uniqueKeysWithValues: a.columns.map { ($0.name, $0) })
                let theirColumns = Dictionary(uniqueKeysWithValues: b.columns.map { ($0.name, $0) })
                for column in Set(mineColumns.keys).union(theirColumns.keys).sorted() {
                    switch (mineColumns[column], theirColumns[column]) {
                    case (nil, _): lines.append("column \(name).\(column) only in \(theirs)")
                    case (_, nil): lines.append("column \(name).\(column) only in \(mine)")
                    case let (x?, y?) where x != y: lines.append("column \(name).\(column): \(mine) \(x), \(theirs) \(y)")
                    default: break
                    }
                }
                if a.primaryKey != b.primaryKey {
                    lines.append("primary key of \(name): \(mine) \(a.primaryKey), \(theirs) \(b.primaryKey)")
                }
            }
        }
        for name in Set(indexes.keys).union(other.indexes.keys).sorted() {
            switch (indexes[name], other.indexes[name]) {
            case (nil, let b?): lines.append("only in \(theirs): \(b)")
            case (let a?, nil): lines.append("only in \(mine): \(a)")
            case let (a?, b?) where a != b: lines.append("\(mine) \(a), \(theirs) \(b)")
            default: break
            }
        }
        for name in Set(triggers.keys).union(other.triggers.keys).sorted() {
            switch (triggers[name], other.triggers[name]) {
            case (nil, let b?): lines.append("only in \(theirs): \(b)")
            case (let a?, nil): lines.append("only in \(mine): \(a)")
            case let (a?, b?) where a != b: lines.append("\(mine) \(a), \(theirs) \(b)")
            default: break
            }
        }
        return lines
    }
}
