import Foundation
import PostgresNIO
import WardSQL

/// One PostgreSQL connection inside a read or write, handed to the body. Each statement is sent
/// and waited for on the engine's own thread (`EventLoopFuture.wait()`, never on an event loop
/// or a Swift-concurrency thread), so the body stays synchronous.
///
/// It remembers whether a statement in this attempt lost a race (40001 / 40P01), so the
/// transaction is retried even when the body caught that error and threw its own.
final class PostgresSQLConnection: SQLConnection {
    let connection: PostgresConnection
    let logger: Logger
    private let domains: PostgresDomainTypes
    private(set) var lostRace = false

    init(_ connection: PostgresConnection, logger: Logger, domains: PostgresDomainTypes) {
        self.connection = connection
        self.logger = logger
        self.domains = domains
    }

    var dialect: SQLDialect { .postgres }

    func fetchAll(_ sql: SQLQuery) throws -> [SQLRow] {
        let result = try run(sql)
        guard let first = result.rows.first else { return [] }
        let columns = SQLColumns(first.map(\.columnName))
        let types = try first.map { try baseType(of: $0.dataType) }
        return try result.rows.map { row in
            SQLRow(columns: columns, values: try zip(row, types).map { cell, type in
                var cell = cell
                cell.dataType = type
                return try SQLValue(cell: cell)
            })
        }
    }

    /// A domain's base type (information_schema's `sql_identifier` is a `name`, `cardinal_number`
    /// an `integer`), looked up once per process; any other type as it is.
    private func baseType(of type: PostgresDataType) throws -> PostgresDataType {
        guard !SQLValue.readableTypes.contains(type) else { return type }
        if let known = domains[type] { return known }
        var base = type
        for _ in 0..<8 {
            let row = try fetchOneUnresolved(
                "SELECT typtype::text AS kind, typbasetype::bigint AS base FROM pg_type WHERE oid = \(Int64(base.rawValue))::oid")
            guard let row, case .text("d") = row[0], case .integer(let next) = row[1] else { break }
            base = PostgresDataType(UInt32(next))
            if SQLValue.readableTypes.contains(base) { break }
        }
        domains[type] = base
        return base
    }

    /// The first row's values of a query whose columns are all of readable types (no lookups).
    private func fetchOneUnresolved(_ sql: SQLQuery) throws -> [SQLValue]? {
        try run(sql).rows.first.map { row in try row.map(SQLValue.init(cell:)) }
    }

    @discardableResult
    func execute(_ sql: SQLQuery) throws -> Int {
        try run(sql).metadata.rows ?? 0
    }

    /// The statement's command tag (`COMMIT` answers `ROLLBACK` when the transaction had failed).
    func commandTag(_ sql: SQLQuery) throws -> String {
        try run(sql).metadata.command
    }

    private func run(_ sql: SQLQuery) throws -> PostgresQueryResult {
        let (text, values) = sql.rendered(for: .postgres)
        var binds = PostgresBindings(capacity: values.count)
        for value in values { value.bind(into: &binds) }
        do {
            return try connection.query(PostgresQuery(unsafeSQL: text, binds: binds), logger: logger).wait()
        } catch {
            let mapped = PostgresErrorMapping.engineError(error)
            if mapped.kind == .serializationFailure { lostRace = true }
            throw mapped
        }
    }
}

extension SQLValue {
    /// Bound with its type, so `$1` of an Int64 is a bigint, a Bool a boolean, bytes a bytea; NULL
    /// is sent untyped and takes the type the statement gives its place. Comparisons and
    /// assignments to integer columns accept a bigint; a function taking an `integer` does not
    /// (`pg_terminate_backend(\(pid)::integer)`, `substr(x, \(n)::integer)`).
    func bind(into binds: inout PostgresBindings) {
        switch self {
        case .null: binds.appendNull()
        case .integer(let i): binds.append(i)
        case .real(let d): binds.append(d)
        case .text(let s): binds.append(s)
        case .blob(let bytes): binds.append(ByteBuffer(bytes: bytes))
        case .boolean(let b): binds.append(b)
        }
    }

    /// The types a cell can be read from (a domain over one of them is read as it).
    static let readableTypes: Set<PostgresDataType> = [
        .int8, .int4, .int2, .oid, .float8, .float4, .numeric, .text, .varchar, .bpchar, .name, .char, .unknown,
        .json, .jsonb, .bytea, .bool, .void,
    ]

    /// A result cell in the storage classes both engines share: integers of every width as
    /// `.integer`, float4/float8 as `.real`, numeric (what `sum`/`avg` of integers return) as
    /// `.integer` when it is whole and fits, `.real` otherwise, text-like types as `.text`, bytea
    /// as `.blob`, boolean as `.boolean`. Any other type is refused naming the column: cast it
    /// in the query (`::text`, `::bigint`).
    init(cell: PostgresCell) throws {
        guard var bytes = cell.bytes else {
            self = .null
            return
        }
        do {
            switch cell.dataType {
            case .int8, .int4, .int2:
                self = .integer(try cell.decode(Int64.self))
            case .oid where cell.format == .binary:
                guard let oid = bytes.readInteger(as: UInt32.self) else { throw PostgresDecodingError.Code.failure }
                self = .integer(Int64(oid))
            case .float8, .float4:
                self = .real(try cell.decode(Double.self))
            case .numeric:
                let decimal = try cell.decode(Decimal.self)
                self = Self.number(decimal)
            case .text, .varchar, .bpchar, .name, .char, .unknown, .json, .jsonb:
                self = .text(try cell.decode(String.self))
            case .bytea:
                self = .blob(Array(try cell.decode(ByteBuffer.self).readableBytesView))
            case .bool:
                self = .boolean(try cell.decode(Bool.self))
            case .void:
                self = .null
            default:
                throw SQLDecodingError(column: cell.columnName, expected: "integer, real, numeric, text, bytea or boolean",
                                       found: "PostgreSQL type \(cell.dataType) (cast it in the query)")
            }
        } catch let error as SQLDecodingError {
            throw error
        } catch {
            throw SQLDecodingError(column: cell.columnName, expected: "a readable \(cell.dataType)", found: "\(error)")
        }
    }

    /// A numeric: exact as an integer when whole and within Int64 (sums of millisecond times
    /// stay exact), a double otherwise.
    static func number(_ decimal: Decimal) -> SQLValue {
        var value = decimal
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 0, .plain)
        let integer = NSDecimalNumber(decimal: decimal).int64Value
        if rounded == decimal, Decimal(integer) == decimal { return .integer(integer) }
        return .real(NSDecimalNumber(decimal: decimal).doubleValue)
    }
}

/// Domains seen by this process and their base types, shared by its connections (a domain's
/// base type never changes while it exists).
final class PostgresDomainTypes: @unchecked Sendable {
    private let lock = NSLock()
    private var bases: [PostgresDataType: PostgresDataType] = [:]

    subscript(type: PostgresDataType) -> PostgresDataType? {
        get { lock.lock(); defer { lock.unlock() }; return bases[type] }
        set { lock.lock(); defer { lock.unlock() }; bases[type] = newValue }
    }
}
