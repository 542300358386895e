import Foundation
import WardSQL
import XCTest

/// What the store relies on from either engine, each body run on SQLite and on PostgreSQL: bound
/// values, RETURNING, rows read by name, booleans, the portable spellings giving the same results,
/// every storage class surviving a round trip, and the transaction rule (a throwing write leaves
/// nothing behind).
final class SQLDatabaseContractTests: XCTestCase {
    /// One table for the contract: an identity id, a boolean, an integer, an instant, a real, bytes.
    static let table: [SQLQuery] = [
        SQLQuery(verbatim: "CREATE TABLE t (id ")
            + SQLQuery.dialect(sqlite: "INTEGER PRIMARY KEY", postgres: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY")
            + SQLQuery(verbatim: ", name TEXT NOT NULL, flag BOOLEAN NOT NULL, n BIGINT NOT NULL DEFAULT 0, at BIGINT, score DOUBLE PRECISION, data ")
            + SQLQuery.dialect(sqlite: "BLOB", postgres: "BYTEA") + SQLQuery(verbatim: ")"),
    ]

    func testInsertReturningAndReadBackByName() async throws {
        try await forEachEngine(schema: Self.table) { database in
            let at = Date(timeIntervalSince1970: 1_800_000_000)
            let ids = try await database.write { connection in
                try ["Ada", "Zoë"].map { name in
                    try connection.insertReturningId("INSERT INTO t (name, flag, at) VALUES (\(name), \(name == "Ada"), \(at)) RETURNING id")
                }
            }
            XCTAssertEqual(ids, [1, 2], "\(database.dialect)")
            let rows = try await database.read { connection in
                try connection.fetchAll("SELECT id, name AS Name, flag, at FROM t WHERE flag = \(true) ORDER BY id")
            }
            XCTAssertEqual(rows.count, 1, "\(database.dialect)")
            XCTAssertEqual(try rows[0].decode("name", as: String.self), "Ada")
            XCTAssertEqual(try rows[0].decode("flag", as: Bool.self), true)
            XCTAssertEqual(try rows[0].decode("at", as: Date.self), at)
        }
    }

    func testColumnsAreReadWithoutRegardToCase() async throws {
        try await forEachEngine(schema: Self.table) { database in
            let row = try await database.write { connection in
                try connection.execute("INSERT INTO t (name, flag) VALUES ('Ada', TRUE)")
                return try connection.fetchOne("SELECT name AS patientId, count(*) AS bedCount FROM t GROUP BY name")
            }
            XCTAssertEqual(try row?.decode("patientId", as: String.self), "Ada", "\(database.dialect)")
            XCTAssertEqual(try row?.decode("PATIENTID", as: String.self), "Ada", "\(database.dialect)")
            XCTAssertEqual(try row?.decode("bedcount", as: Int.self), 1, "\(database.dialect)")
        }
    }

    func testPortableSpellingsGiveTheSameResultsOnBothEngines() async throws {
        try await forEachEngine(schema: Self.table) { database in
            let values = try await database.write { connection -> [SQLValue] in
                try connection.execute("""
                    INSERT INTO t (name, flag, n, at, score) VALUES
                    ('a', TRUE, 3, NULL, 1.5), ('B', FALSE, 4, 1000, 2.0), ('c', TRUE, 5, 2000, NULL)
                    """)
                let selects: [SQLQuery] = [
                    "SELECT \(sql: .greatest("2", "5"))",
                    "SELECT \(sql: .least("2", "5"))",
                    "SELECT \(sql: .integerTotal("n")) FROM t",
                    "SELECT \(sql: .integerTotal("n")) FROM t WHERE name = 'none'",
                    "SELECT \(sql: .realTotal("score")) FROM t",
                    "SELECT \(sql: .realTotal("score")) FROM t WHERE name = 'none'",
                    "SELECT \(sql: .average("n")) FROM t",
                    "SELECT count(*) FROM t WHERE \(sql: .same("at", .value(Date?.none)))",
                    "SELECT count(*) FROM t WHERE \(sql: .same("at", .value(Int64(1000))))",
                    "SELECT count(*) FROM t WHERE \(sql: .differs("at", .value(Int64(1000))))",
                    "SELECT count(*) FILTER (WHERE flag = \(true)) FROM t",
                    "SELECT count(*) FILTER (WHERE NOT flag) FROM t",
                    "SELECT count(*) FROM t a \(sql: .orderedJoin) t b ON b.n = a.n + 1",
                    "SELECT count(*) FROM t WHERE n IN (\(sql: .list([Int64(3), 5, 9])))",
                    "SELECT count(*) FROM t WHERE n IN (\(sql: .list([Int64]())))",
                    "SELECT count(*) FROM t WHERE lower(name) = lower(\("b"))",
                    "SELECT max(id) FROM t",
                    "SELECT name FROM t ORDER BY n DESC LIMIT 1",
                    "SELECT x.total FROM (SELECT sum(n) AS total FROM t) AS x",
                ]
                return try selects.map { try connection.fetchOne($0)?.values.first ?? .null }
            }
            let expected: [SQLValue] = [
                .integer(5), .integer(2), .integer(12), .integer(0), .real(3.5), .real(0), .real(4),
                .integer(1), .integer(1), .integer(2), .integer(2), .integer(1), .integer(2), .integer(2), .integer(0),
                .integer(1), .integer(3), .text("c"), .integer(12),
            ]
            XCTAssertEqual(values, expected, "\(database.dialect)")
        }
    }

    func testValuesOfEveryClassRoundTrip() async throws {
        let texts = ["", "Zoë O'Brien", "🍼 \"feed\"\n\t2/24", String(repeating: "x", count: 10_000)]
        let integers: [Int64] = [0, -1, 1, Int64(Int32.max) + 1, .max, .min, 1_800_000_000_123]
        let reals: [Double] = [0, -0.5, 0.1, .pi, 1e300, -1e-300]
        let blobs: [[UInt8]] = [[], [0], [0, 1, 2, 255, 0], Array(0...255)]
        try await forEachEngine(schema: Self.table) { database in
            let rows = try await database.write { connection -> [SQLRow] in
                for (i, text) in texts.enumerated() {
                    try connection.execute("""
                        INSERT INTO t (name, flag, n, at, score, data) VALUES
                        (\(text), \(i % 2 == 0), \(integers[i]), \(i == 0 ? nil : integers[i + 3]), \(reals[i]), \(Data(blobs[i])))
                        """)
                }
                return try connection.fetchAll("SELECT name, flag, n, at, score, data FROM t ORDER BY id")
            }
            XCTAssertEqual(rows.count, texts.count, "\(database.dialect)")
            for (i, row) in rows.enumerated() {
                XCTAssertEqual(try row.decode("name", as: String.self), texts[i], "\(database.dialect) row \(i)")
                XCTAssertEqual(try row.decode("flag", as: Bool.self), i % 2 == 0, "\(database.dialect) row \(i)")
                XCTAssertEqual(try row.decode("n", as: Int64.self), integers[i], "\(database.dialect) row \(i)")
                XCTAssertEqual(try row.decode("at", as: Int64?.self), i == 0 ? nil : integers[i + 3], "\(database.dialect) row \(i)")
                XCTAssertEqual(try row.decode("score", as: Double.self), reals[i], "\(database.dialect) row \(i)")
                XCTAssertEqual(try row.decode("data", as: Data.self), Data(blobs[i]), "\(database.dialect) row \(i)")
            }
            // Bound values come back as they went, also without a column to give them a type.
            let echoed = try await database.read { connection -> [SQLValue] in
                let values: [SQLValue] = [.integer(.max), .integer(.min), .real(0.1), .text("Zoë"), .blob([0, 255]), .boolean(true), .boolean(false)]
                return try values.map { try connection.fetchOne("SELECT \($0) AS v")?["v"] ?? .null }
            }
            let expectedEcho: [SQLValue] = database.dialect == .sqlite
                ? [.integer(.max), .integer(.min), .real(0.1), .text("Zoë"), .blob([0, 255]), .integer(1), .integer(0)]
                : [.integer(.max), .integer(.min), .real(0.1), .text("Zoë"), .blob([0, 255]), .boolean(true), .boolean(false)]
            XCTAssertEqual(echoed, expectedEcho, "\(database.dialect)")
        }
    }

    func testBooleansReadAsBooleansAndCountWithFilter() async throws {
        try await forEachEngine(schema: Self.table) { database in
            let (flags, counts) = try await database.write { connection -> ([Bool], [Int]) in
                for flag in [true, false, true, true] { try connection.execute("INSERT INTO t (name, flag) VALUES ('x', \(flag))") }
                let flags = try connection.fetchAll("SELECT flag FROM t ORDER BY id").map { try $0.decode("flag", as: Bool.self) }
                let row = try connection.fetchOne("""
                    SELECT count(*) FILTER (WHERE flag) AS yes, count(*) FILTER (WHERE NOT flag) AS no,
                           count(*) FILTER (WHERE flag = \(false)) AS bound, count(*) AS total FROM t
                    """)
                return (flags, try ["yes", "no", "bound", "total"].map { try row!.decode($0, as: Int.self) })
            }
            XCTAssertEqual(flags, [true, false, true, true], "\(database.dialect)")
            XCTAssertEqual(counts, [3, 1, 1, 4], "\(database.dialect)")
        }
    }

    func testAWriteThatThrowsLeavesNothingBehind() async throws {
        struct Refused: Error {}
        try await forEachEngine(schema: Self.table) { database in
            do {
                try await database.write { connection in
                    try connection.execute("INSERT INTO t (name, flag) VALUES ('kept?', TRUE)")
                    throw Refused()
                }
                XCTFail("the write should have thrown on \(database.dialect)")
            } catch is Refused {}
            let count = try await database.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int64.self) }
            XCTAssertEqual(count, 0, "\(database.dialect)")
        }
    }

    func testChangedRowsAreCounted() async throws {
        try await forEachEngine(schema: Self.table) { database in
            let changed = try await database.write { connection -> [Int] in
                [
                    try connection.execute("INSERT INTO t (name, flag) VALUES ('a', TRUE), ('b', FALSE), ('c', TRUE)"),
                    try connection.execute("UPDATE t SET flag = \(false) WHERE flag = \(true)"),
                    try connection.execute("DELETE FROM t WHERE name = \("none")"),
                ]
            }
            XCTAssertEqual(changed, [3, 2, 0], "\(database.dialect)")
        }
    }

    func testAReadCannotWrite() async throws {
        try await forEachEngine(schema: Self.table) { database in
            do {
                _ = try await database.read { try $0.execute("INSERT INTO t (name, flag) VALUES ('x', TRUE)") }
                XCTFail("a read wrote on \(database.dialect)")
            } catch {}
            let count = try await database.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int64.self) }
            XCTAssertEqual(count, 0, "\(database.dialect)")
        }
    }
}
