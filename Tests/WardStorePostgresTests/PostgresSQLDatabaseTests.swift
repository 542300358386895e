import Foundation
import WardSQL
import WardStorePostgres
import XCTest

/// What only PostgreSQL does: the isolation levels, the retry on a lost race, the ward's schema,
/// application_name, errors mapped to the store's kinds, a dropped connection, numeric results.
/// Skipped without COTSIDE_TEST_POSTGRES_URL (a failure in CI).
final class PostgresSQLDatabaseTests: XCTestCase {
    static let table: [SQLQuery] = ["CREATE TABLE t (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name TEXT NOT NULL UNIQUE, n BIGINT)"]

    /// A fresh schema with the table, or a skip naming the variable.
    func withPostgres(
        retry: PostgresRetryPolicy = PostgresRetryPolicy(),
        file: StaticString = #filePath, line: UInt = #line,
        _ body: (PostgresSQLDatabase) async throws -> Void
    ) async throws {
        guard let location = try PostgresTestServer.locationOrSkip(file: file, line: line) else {
            if PostgresTestServer.isCI { return }
            throw XCTSkip(PostgresTestServer.skipMessage)
        }
        let (database, drop) = try await PostgresTestServer.freshSchema(at: location, retry: retry)
        do {
            try await database.write { connection in
                for statement in Self.table { try connection.execute(statement) }
            }
            try await body(database)
        } catch {
            try? await drop()
            throw error
        }
        try await drop()
    }

    func testTheTestServerIsConfigured() throws {
        guard try PostgresTestServer.locationOrSkip(file: #filePath, line: #line) != nil else {
            if PostgresTestServer.isCI { return }
            throw XCTSkip(PostgresTestServer.skipMessage)
        }
    }

    func testWritesAreSerializableAndReadsOneReadOnlySnapshot() async throws {
        try await withPostgres { database in
            let write = try await database.write { connection in
                try ["transaction_isolation", "transaction_read_only"].map {
                    try connection.fetchValue("SELECT current_setting(\($0))", as: String.self)
                }
            }
            let read = try await database.read { connection in
                try ["transaction_isolation", "transaction_read_only"].map {
                    try connection.fetchValue("SELECT current_setting(\($0))", as: String.self)
                }
            }
            XCTAssertEqual(write, ["serializable", "off"])
            XCTAssertEqual(read, ["repeatable read", "on"])
        }
    }

    func testAReadSeesOneSnapshotWhileAnotherWriteCommits() async throws {
        try await withPostgres { database in
            _ = try await database.write { try $0.execute("INSERT INTO t (name) VALUES ('before')") }
            let counts = try await database.read { connection -> [Int64] in
                let first = try connection.fetchValue("SELECT count(*) FROM t", as: Int64.self) ?? -1
                // A write on the other connection commits while this read is open.
                let done = DispatchSemaphore(value: 0)
                Task.detached {
                    _ = try? await database.write { try $0.execute("INSERT INTO t (name) VALUES ('during')") }
                    done.signal()
                }
                XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
                let second = try connection.fetchValue("SELECT count(*) FROM t", as: Int64.self) ?? -1
                return [first, second]
            }
            XCTAssertEqual(counts, [1, 1], "one snapshot for the whole read")
            let after = try await database.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int64.self) }
            XCTAssertEqual(after, 2)
        }
    }

    func testTheWardNamesTheSchemaTablesLiveIn() async throws {
        try await withPostgres { database in
            let schema = try await database.read { try $0.fetchValue("SELECT current_schema()", as: String.self) }
            XCTAssertEqual(schema, database.location.ward)
            // information_schema's columns are domains (sql_identifier over name, cardinal_number
            // over integer), read as their base types.
            let ward = database.location.ward
            let column = try await database.read {
                try $0.fetchOne("""
                    SELECT table_schema, column_name, ordinal_position, is_nullable FROM information_schema.columns
                    WHERE table_schema = \(ward) AND table_name = 't' AND column_name = 'n'
                    """)
            }
            XCTAssertEqual(try column?.decode("table_schema", as: String.self), database.location.ward)
            XCTAssertEqual(try column?.decode("column_name", as: String.self), "n")
            XCTAssertEqual(try column?.decode("ordinal_position", as: Int.self), 3)
            XCTAssertEqual(try column?.decode("is_nullable", as: String.self), "YES")
        }
    }

    func testEveryConnectionCarriesTheProcesssApplicationName() async throws {
        try await withPostgres { database in
            XCTAssertEqual(database.applicationName, PostgresSQLDatabase.processApplicationName)
            XCTAssertTrue(database.applicationName.hasPrefix("cotside-\(ProcessInfo.processInfo.processIdentifier)-"),
                          database.applicationName)
            let sent = try await [
                database.read { try $0.fetchValue("SELECT current_setting('application_name')", as: String.self) },
                database.write { try $0.fetchValue("SELECT current_setting('application_name')", as: String.self) },
            ]
            XCTAssertEqual(sent, [database.applicationName, database.applicationName])
        }
    }

    func testServerErrorsAreMappedToTheStoresKinds() async throws {
        try await withPostgres { database in
            _ = try await database.write { try $0.execute("INSERT INTO t (name) VALUES ('Ada')") }
            let statements: [(SQLQuery, SQLEngineError.Kind, String)] = [
                ("INSERT INTO t (name) VALUES ('Ada')", .constraint, "23505"),
                ("INSERT INTO t (name) VALUES (NULL)", .constraint, "23502"),
                ("SELECT nonsense FROM t", .other, "42703"),
                ("DO $$ BEGIN RAISE EXCEPTION SQLSTATE '08006'; END $$", .connectionLost, "08006"),
            ]
            for (statement, kind, code) in statements {
                do {
                    _ = try await database.write { try $0.execute(statement) }
                    XCTFail("\(statement.rendered(for: .postgres).text) should have failed")
                } catch let error as SQLEngineError {
                    XCTAssertEqual(error.kind, kind, "\(error)")
                    XCTAssertEqual(error.code, code, "\(error)")
                }
            }
        }
    }

    func testALostRaceIsRetriedABoundedNumberOfTimes() async throws {
        let attempts = Counter()
        try await withPostgres(retry: PostgresRetryPolicy(maxRetries: 5, baseDelay: 0.001)) { database in
            do {
                try await database.write { connection in
                    attempts.increment()
                    try connection.execute("DO $$ BEGIN RAISE EXCEPTION SQLSTATE '40001'; END $$")
                }
                XCTFail("a write that always loses should throw")
            } catch let error as SQLEngineError {
                XCTAssertEqual(error.kind, .serializationFailure)
            }
            XCTAssertEqual(attempts.value, 6, "the first run and 5 retries")
            // A deadlock (40P01) is a lost race too, also when the body catches it and throws its own.
            struct Mine: Error {}
            attempts.reset()
            let value = try await database.write { connection -> String in
                attempts.increment()
                if attempts.value == 1 {
                    do { try connection.execute("DO $$ BEGIN RAISE EXCEPTION SQLSTATE '40P01'; END $$") } catch { throw Mine() }
                }
                return "second run"
            }
            XCTAssertEqual(value, "second run")
            XCTAssertEqual(attempts.value, 2)
        }
    }

    func testABodyThatCatchesAFailedStatementCommitsNothing() async throws {
        try await withPostgres { database in
            do {
                try await database.write { connection in
                    try connection.execute("INSERT INTO t (name) VALUES ('kept?')")
                    _ = try? connection.execute("SELECT nonsense FROM t")
                }
                XCTFail("the transaction had failed; the write must not report success")
            } catch let error as SQLEngineError {
                XCTAssertEqual(error.kind, .other, "\(error)")
            }
            let count = try await database.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int64.self) }
            XCTAssertEqual(count, 0)
        }
    }

    func testADroppedConnectionIsReportedAndTheNextWriteReconnects() async throws {
        try await withPostgres { database in
            do {
                try await database.write { connection in
                    try connection.execute("INSERT INTO t (name) VALUES ('lost')")
                    // The server ends this connection in the middle of the transaction.
                    try connection.execute("SELECT pg_terminate_backend(pg_backend_pid())")
                }
                XCTFail("a write whose connection was terminated should fail")
            } catch let error as SQLEngineError {
                XCTAssertEqual(error.kind, .connectionLost, "\(error)")
            }
            _ = try await database.write { try $0.execute("INSERT INTO t (name) VALUES ('after')") }
            let names = try await database.read { try $0.fetchAll("SELECT name FROM t").map { try $0.decode("name", as: String.self) } }
            XCTAssertEqual(names, ["after"])
        }
    }

    func testAConnectionThatDiedWhileIdleIsOpenedAgainUnnoticed() async throws {
        try await withPostgres { database in
            let admin = try await PostgresSQLDatabase.open(database.location.with(ward: nil), applicationName: "cotside-test-admin")
            for round in 0..<5 {
                let pid = try await database.write { try $0.fetchValue("SELECT pg_backend_pid()", as: Int64.self) } ?? 0
                // The server ends the idle connection (a restart, an idle timeout); nothing was in flight.
                _ = try await admin.write { try $0.fetchValue("SELECT pg_terminate_backend(\(pid)::integer)", as: Bool.self) }
                let newPid = try await database.write { connection -> Int64? in
                    try connection.execute("INSERT INTO t (name) VALUES (\("round \(round)"))")
                    return try connection.fetchValue("SELECT pg_backend_pid()", as: Int64.self)
                }
                XCTAssertNotEqual(newPid, pid, "round \(round): a new connection")
            }
            await admin.close()
            let count = try await database.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int64.self) }
            XCTAssertEqual(count, 5)
        }
    }

    func testAnUnreachableServerIsAConnectionLoss() async throws {
        let location = try PostgresLocation(parsing: "postgres://cotside@127.0.0.1:1/cotside_test?sslmode=disable")
        do {
            _ = try await PostgresSQLDatabase.open(location)
            XCTFail("nothing listens on port 1")
        } catch let error as SQLEngineError {
            XCTAssertEqual(error.kind, .connectionLost, "\(error)")
        }
    }

    func testNumericResultsReadAsNumbers() async throws {
        try await withPostgres { database in
            let big: Int64 = 1_800_000_000_000
            let row = try await database.write { connection -> SQLRow? in
                try connection.execute("INSERT INTO t (name, n) VALUES ('a', \(big)), ('b', \(big + 1)), ('c', \(big + 1))")
                return try connection.fetchOne("SELECT sum(n) AS total, avg(n) AS mean, sum(n) / 7 AS seventh, 1.5::numeric AS half FROM t")
            }
            XCTAssertEqual(row?["total"], .integer(3 * big + 2), "a whole numeric is an exact integer")
            XCTAssertEqual(try row?.decode("total", as: Int64.self), 3 * big + 2)
            XCTAssertEqual(try row?.decode("mean", as: Double.self) ?? 0, Double(big) + 2.0 / 3, accuracy: 0.001)
            XCTAssertNil(try? row?.decode("seventh", as: Int64.self), "a numeric with a fraction is not an integer")
            XCTAssertEqual(try row?.decode("half", as: Double.self), 1.5)
        }
    }

    func testATypeCotsideDoesNotReadIsRefusedNamingTheColumn() async throws {
        try await withPostgres { database in
            do {
                _ = try await database.read { try $0.fetchAll("SELECT now() AS stamp") }
                XCTFail("a timestamp should be refused")
            } catch let error as SQLDecodingError {
                XCTAssertEqual(error.column, "stamp")
            }
            let text = try await database.read { try $0.fetchValue("SELECT now()::text AS stamp", as: String.self) }
            XCTAssertNotNil(text)
        }
    }
}

/// A count shared between a body (which may run more than once) and the test.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
    func reset() { lock.withLock { count = 0 } }
}
