/// A record stored as one table row: read from an `SQLRow` by column name, written from its
/// `Codable` properties (one column each, named as the property), on either engine. Every record
/// has an integer `id` chosen by the database.
public protocol SQLRecord: Codable, Sendable {
    static var tableName: String { get }
    var id: Int64 { get }
    /// Reads the record from a row. The default decodes through `Codable`; records fetched by the
    /// hundred write it out by hand (generic containers cost runtime type lookups per value).
    init(row: SQLRow) throws
    /// The record's columns and values as stored, in declaration order. The default encodes
    /// through `Codable`; a record stored differently from its properties (a medication's
    /// schedule is several columns) says so here.
    func storedColumns() throws -> [(name: String, value: SQLValue)]
}

extension SQLRecord {
    public init(row: SQLRow) throws { self = try SQLRowDecoder.decode(Self.self, from: row) }

    public func storedColumns() throws -> [(name: String, value: SQLValue)] { try SQLRowEncoder.encode(self) }
}

extension SQLConnection {
    /// The records a query returns.
    public func fetchRecords<R: SQLRecord>(_ type: R.Type, _ sql: SQLQuery) throws -> [R] {
        try fetchAll(sql).map(R.init(row:))
    }

    /// The first record a query returns, or nil.
    public func fetchRecord<R: SQLRecord>(_ type: R.Type, _ sql: SQLQuery) throws -> R? {
        try fetchOne(sql).map(R.init(row:))
    }

    /// The record with this id, or nil.
    public func fetchRecord<R: SQLRecord>(_ type: R.Type, id: Int64) throws -> R? {
        try fetchRecord(type, "SELECT * FROM \(sql: SQLQuery(verbatim: R.tableName)) WHERE id = \(id)")
    }

    /// Inserts the record (its `id` is ignored: the database chooses one) and returns the new id.
    @discardableResult
    public func insert<R: SQLRecord>(_ record: R) throws -> Int64 {
        let columns = try record.storedColumns().filter { $0.name != "id" }
        let names = SQLQuery(verbatim: columns.map(\.name).joined(separator: ", "))
        let values = SQLQuery.joined(columns.map { SQLQuery.value($0.value) }, separator: ", ")
        return try insertReturningId(
            "INSERT INTO \(sql: SQLQuery(verbatim: R.tableName)) (\(sql: names)) VALUES (\(sql: values)) RETURNING id")
    }

    /// Writes every column of the record over the row with its id; throws when no row has it.
    public func update<R: SQLRecord>(_ record: R) throws {
        let assignments = try record.storedColumns().filter { $0.name != "id" }.map { column -> SQLQuery in
            SQLQuery(verbatim: column.name + " = ") + .value(column.value)
        }
        let changed = try execute("UPDATE \(sql: SQLQuery(verbatim: R.tableName)) SET \(sql: .joined(assignments, separator: ", ")) "
                                  + "WHERE id = \(record.id)")
        guard changed == 1 else { throw SQLRecordNotFound(table: R.tableName, id: record.id) }
    }
}

/// An update of a row that is not there: the caller read it in the same transaction, so this is
/// a programming error, reported with the table and id.
public struct SQLRecordNotFound: Error, CustomStringConvertible, Sendable {
    public let table: String
    public let id: Int64
    public var description: String { "no \(table) row with id \(id) to update" }
}
