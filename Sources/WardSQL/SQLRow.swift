/// The column names of one result, shared by its rows. Names are matched without regard to
/// case: PostgreSQL folds unquoted names to lower case (`patientId` comes back as `patientid`),
/// SQLite keeps them as written, and a query reads the same name on both.
public final class SQLColumns: Sendable {
    public let names: [String]
    /// Each name as the engine returned it, to the position its lower-cased form finds (the
    /// usual hit: no lower-casing per lookup).
    private let exact: [String: Int]
    private let index: [String: Int]

    public init(_ names: [String]) {
        self.names = names
        var exact: [String: Int] = [:]
        var index: [String: Int] = [:]
        for (i, name) in names.enumerated() where index[name.lowercased()] == nil { index[name.lowercased()] = i }
        for name in names { exact[name] = index[name.lowercased()] }
        self.exact = exact
        self.index = index
    }

    /// The first column of that name, matched without regard to case. A record read by name
    /// looks up every column of every row, so the name as written is tried before lower-casing it.
    public func position(of name: String) -> Int? {
        exact[name] ?? index[name.lowercased()]
    }
}

/// One row of a result, read by column name on either engine.
public struct SQLRow: Sendable {
    public let columns: SQLColumns
    public let values: [SQLValue]

    public init(columns: SQLColumns, values: [SQLValue]) {
        precondition(columns.names.count == values.count, "a row has one value per column")
        self.columns = columns
        self.values = values
    }

    public func hasColumn(_ name: String) -> Bool { columns.position(of: name) != nil }

    /// The raw value of a column.
    public subscript(_ name: String) -> SQLValue? { columns.position(of: name).map { values[$0] } }

    /// A column's value as a Swift type (see `SQLColumnReader.column`).
    public func decode<T: SQLValueConvertible>(_ name: String, as type: T.Type = T.self) throws -> T {
        try column(name, as: type)
    }

    /// A column's value by position (0 is the first), for loops over many rows whose select list
    /// the reader wrote itself: no name to look up (and lower-case) per value.
    public func column<T: SQLValueConvertible>(at position: Int, as type: T.Type = T.self) throws -> T {
        guard position < values.count else {
            throw SQLDecodingError(column: "#\(position)", expected: "\(T.self)", found: "no such column")
        }
        guard let decoded = T.fromSQL(values[position]) else {
            throw SQLDecodingError(column: columns.names[position], expected: "\(T.self)", found: values[position].storageClass)
        }
        return decoded
    }

    /// The first column's value: for `SELECT count(*)` and the like.
    public func first<T: SQLValueConvertible>(as type: T.Type = T.self) throws -> T {
        guard let name = columns.names.first else {
            throw SQLDecodingError(column: "(first)", expected: "\(T.self)", found: "no columns")
        }
        return try decode(name, as: type)
    }
}

/// A column that is missing or cannot be read as the type asked for: a programming error
/// between a query and its reader, reported with the column's name.
public struct SQLDecodingError: Error, CustomStringConvertible, Sendable {
    public let column: String
    public let expected: String
    public let found: String

    /// Public so an engine in another module (PostgreSQL's) reports a cell it cannot read.
    public init(column: String, expected: String, found: String) {
        self.column = column
        self.expected = expected
        self.found = found
    }

    public var description: String { "column \(column): expected \(expected), found \(found)" }
}
