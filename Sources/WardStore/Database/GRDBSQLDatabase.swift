import Foundation
import GRDB
import WardSQL

/// `SQLDatabase` on SQLite through GRDB: the store's portable queries run here unchanged in
/// speed (statements are prepared and stepped by GRDB; rows are copied once into `SQLRow`).
///
/// Threading: reads run on GRDB's reader pool (a snapshot per read), writes on its writer queue
/// in one IMMEDIATE transaction, as the rest of the store's GRDB code does.
public struct GRDBSQLDatabase: SQLDatabase {
    public let writer: any DatabaseWriter

    public init(_ writer: any DatabaseWriter) { self.writer = writer }

    public var dialect: SQLDialect { .sqlite }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await writer.read { db in try body(db) }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await writer.write { db in try body(db) }
    }
}

/// A GRDB `Database` is an `SQLConnection`: a helper written against WardSQL takes the `db` of
/// a GRDB closure as it is, so the store moves onto the portable layer one function at a time.
/// SQLite's errors are reported as `SQLEngineError`, as PostgreSQL's are.
extension Database: SQLConnection {
    public var dialect: SQLDialect { .sqlite }

    public func fetchAll(_ sql: SQLQuery) throws -> [SQLRow] {
        var rows: [SQLRow] = []
        try forEachRow(sql) { rows.append($0) }
        return rows
    }

    /// Steps GRDB's cursor and copies each row once into an `SQLRow` (its values read straight
    /// from the statement, with no intermediate GRDB row array).
    public func forEachRow(_ sql: SQLQuery, _ body: (SQLRow) throws -> Void) throws {
        let (text, values) = sql.rendered(for: .sqlite)
        try Self.reportingEngineErrors {
            let statement = try Self.statement(self, text, values: values.count)
            try statement.setArguments(StatementArguments(values.map(\.databaseValue)))
            let columns = SQLColumns(statement.columnNames)
            let count = columns.names.count
            let cursor = try Row.fetchCursor(statement)
            while let row = try cursor.next() {
                var values: [SQLValue] = []
                values.reserveCapacity(count)
                for i in 0..<count { values.append(SQLValue(row[i] as DatabaseValue)) }
                try body(SQLRow(columns: columns, values: values))
            }
        }
    }

    @discardableResult
    public func execute(_ sql: SQLQuery) throws -> Int {
        let (text, values) = sql.rendered(for: .sqlite)
        return try Self.reportingEngineErrors {
            try execute(sql: text, arguments: StatementArguments(values.map(\.databaseValue)))
            return changesCount
        }
    }

    /// Prepared once per connection and kept, except a statement with many values: its text
    /// changes with the length of its `IN` list, and a cache that kept every length would grow
    /// for as long as the ward is open.
    static func statement(_ db: Database, _ text: String, values: Int) throws -> Statement {
        values <= 100 ? try db.cachedStatement(sql: text) : try db.makeStatement(sql: text)
    }

    static func reportingEngineErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            let kind: SQLEngineError.Kind = error.resultCode == .SQLITE_CONSTRAINT ? .constraint : .other
            throw SQLEngineError(kind: kind, code: "SQLITE \(error.extendedResultCode.rawValue)", message: error.message ?? "\(error)")
        }
    }
}

extension SQLValue {
    /// GRDB's storage classes; a boolean is stored as 1 or 0, as SQLite has no boolean type.
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let i): self = .integer(i)
        case .double(let d): self = .real(d)
        case .string(let s): self = .text(s)
        case .blob(let data): self = .blob([UInt8](data))
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let i): i.databaseValue
        case .real(let d): d.databaseValue
        case .text(let s): s.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        case .boolean(let b): (b ? 1 as Int64 : 0).databaseValue
        }
    }
}
