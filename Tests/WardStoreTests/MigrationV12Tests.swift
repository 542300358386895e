import Foundation
import GRDB
import XCTest
@testable import WardStore

/// A ward made at schema v10 with feeds in it, opened by this version: `feed` is rebuilt for
/// its new CHECKs with every row, id, audit entry, index and trigger kept (the notes search,
/// the ward's hourly summaries, the audit trail's patient link), and the new CHECKs hold.
final class MigrationV12Tests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "SQLite's table rebuild of migration v12 on a ward file made before it (PostgreSQL's schema: PostgresMigrationTests)" }

    /// Index and trigger names of the whole schema, with the table each is on.
    static func schemaObjects(_ db: Database) throws -> Set<String> {
        Set(try Row.fetchAll(db, sql: """
            SELECT type, name, tbl_name FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL
            """).map { "\($0["type"] as String) \($0["name"] as String) on \($0["tbl_name"] as String)" })
    }

    static func values(_ db: Database, _ sql: String) throws -> [[DatabaseValue]] {
        try Row.fetchAll(db, sql: sql).map { Array($0.databaseValues) }
    }

    func makeV10Ward() async throws -> (objects: Set<String>, feeds: [[DatabaseValue]], hours: [[DatabaseValue]]) {
        await store.close()
        store = nil
        try FileManager.default.removeItem(atPath: dbPath)
        let queue = try DatabaseQueue(path: dbPath)
        try WardMigrations.migrator.migrate(queue, upTo: "v10_staff_identity")
        let before = try await queue.write { db -> (Set<String>, [[DatabaseValue]], [[DatabaseValue]]) in
            try db.execute(sql: """
                INSERT INTO staff (id, name, initials, role, active, isWardAdmin, createdAt, updatedAt)
                VALUES (1, 'Nurse First', 'NF', 'nurse', 1, 1, 1, 1);
                INSERT INTO patient (id, bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, gestationalAgeWeeks,
                    gestationalAgeDays, birthWeightGrams, admittedAt, createdAt, updatedAt)
                VALUES (1, '7', 'Old', 'Ward', 'H1', '2026-03-01', 'female', 38, 0, 3200, 1772400000000, 1772400000000, 1772400000000);
                INSERT INTO feed (id, patientId, occurredAt, kind, volumeML, durationMinutes, notes, recordedBy, createdAt, updatedAt,
                    deletedAt, isDemo)
                VALUES (1, 1, 1773100000000, 'formula', 30, NULL, 'slow to settle', 1, 1773100000000, 1773100000000, NULL, 0),
                       (2, 1, 1773103600000, 'breast', NULL, 15, '', 1, 1773103600000, 1773103600000, NULL, 0),
                       (5, 1, 1773107200000, 'iv', 20, NULL, 'bolus', NULL, 1773107200000, 1773107200000, 1773108000000, 0);
                INSERT INTO audit_entry (id, at, staffId, action, entity, entityId, beforeJSON, afterJSON) VALUES
                    (1, 1773100000000, 1, 'create', 'feed', 1, NULL, '{}'),
                    (2, 1773103600000, 1, 'create', 'feed', 2, NULL, '{}');
                -- Rows 6–9 were erased once: their ids must never come back.
                UPDATE sqlite_sequence SET seq = 9 WHERE name = 'feed';
                """)
            return (try Self.schemaObjects(db), try Self.values(db, "SELECT * FROM feed ORDER BY id"),
                    try Self.values(db, "SELECT * FROM ward_trend_hour ORDER BY hour"))
        }
        try queue.close()
        let clock = self.clock!
        store = try SQLiteWardStore(path: dbPath, clock: { clock.now }, timeZone: london)
        return before
    }

    func testRowsIdsAndEveryIndexAndTriggerAreKept() async throws {
        let before = try await makeV10Ward()
        let (objects, feeds, hours, links, check) = try await sql { db in
            (try Self.schemaObjects(db),
             try Self.values(db, """
                SELECT id, patientId, occurredAt, kind, volumeML, durationMinutes, notes, recordedBy, createdAt, updatedAt,
                    deletedAt, isDemo FROM feed ORDER BY id
                """),
             try Self.values(db, "SELECT * FROM ward_trend_hour ORDER BY hour"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_patient"),
             try String.fetchOne(db, sql: "PRAGMA foreign_key_check"))
        }
        XCTAssertEqual(objects.subtracting(before.objects), ["index feed_live_infusion_time on feed"], "only the new index is new")
        XCTAssertEqual(before.objects.subtracting(objects), [], "every index and trigger is back")
        XCTAssertEqual(feeds, before.feeds, "every row with its id and values")
        XCTAssertEqual(hours, before.hours, "the hourly summaries are untouched")
        XCTAssertEqual(links, 2, "the old trail stays linked to its patient")
        XCTAssertNil(check)
        let old = try await store.feed(id: 1)
        XCTAssertEqual(old?.notes, "slow to settle")
        XCTAssertNil(old?.rateMLPerHour)
    }

    func testTheRebuiltTableWorksAsBeforeAndHoldsItsNewChecks() async throws {
        _ = try await makeV10Ward()
        let infusion = try await store.logFeed(FeedDraft(patientId: 1, occurredAt: clock.now.addingTimeInterval(-3600), kind: .iv,
                                                         fluid: "10% glucose", rateMLPerHour: 6), by: 1)
        XCTAssertEqual(infusion.record.id, 10, "the AUTOINCREMENT counter is kept: an erased id is not reused")
        let (linked, found, hourFeeds, refused) = try await sql { db -> (Int, [Int64], Int, Bool) in
            let linked = try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_patient WHERE auditId = ?",
                                          arguments: [infusion.auditEntryId]) ?? 0
            let found = try Int64.fetchAll(db, sql: "SELECT rowid FROM feed_search WHERE feed_search MATCH 'settle'")
            let hourFeeds = try Int.fetchOne(db, sql: "SELECT sum(feeds) FROM ward_trend_hour") ?? 0
            var refused = false
            do {
                try db.execute(sql: """
                    INSERT INTO feed (patientId, occurredAt, kind, volumeML, stoppedAt, createdAt, updatedAt)
                    VALUES (1, 1773100000000, 'formula', 30, 1773109000000, 1, 1)
                    """)
            } catch { refused = true }
            return (linked, found, hourFeeds, refused)
        }
        XCTAssertEqual(linked, 1, "the audit trail's patient link fires on the rebuilt table")
        XCTAssertEqual(found, [1], "notes search still finds the old feed")
        XCTAssertEqual(hourFeeds, 3, "two live feeds kept, the new infusion counted by the recreated trigger")
        XCTAssertTrue(refused, "a stop on a feed that is not an infusion is refused by the table")
        let vomit = try await store.logFeed(FeedDraft(patientId: 1, occurredAt: clock.now, kind: .vomit, volumeML: 5), by: 1)
        XCTAssertEqual(vomit.record.kind, .vomit)
        let afterOutput = try await sql { db in try Int.fetchOne(db, sql: "SELECT sum(feeds) FROM ward_trend_hour") ?? 0 }
        XCTAssertEqual(afterOutput, 3, "an output is not counted as a feed")
    }
}
