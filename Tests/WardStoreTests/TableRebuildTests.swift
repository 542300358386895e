import GRDB
import XCTest
@testable import WardStore

/// The table rebuild every CHECK-changing migration shares (v11–v14): what hangs off the table
/// survives it, and only what names the table itself is taken down and made again.
final class TableRebuildTests: XCTestCase {
    func testItFindsTextThatNamesTheTableItselfOnly() {
        XCTAssertTrue(TableRebuild.names("CREATE VIEW v AS SELECT * FROM patient WHERE id = 1", table: "patient"))
        XCTAssertTrue(TableRebuild.names(#"SELECT "patient".id FROM "patient""#, table: "patient"))
        XCTAssertFalse(TableRebuild.names("SELECT patientId FROM audit_patient", table: "patient"))
        XCTAssertFalse(TableRebuild.names("SELECT count(*) AS feeds FROM x", table: "feed"))
        XCTAssertFalse(TableRebuild.names("WHERE entity = 'feed'", table: "feed"), "the audit entity's name is a string, not the table")
        XCTAssertTrue(TableRebuild.names("SELECT patientId FROM feed WHERE id = NEW.entityId", table: "feed"))
    }

    /// A table with an index, a trigger of its own, a trigger elsewhere that reads it and a view:
    /// after a rebuild that tightens a CHECK, rows, ids, the counter and every dependent are as
    /// before, and the new CHECK holds.
    func testARebuildKeepsRowsIdsCounterAndEveryDependent() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE thing (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, size INTEGER);
                CREATE TABLE log (id INTEGER PRIMARY KEY, thingId INTEGER, note TEXT);
                CREATE INDEX thing_kind ON thing(kind);
                CREATE TRIGGER thing_logged AFTER INSERT ON thing BEGIN INSERT INTO log (thingId, note) VALUES (NEW.id, 'made'); END;
                CREATE TRIGGER log_reads_thing AFTER INSERT ON log BEGIN UPDATE log SET note = note || (SELECT kind FROM thing WHERE id = NEW.thingId) WHERE id = NEW.id; END;
                CREATE VIEW big_things AS SELECT * FROM thing WHERE size > 2;
                INSERT INTO thing (kind, size) VALUES ('a', 1), ('b', 3), ('c', 5);
                DELETE FROM thing WHERE id = 3;
                """)
        }
        let before = try queue.read { db in try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type <> 'table' ORDER BY name") }
        try queue.write { db in
            try TableRebuild.rebuild("thing", db) { name in
                "CREATE TABLE \(name) (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL CHECK (kind IN ('a', 'b', 'd')), size INTEGER, extra TEXT)"
            }
        }
        try queue.write { db in
            let after = try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE type <> 'table' ORDER BY name")
            XCTAssertEqual(after, before, "every index, trigger and view is made again as it was")
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT kind FROM thing ORDER BY id"), ["a", "b"])
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT kind FROM big_things"), ["b"])
            try db.execute(sql: "INSERT INTO thing (kind, size) VALUES ('d', 9)")
            XCTAssertEqual(db.lastInsertedRowID, 4, "the erased id 3 is not used again")
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT note FROM log WHERE thingId = 4"), "maded",
                           "both triggers still fire")
            XCTAssertThrowsError(try db.execute(sql: "INSERT INTO thing (kind) VALUES ('c')"), "the new CHECK holds")
        }
    }

    func testARebuildThatWouldDropAColumnFailsInsteadOfLosingIt() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE thing (id INTEGER PRIMARY KEY, kind TEXT, size INTEGER); INSERT INTO thing VALUES (1, 'a', 2)") }
        XCTAssertThrowsError(try queue.write { db in
            try TableRebuild.rebuild("thing", db) { name in "CREATE TABLE \(name) (id INTEGER PRIMARY KEY, kind TEXT)" }
        })
        XCTAssertEqual(try queue.read { db in try Int.fetchOne(db, sql: "SELECT size FROM thing") }, 2)
    }
}
