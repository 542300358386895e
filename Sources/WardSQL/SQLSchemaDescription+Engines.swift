/// How each engine's catalog is read into one `SQLSchemaDescription`.
extension SQLSchemaDescription {
    /// SQLite: `sqlite_master` and the table-valued pragmas. A primary-key column counts as NOT
    /// NULL (an INTEGER PRIMARY KEY is the rowid; the ward's other keys are WITHOUT ROWID or
    /// declared NOT NULL), as PostgreSQL makes every key column.
    static func readSQLite(_ db: any SQLConnection) throws -> SQLSchemaDescription {
        let objects = try db.fetchAll("SELECT type, name, tbl_name FROM sqlite_master ORDER BY name")
        var tables: [String: Table] = [:]
        var indexes: [String: Index] = [:]
        var triggers: [String: Trigger] = [:]
        for object in objects {
            let type = try object.decode("type", as: String.self)
            let name = try object.decode("name", as: String.self)
            let table = try object.decode("tbl_name", as: String.self)
            guard !name.hasPrefix("sqlite_"), !bookkeeping.contains(name) else { continue }
            switch type {
            case "table":
                // An FTS5 virtual table reads as a table with no key; its shadow tables as tables.
                let info = try db.fetchAll("SELECT name, type, \"notnull\", pk FROM pragma_table_info(\(name)) ORDER BY cid")
                var columns: [Column] = []
                var key: [(Int, String)] = []
                for row in info {
                    let column = try row.decode("name", as: String.self).lowercased()
                    let pk = try row.decode("pk", as: Int.self)
                    let notNull = try row.decode("notnull", as: Bool.self) || pk > 0
                    columns.append(Column(name: column, family: affinity(try row.decode("type", as: String.self)), notNull: notNull))
                    if pk > 0 { key.append((pk, column)) }
                }
                tables[name.lowercased()] = Table(name: name.lowercased(), columns: columns.sorted { $0.name < $1.name },
                                                  primaryKey: key.sorted { $0.0 < $1.0 }.map(\.1))
            case "index":
                let listed = try db.fetchAll("SELECT name, \"unique\", origin, partial FROM pragma_index_list(\(table))")
                guard let entry = try listed.first(where: { try $0.decode("name", as: String.self) == name }),
                      try entry.decode("origin", as: String.self) != "pk" else { continue }
                let keys = try db.fetchAll("SELECT name, coll FROM pragma_index_xinfo(\(name)) WHERE key = 1 ORDER BY seqno")
                let columns = try keys.map { row -> String in
                    let column = (try row.decode("name", as: String?.self) ?? "<expression>").lowercased()
                    return try row.decode("coll", as: String.self).uppercased() == "NOCASE" ? "lower(\(column))" : column
                }
                indexes[name.lowercased()] = Index(name: name.lowercased(), table: table.lowercased(), columns: columns,
                                                   unique: try entry.decode("unique", as: Bool.self),
                                                   partial: try entry.decode("partial", as: Bool.self))
            case "trigger":
                triggers[name.lowercased()] = Trigger(name: name.lowercased(), table: table.lowercased())
            default:
                continue
            }
        }
        // Primary keys of WITHOUT ROWID tables are indexes of origin 'pk', skipped above.
        return SQLSchemaDescription(tables: tables, indexes: indexes, triggers: triggers)
    }

    /// SQLite's column affinity from the declared type (datatype3.html §3.1).
    static func affinity(_ declared: String) -> TypeFamily {
        let type = declared.uppercased()
        if type.contains("INT") { return .integer }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return .text }
        if type.isEmpty || type.contains("BLOB") { return .blob }
        if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") { return .real }
        return .numeric
    }

    /// PostgreSQL: the current schema's tables from `information_schema`, its indexes and
    /// triggers from `pg_catalog` (internal triggers, those behind foreign keys, left out). Names
    /// are cast to text, as the catalog's `name` type is not text to every driver.
    static func readPostgres(_ db: any SQLConnection) throws -> SQLSchemaDescription {
        var tables: [String: Table] = [:]
        let columns = try db.fetchAll("""
            SELECT c.table_name::text AS table_name, c.column_name::text AS column_name, c.data_type::text AS data_type,
                c.is_nullable = 'NO' AS not_null
            FROM information_schema.columns c
            JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
            WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
            ORDER BY c.table_name, c.column_name
            """)
        for row in columns {
            let table = try row.decode("table_name", as: String.self)
            guard !bookkeeping.contains(table) else { continue }
            let column = Column(name: try row.decode("column_name", as: String.self),
                                family: family(try row.decode("data_type", as: String.self)),
                                notNull: try row.decode("not_null", as: Bool.self))
            tables[table, default: Table(name: table, columns: [], primaryKey: [])].columns.append(column)
        }
        var indexes: [String: Index] = [:]
        let indexRows = try db.fetchAll("""
            SELECT i.relname::text AS index_name, t.relname::text AS table_name, x.indisunique AS is_unique,
                x.indisprimary AS is_primary, x.indpred IS NOT NULL AS is_partial,
                array_to_string(ARRAY(SELECT pg_get_indexdef(x.indexrelid, k, true)
                                      FROM generate_series(1, x.indnkeyatts) AS k ORDER BY k), chr(31)) AS key_columns
            FROM pg_index x
            JOIN pg_class i ON i.oid = x.indexrelid
            JOIN pg_class t ON t.oid = x.indrelid
            WHERE t.relnamespace = current_schema()::regnamespace
            ORDER BY i.relname
            """)
        for row in indexRows {
            let table = try row.decode("table_name", as: String.self)
            guard !bookkeeping.contains(table) else { continue }
            let keys = try row.decode("key_columns", as: String.self).split(separator: "\u{1F}").map(String.init)
            if try row.decode("is_primary", as: Bool.self) {
                tables[table]?.primaryKey = keys
                continue
            }
            let name = try row.decode("index_name", as: String.self)
            indexes[name] = Index(name: name, table: table, columns: keys, unique: try row.decode("is_unique", as: Bool.self),
                                  partial: try row.decode("is_partial", as: Bool.self))
        }
        var triggers: [String: Trigger] = [:]
        let triggerRows = try db.fetchAll("""
            SELECT g.tgname::text AS trigger_name, t.relname::text AS table_name
            FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid
            WHERE NOT g.tgisinternal AND t.relnamespace = current_schema()::regnamespace
            """)
        for row in triggerRows {
            let name = try row.decode("trigger_name", as: String.self)
            triggers[name] = Trigger(name: name, table: try row.decode("table_name", as: String.self))
        }
        return SQLSchemaDescription(tables: tables, indexes: indexes, triggers: triggers)
    }

    /// PostgreSQL's `information_schema` type names grouped as SQLite's affinities.
    static func family(_ dataType: String) -> TypeFamily {
        switch dataType {
        case "bigint", "integer", "smallint": .integer
        case "boolean": .boolean
        case "double precision", "real": .real
        case "text", "character varying", "character": .text
        case "bytea": .blob
        default: .numeric
        }
    }
}
