import Foundation
import GRDB
@testable import WardStore
import WardSQL
import XCTest

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
