/// The one interface the store's queries and rules are written against; GRDB runs it on
/// SQLite (in WardStore) and postgres-nio on PostgreSQL (in WardStorePostgres).
///
/// Threading: `read` and `write` run their body on the engine's own thread (GRDB's queue, the
/// PostgreSQL connection's thread), never on the caller's executor, and the body is synchronous,
/// so a rule reads, decides and writes with no suspension in between. The body may run more
/// than once: PostgreSQL writes are SERIALIZABLE and retried on a serialization failure or
/// deadlock, so a body has no effects outside the connection it is given. A statement that fails
/// ends the transaction on PostgreSQL (SQLite carries on): a body never catches an engine error
/// to go on with other statements; the write would then throw at COMMIT.
public protocol SQLDatabase: Sendable {
    var dialect: SQLDialect { get }

    /// One consistent snapshot: every statement in the body sees the same committed state.
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T

    /// One transaction: all of the body's statements commit together or none do.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T
}

/// A connection inside a read or write, handed to the body. Not Sendable: it belongs to the
/// body's thread for the body's duration.
public protocol SQLConnection {
    var dialect: SQLDialect { get }

    /// Every row of a query.
    func fetchAll(_ sql: SQLQuery) throws -> [SQLRow]

    /// Every row of a query, each handed to `body` as it is read and then dropped: for results of
    /// thousands of rows folded as they come (GRDB steps its cursor; an engine without one reads
    /// them all first, which is the default).
    func forEachRow(_ sql: SQLQuery, _ body: (SQLRow) throws -> Void) throws

    /// Runs a statement that returns no rows; the number of rows it changed.
    @discardableResult
    func execute(_ sql: SQLQuery) throws -> Int
}

extension SQLConnection {
    public func forEachRow(_ sql: SQLQuery, _ body: (SQLRow) throws -> Void) throws {
        for row in try fetchAll(sql) { try body(row) }
    }

    /// The first row, or nil. The query should say `LIMIT 1` when more rows may match.
    public func fetchOne(_ sql: SQLQuery) throws -> SQLRow? { try fetchAll(sql).first }

    /// The first column of the first row (`SELECT count(*) …`), nil when there is no row.
    public func fetchValue<T: SQLValueConvertible>(_ sql: SQLQuery, as type: T.Type = T.self) throws -> T? {
        try fetchOne(sql)?.first(as: type)
    }

    /// Runs an `INSERT … RETURNING id` and returns the new row's id.
    public func insertReturningId(_ sql: SQLQuery) throws -> Int64 {
        guard let id = try fetchValue(sql, as: Int64.self) else {
            throw SQLDecodingError(column: "id", expected: "the inserted row's id", found: "no row returned")
        }
        return id
    }
}

/// An error from an engine, with what the store needs to decide: whether the transaction lost a
/// race and may be retried, and whether a constraint refused the write.
public struct SQLEngineError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        /// PostgreSQL SQLSTATE 40001 / 40P01 (SQLite's busy is handled by GRDB's busy timeout).
        case serializationFailure
        /// A unique, check, not-null or foreign-key constraint refused the statement.
        case constraint
        /// The server went away or could not be reached.
        case connectionLost
        case other
    }

    public let kind: Kind
    /// The engine's own code (an SQLSTATE or an SQLite result code) and message.
    public let code: String
    public let message: String

    public init(kind: Kind, code: String, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    public var description: String { "\(message) (\(code))" }

    /// SQLSTATE 08007, transaction_resolution_unknown: the connection was lost while COMMIT was
    /// on its way, so the write may or may not have been saved. Its kind is `.connectionLost`.
    public static let commitOutcomeUnknownCode = "08007"

    /// The write may have been saved or not (the connection dropped during COMMIT): the person
    /// must look before recording it again, unlike any other lost write, which saved nothing.
    public var isCommitOutcomeUnknown: Bool { kind == .connectionLost && code == Self.commitOutcomeUnknownCode }
}
