import Foundation
import GRDB
import WardSQL
import WardStore
import WardStorePostgres
import XCTest

/// One test body, two engines: `forEachEngine` runs the body on a fresh in-memory SQLite
/// database (GRDB) and, when `COTSIDE_TEST_POSTGRES_URL` names a server, on PostgreSQL in a
/// schema of its own made for the test and dropped after it. (XCTest on Linux does not find test
/// methods inherited from a base class, so the bodies are shared through this helper instead.)
///
/// Without the variable the PostgreSQL run is left out (and `PostgresTestServer` says so once);
/// with `CI` set it is a failure instead, so CI never passes without having run PostgreSQL.
enum PostgresTestServer {
    static let variable = "COTSIDE_TEST_POSTGRES_URL"

    /// The server's location, nil when the variable is unset.
    static var location: PostgresLocation? {
        get throws {
            guard let url = ProcessInfo.processInfo.environment[variable], !url.isEmpty else { return nil }
            return try PostgresLocation(parsing: url)
        }
    }

    static var isCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false", "no"].contains(value.lowercased())
    }

    static let skipMessage = "PostgreSQL runs skipped: set \(variable) to a server's URL (`eval \"$(scripts/postgres-test-server start)\"` starts a throwaway one)"

    private static let announced = NSLock()
    nonisolated(unsafe) private static var hasAnnounced = false

    /// The location, or nil after saying once why there is none; in CI a missing server fails the test.
    static func locationOrSkip(file: StaticString, line: UInt) throws -> PostgresLocation? {
        if let location = try location { return location }
        if isCI {
            XCTFail("CI is set but \(variable) is not: the PostgreSQL runs cannot be skipped in CI", file: file, line: line)
            return nil
        }
        let first = announced.withLock { () -> Bool in
            defer { hasAnnounced = true }
            return !hasAnnounced
        }
        if first { print(skipMessage) }
        return nil
    }

    /// A PostgreSQL database in a new, empty schema (`cotside_t_<random>`), and the way to drop it.
    static func freshSchema(
        at location: PostgresLocation, retry: PostgresRetryPolicy = PostgresRetryPolicy()
    ) async throws -> (PostgresSQLDatabase, drop: @Sendable () async throws -> Void) {
        let schema = "cotside_t_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let admin = try await PostgresSQLDatabase.open(location.with(ward: nil))
        _ = try await admin.write { try $0.execute(SQLQuery(verbatim: "CREATE SCHEMA \(schema)")) }
        let database = try await PostgresSQLDatabase.open(location.with(ward: schema), retry: retry)
        return (database, {
            await database.close()
            _ = try await admin.write { try $0.execute(SQLQuery(verbatim: "DROP SCHEMA \(schema) CASCADE")) }
            await admin.close()
        })
    }
}

extension XCTestCase {
    /// Runs `body` on SQLite, then on PostgreSQL when a server is configured. `schema` (written
    /// once, with `SQLQuery.dialect` where the engines differ) is created first on each. A
    /// failure names the engine it happened on.
    func forEachEngine(
        schema: [SQLQuery] = [],
        file: StaticString = #filePath, line: UInt = #line,
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Void
    ) async throws {
        let sqlite = GRDBSQLDatabase(try DatabaseQueue())
        await run(body, on: sqlite, schema: schema, file: file, line: line)

        guard let location = try PostgresTestServer.locationOrSkip(file: file, line: line) else { return }
        let (postgres, drop) = try await PostgresTestServer.freshSchema(at: location)
        await run(body, on: postgres, schema: schema, file: file, line: line)
        try await drop()
    }

    private func run(
        _ body: @Sendable (any SQLDatabase) async throws -> Void, on database: any SQLDatabase,
        schema: [SQLQuery], file: StaticString, line: UInt
    ) async {
        do {
            if !schema.isEmpty {
                try await database.write { connection in
                    for statement in schema { try connection.execute(statement) }
                }
            }
            try await body(database)
        } catch {
            XCTFail("on \(database.dialect): \(error)", file: file, line: line)
        }
    }
}
