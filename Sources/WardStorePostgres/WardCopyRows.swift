import WardSQL

/// The statements a ward copy reads and writes rows with, written once for both engines.
enum WardCopyRows {
    /// A key column as an expression ordered by bytes on both engines: SQLite's BINARY collation,
    /// PostgreSQL's "C" (a database's default collation may sort 'a' before 'B').
    static func keyExpression(_ table: WardCopyPlan.Table, _ column: String) -> SQLQuery {
        let family = table.families[table.columns.firstIndex(of: column) ?? 0]
        guard family == .text else { return SQLQuery(verbatim: column) }
        return SQLQuery(verbatim: column) + .dialect(sqlite: " COLLATE BINARY", postgres: " COLLATE \"C\"")
    }

    /// One page of rows in key order, after the key `after` (keyset paging: every page is an
    /// index range, however far into the table).
    static func page(_ table: WardCopyPlan.Table, after: [SQLValue]?, limit: Int) -> SQLQuery {
        let keys = SQLQuery.joined(table.key.map { keyExpression(table, $0) }, separator: ", ")
        var query = SQLQuery(verbatim: "SELECT \(table.columns.joined(separator: ", ")) FROM \(table.name)")
        if let after {
            query += " WHERE (" + keys + ") > (" + SQLQuery.joined(after.map { SQLQuery.value($0) }, separator: ", ") + ")"
        }
        return query + " ORDER BY " + keys + SQLQuery(verbatim: " LIMIT \(limit)")
    }

    /// The key of a row read by `page`.
    static func key(of row: SQLRow, in table: WardCopyPlan.Table) -> [SQLValue] {
        table.key.map { row[$0] ?? .null }
    }

    /// Reads a whole table in key order, page by page, handing each page on; its summary.
    static func readAll(_ db: any SQLConnection, _ table: WardCopyPlan.Table, pageSize: Int,
                        each: ([SQLRow]) throws -> Void) throws -> WardCopyTableSummary {
        let counted = try db.fetchValue("SELECT count(*) FROM \(sql: SQLQuery(verbatim: table.name))", as: Int.self) ?? 0
        var checksum = WardCopyChecksum()
        let positions = Array(table.columns.indices)
        var after: [SQLValue]?
        while true {
            let rows = try db.fetchAll(page(table, after: after, limit: pageSize))
            guard let last = rows.last else { break }
            for row in rows { checksum.add(row, columns: positions) }
            try each(rows)
            after = key(of: last, in: table)
            if rows.count < pageSize { break }
        }
        return WardCopyTableSummary(table: table.name, counted: counted, rows: checksum.rows, checksum: checksum.finish())
    }

    /// Inserts rows (read from the other side, columns in the plan's order) with their ids, as
    /// few statements as the engines' bound-value limits allow.
    static func insert(_ rows: [SQLRow], into table: WardCopyPlan.Table, _ db: any SQLConnection) throws {
        guard !rows.isEmpty else { return }
        let perStatement = max(1, min(rows.count, SQLQuery.listLimit / max(1, table.columns.count)))
        let head = SQLQuery(verbatim: "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) "
                            + (table.identity?.always == true ? "OVERRIDING SYSTEM VALUE " : "") + "VALUES ")
        var start = 0
        while start < rows.count {
            let chunk = rows[start..<min(rows.count, start + perStatement)]
            let tuples = try chunk.map { row -> SQLQuery in
                let values = try table.columns.indices.map { i in
                    SQLQuery.value(try converted(row.values[i], to: table.families[i], column: "\(table.name).\(table.columns[i])"))
                }
                return "(" + SQLQuery.joined(values, separator: ", ") + ")"
            }
            try db.execute(head + SQLQuery.joined(tuples, separator: ", "))
            start += perStatement
        }
    }

    /// A value as the target column stores it: a SQLite flag (0/1) as a PostgreSQL boolean and back,
    /// an integer in a real column as a real. Anything that would change the value is refused,
    /// naming the column (the copy rolls back).
    static func converted(_ value: SQLValue, to family: SQLSchemaDescription.TypeFamily, column: String) throws -> SQLValue {
        switch (value, family) {
        case (.null, _): return .null
        case (.integer(let i), .boolean) where i == 0 || i == 1: return .boolean(i == 1)
        case (.boolean(let b), .integer): return .integer(b ? 1 : 0)
        case (.integer(let i), .real): return .real(Double(i))
        case (.integer, .integer), (.boolean, .boolean), (.real, .real), (.text, .text), (.blob, .blob): return value
        case (_, .numeric): return value
        default:
            throw SQLDecodingError(column: column, expected: "a value a \(family.rawValue) column holds", found: value.storageClass)
        }
    }
}
