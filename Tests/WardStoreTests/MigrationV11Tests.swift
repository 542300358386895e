import Foundation
import GRDB
import XCTest
@testable import WardStore

/// A ward made at schema v10 with measurements in it, opened by this version: `measurement` is
/// rebuilt for the pain score and the oxygen columns, and keeps its rows, ids, audit entries,
/// AUTOINCREMENT mark, every index and trigger (the notes search's, the audit trail's patient
/// link), while the new CHECKs hold.
final class MigrationV11Tests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "SQLite's table rebuild of migration v11 on a ward file made before it (PostgreSQL's schema: PostgresMigrationTests)" }

    /// The schema objects that belong to or name `measurement`, as v10 left them.
    var before: [String: String] = [:]

    static func dependents(_ db: Database) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL AND type IN ('index', 'trigger')
                AND (tbl_name = 'measurement' OR sql LIKE '%measurement%')
            """).map { ($0["name"] as String, $0["sql"] as String) })
    }

    func makeV10Ward() async throws {
        await store.close()
        store = nil
        try FileManager.default.removeItem(atPath: dbPath)
        let queue = try DatabaseQueue(path: dbPath)
        try WardMigrations.migrator.migrate(queue, upTo: "v10_staff_identity")
        before = try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO staff (id, name, initials, role, active, isWardAdmin, createdAt, updatedAt)
                VALUES (1, 'Nurse First', 'NF', 'nurse', 1, 1, 1, 1);
                INSERT INTO patient (id, bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, gestationalAgeWeeks,
                    gestationalAgeDays, birthWeightGrams, admittedAt, createdAt, updatedAt)
                VALUES (1, '7', 'Old', 'Ward', 'H1', '2026-03-01', 'female', 38, 0, 3200, 1772400000000, 1772400000000, 1772400000000);
                INSERT INTO measurement (id, patientId, measuredAt, kind, value, diastolicMmHg, notes, recordedBy, createdAt, updatedAt, deletedAt)
                VALUES (3, 1, 1773100000000, 'spo2', 96, NULL, 'crying at the probe', 1, 1773100000000, 1773100000000, NULL),
                       (5, 1, 1773100000000, 'bloodPressure', 70, 40, '', 1, 1773100000000, 1773100000000, NULL),
                       (8, 1, 1773100000000, 'temperature', 37.9, NULL, '', 1, 1773100000000, 1773100000000, 1773100001000);
                INSERT INTO audit_entry (id, at, staffId, action, entity, entityId, beforeJSON, afterJSON) VALUES
                    (1, 1773100000000, 1, 'create', 'measurement', 3, NULL, '{}'),
                    (2, 1773100000000, 1, 'create', 'measurement', 5, NULL, '{}');
                -- An erased last row: its id must not come back.
                UPDATE sqlite_sequence SET seq = 12 WHERE name = 'measurement';
                """)
            return try Self.dependents(db)
        }
        try queue.close()
        let clock = self.clock!
        store = try SQLiteWardStore(path: dbPath, clock: { clock.now }, timeZone: london)
    }

    func testRowsIdsAndAuditAreKept() async throws {
        try await makeV10Ward()
        let rows = try await sql { db in
            try Row.fetchAll(db, sql: "SELECT id, kind, value, diastolicMmHg, notes, deletedAt, oxygenMode, oxygenAmount FROM measurement ORDER BY id")
                .map { "\($0["id"] as Int64) \($0["kind"] as String) \($0["value"] as Double) \(($0["diastolicMmHg"] as Double?) ?? -1) "
                    + "\($0["notes"] as String) \(($0["deletedAt"] as Int64?) ?? -1) \(($0["oxygenMode"] as String?) ?? "-")" }
        }
        XCTAssertEqual(rows, ["3 spo2 96.0 -1.0 crying at the probe -1 -", "5 bloodPressure 70.0 40.0  -1 -",
                              "8 temperature 37.9 -1.0  1773100001000 -"])
        let audit = try await sql { db in try Int64.fetchAll(db, sql: "SELECT entityId FROM audit_entry ORDER BY id") }
        XCTAssertEqual(audit, [3, 5])
        let links = try await sql { db in try Int64.fetchAll(db, sql: "SELECT auditId FROM audit_patient ORDER BY auditId") }
        XCTAssertEqual(links, [1, 2], "the audit trail's patient links are kept")
        let check = try await sql { db in try String.fetchAll(db, sql: "PRAGMA foreign_key_check") }
        XCTAssertTrue(check.isEmpty)
        let integrity = try await sql { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        XCTAssertEqual(integrity, "ok")
    }

    func testEveryIndexAndTriggerIsMadeAgain() async throws {
        try await makeV10Ward()
        XCTAssertTrue(before.keys.contains("measurement_live_patient_kind_time"), "\(before.keys.sorted())")
        XCTAssertTrue(before.keys.contains("measurement_search_insert"), "the notes search's triggers")
        XCTAssertTrue(before.keys.contains("audit_entry_links_patient"), "the audit link names measurement")
        let after = try await sql { db in try Self.dependents(db) }
        XCTAssertEqual(after, before, "the same indexes and triggers, with the same definitions")
        // They still work: the notes search finds the old note and a new one, and a new entry is linked.
        let patient = try await store.admittedPatient(bedLabel: "7")!
        let saved = try await store.logObservations(ObservationSet(patientId: patient.id, measuredAt: clock.now,
                                                                   readings: [.init(.pain, 2)], notes: "grimace at heel prick"), by: 1)
        for word in ["crying", "grimace"] {
            let page = try await store.historyPage(HistoryFilter(patientId: patient.id, notesContaining: word), after: nil, limit: 10)
            XCTAssertEqual(page.events.count, 1, word)
        }
        let linked = try await sql { db in
            try Int64.fetchOne(db, sql: "SELECT patientId FROM audit_patient WHERE auditId = ?", arguments: [saved[0].auditEntryId])
        }
        XCTAssertEqual(linked, patient.id)
        XCTAssertGreaterThan(saved[0].record.id, 12, "an erased id is not given again")
    }

    func testTheNewChecksHold() async throws {
        try await makeV10Ward()
        let kinds = try await sql { db in try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'measurement'") }
        XCTAssertTrue(kinds?.contains("'pain'") ?? false)
        do {
            try await filePool.write { db in
                try db.execute(sql: "UPDATE measurement SET oxygenMode = 'air' WHERE id = 5")
            }
            XCTFail("oxygen on a blood pressure row")
        } catch let error as DatabaseError {
            XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
        }
        try await filePool.write { db in
            try db.execute(sql: "UPDATE measurement SET oxygenMode = 'fio2', oxygenAmount = 30 WHERE id = 3")
        }
        let spo2 = try await store.measurement(id: 3)
        XCTAssertEqual(spo2?.oxygen, OxygenSupport(mode: .fio2, amount: 30))
    }
}
