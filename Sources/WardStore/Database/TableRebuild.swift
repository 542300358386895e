import Foundation
import GRDB

/// A change SQLite's ALTER TABLE cannot make (a CHECK, a NOT NULL) rebuilds the table the way
/// SQLite documents it (lang_altertable.html §7): new table, copy, drop, rename — inside the
/// migration's transaction, with GRDB's deferred foreign-key checks (references to the table are
/// checked once, before commit).
///
/// What hangs off the table survives: its indexes and triggers, and the triggers and views on
/// other tables that name it (a rename refuses to leave one pointing at a missing table), are
/// read from `sqlite_master` first and made again from their stored text afterwards. Every
/// column is copied by name with its ids, and the AUTOINCREMENT high-water mark is kept, so an
/// erased row's id is never reused.
enum TableRebuild {
    /// Rebuilds `table` as `create` defines it. `create` is given the name to create (a
    /// temporary one) and returns the whole `CREATE TABLE` statement; every column of the old
    /// table must exist in the new one (a column the new definition lacks fails the migration
    /// rather than being dropped). `redefining` names indexes and triggers the caller makes anew
    /// itself after the rebuild, so they are not made again from their old text.
    static func rebuild(_ table: String, redefining: Set<String> = [], _ db: Database,
                        as create: (_ name: String) -> String) throws {
        let dependents = try self.dependents(of: table, db)
        let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = ?", arguments: [table])
        for object in dependents where object.table != table {
            try db.execute(sql: "DROP \(object.type.uppercased()) \(object.name.quotedDatabaseIdentifier)")
        }
        let temporary = "\(table)_rebuilt"
        try db.execute(sql: create(temporary))
        let columns = try db.columns(in: table).map(\.name.quotedDatabaseIdentifier).joined(separator: ", ")
        try db.execute(sql: "INSERT INTO \(temporary.quotedDatabaseIdentifier) (\(columns)) SELECT \(columns) FROM \(table.quotedDatabaseIdentifier)")
        try db.execute(sql: "DROP TABLE \(table.quotedDatabaseIdentifier)")
        try db.execute(sql: "ALTER TABLE \(temporary.quotedDatabaseIdentifier) RENAME TO \(table.quotedDatabaseIdentifier)")
        if let sequence {
            try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ?", arguments: [table])
            try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table, sequence])
        }
        for object in dependents where !redefining.contains(object.name) {
            try db.execute(sql: object.sql)
        }
    }

    /// An index, trigger or view that must outlive the rebuild.
    struct Dependent {
        let type: String
        let name: String
        let table: String
        let sql: String
    }

    /// The table's own indexes and triggers, then triggers and views elsewhere whose text names
    /// it as a word, in the order they were made (an index before the triggers that rely on it).
    static func dependents(of table: String, _ db: Database) throws -> [Dependent] {
        try Row.fetchAll(db, sql: """
            SELECT type, name, tbl_name, sql FROM sqlite_master
            WHERE sql IS NOT NULL AND type IN ('index', 'trigger', 'view')
            ORDER BY type <> 'index', rowid
            """).map { Dependent(type: $0["type"], name: $0["name"], table: $0["tbl_name"], sql: $0["sql"]) }
            .filter { $0.table == table || ($0.type != "index" && names($0.sql, table: table)) }
    }

    /// Whether SQL text names `table` itself: not a longer name (`patientId`, `audit_patient`,
    /// `feeds`) and not a quoted string (the audit entity `'feed'`).
    static func names(_ sql: String, table: String) -> Bool {
        let word = NSRegularExpression.escapedPattern(for: table)
        return sql.range(of: #"(?<![A-Za-z0-9_'])["`\[]?"# + word + #"["`\]]?(?![A-Za-z0-9_'])"#,
                         options: [.regularExpression, .caseInsensitive]) != nil
    }
}
