import Foundation
import GRDB
@testable import WardStore
import WardSQL
import XCTest

/// The portable interface on SQLite: bound values, RETURNING, booleans, per-engine spellings
/// and the transaction rule (a throwing write leaves nothing behind).
final class GRDBSQLDatabaseTests: XCTestCase {
    func makeDatabase() throws -> GRDBSQLDatabase {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, flag INTEGER NOT NULL, at INTEGER)")
        }
        return GRDBSQLDatabase(queue)
    }

    func testInsertReturningAndReadBackByName() async throws {
        let database = try makeDatabase()
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        let ids = try await database.write { connection in
            try ["Ada", "Zoë"].map { name in
                try connection.insertReturningId("INSERT INTO t (name, flag, at) VALUES (\(name), \(name == "Ada"), \(at)) RETURNING id")
            }
        }
        XCTAssertEqual(ids, [1, 2])
        let rows = try await database.read { connection in
            try connection.fetchAll("SELECT id, name AS Name, flag, at FROM t WHERE flag = \(true) ORDER BY id")
        }
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(try rows[0].decode("name", as: String.self), "Ada")
        XCTAssertEqual(try rows[0].decode("flag", as: Bool.self), true)
        XCTAssertEqual(try rows[0].decode("at", as: Date.self), at)
    }

    func testPortableSpellingsRunOnSQLite() async throws {
        let database = try makeDatabase()
        let values = try await database.write { connection -> [Int64?] in
            try connection.execute("INSERT INTO t (name, flag) VALUES ('a', 1), ('b', 0), ('c', 1)")
            return [
                try connection.fetchValue("SELECT \(sql: SQLQuery.greatest("2", "5"))", as: Int64.self),
                try connection.fetchValue("SELECT \(sql: SQLQuery.integerTotal("flag")) FROM t", as: Int64.self),
                try connection.fetchValue("SELECT \(sql: SQLQuery.integerTotal("flag")) FROM t WHERE name = 'none'", as: Int64.self),
                try connection.fetchValue("SELECT count(*) FROM t WHERE \(sql: SQLQuery.same("at", SQLQuery.value(Date?.none)))", as: Int64.self),
                try connection.fetchValue("SELECT count(*) FILTER (WHERE flag = \(true)) FROM t", as: Int64.self),
            ]
        }
        XCTAssertEqual(values, [5, 2, 0, 3, 2])
    }

    func testAWriteThatThrowsLeavesNothingBehind() async throws {
        struct Refused: Error {}
        let database = try makeDatabase()
        do {
            try await database.write { connection in
                try connection.execute("INSERT INTO t (name, flag) VALUES ('kept?', 1)")
                throw Refused()
            }
            XCTFail("the write should have thrown")
        } catch is Refused {}
        let count = try await database.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int64.self) }
        XCTAssertEqual(count, 0)
    }

    func testChangedRowsAreCounted() async throws {
        let database = try makeDatabase()
        let changed = try await database.write { connection -> Int in
            try connection.execute("INSERT INTO t (name, flag) VALUES ('a', 1), ('b', 0), ('c', 1)")
            return try connection.execute("UPDATE t SET flag = \(false) WHERE flag = \(true)")
        }
        XCTAssertEqual(changed, 2)
    }
}

private struct Entry: SQLRecord, Equatable {
    static let tableName = "t"
    var id: Int64
    var name: String
    var flag: Bool
    var at: Date?
}

/// Records inserted, read and updated through the portable interface on SQLite.
final class GRDBSQLRecordTests: XCTestCase {
    func testInsertFetchAndUpdateARecord() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL, flag INTEGER NOT NULL, at INTEGER)")
        }
        let database = GRDBSQLDatabase(queue)
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        let stored = try await database.write { connection -> Entry? in
            let id = try connection.insert(Entry(id: 0, name: "Ada", flag: true, at: at))
            var entry = try connection.fetchRecord(Entry.self, id: id)
            entry?.name = "Ada Okafor"
            try entry.map(connection.update)
            return try connection.fetchRecord(Entry.self, id: id)
        }
        XCTAssertEqual(stored, Entry(id: 1, name: "Ada Okafor", flag: true, at: at))
        let missing = Entry(id: 99, name: "nobody", flag: false, at: nil)
        do {
            try await database.write { try $0.update(missing) }
            XCTFail("an update of a missing row should throw")
        } catch let error as SQLRecordNotFound {
            XCTAssertEqual(error.description, "no t row with id 99 to update")
        }
    }
}

/// SQLite's errors reach portable code as `SQLEngineError`, as PostgreSQL's do.
final class GRDBSQLErrorTests: XCTestCase {
    func testAConstraintRefusalIsReportedAsAConstraint() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)") }
        let database = GRDBSQLDatabase(queue)
        do {
            try await database.write { connection in
                try connection.execute("INSERT INTO t (name) VALUES (\("Ada"))")
                try connection.execute("INSERT INTO t (name) VALUES (\("Ada"))")
            }
            XCTFail("a duplicate should be refused")
        } catch let error as SQLEngineError {
            XCTAssertEqual(error.kind, .constraint)
            XCTAssertTrue(error.message.contains("UNIQUE"), error.message)
        }
    }
}
