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
        try await writer.read { db in try body(GRDBSQLConnection(db)) }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await writer.write { db in try body(GRDBSQLConnection(db)) }
    }
}

/// A GRDB `Database` seen as an `SQLConnection`: also how code still written against GRDB calls
/// a portable query from inside its own `read`/`write` closure.
public struct GRDBSQLConnection: SQLConnection {
    public let db: Database

    public init(_ db: Database) { self.db = db }

    public var dialect: SQLDialect { .sqlite }

    public func fetchAll(_ sql: SQLQuery) throws -> [SQLRow] {
        let (text, values) = sql.rendered(for: .sqlite)
        let statement = try db.cachedStatement(sql: text)
        try statement.setArguments(StatementArguments(values.map(\.databaseValue)))
        let columns = SQLColumns(statement.columnNames)
        var rows: [SQLRow] = []
        let cursor = try Row.fetchCursor(statement)
        while let row = try cursor.next() {
            rows.append(SQLRow(columns: columns, values: row.databaseValues.map(SQLValue.init)))
        }
        return rows
    }

    @discardableResult
    public func execute(_ sql: SQLQuery) throws -> Int {
        let (text, values) = sql.rendered(for: .sqlite)
        try db.execute(sql: text, arguments: StatementArguments(values.map(\.databaseValue)))
        return db.changesCount
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
