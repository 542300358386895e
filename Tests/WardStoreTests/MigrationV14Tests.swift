import Foundation
import GRDB
import XCTest
@testable import WardStore

/// A ward made at schema v10 (gestation and birth weight NOT NULL) opened by this version: the
/// patient table is rebuilt with them optional, and every row, id, reference, index, trigger and
/// the id counter survive; the foreign keys of the many tables pointing at patients check clean.
final class MigrationV14Tests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "SQLite's table rebuild of migration v14 on a ward file made before it (PostgreSQL's schema: PostgresMigrationTests)" }

    /// Schema objects on `patient` at v10, to compare after the rebuild.
    var patientObjectsBefore: [String: String] = [:]

    func makeV10Ward() async throws {
        await store.close()
        store = nil
        try FileManager.default.removeItem(atPath: dbPath)
        let queue = try DatabaseQueue(path: dbPath)
        try WardMigrations.migrator.migrate(queue, upTo: "v10_staff_identity")
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO staff (id, name, initials, role, active, isWardAdmin, createdAt, updatedAt)
                VALUES (1, 'Nurse First', 'NF', 'nurse', 1, 1, 1, 1);
                INSERT INTO patient (id, bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, gestationalAgeWeeks,
                    gestationalAgeDays, birthWeightGrams, admittedAt, dischargedAt, createdAt, updatedAt, timeOfBirth)
                VALUES (3, '1', 'Gone', 'Home', 'H3', '2026-02-01', 'male', 36, 1, 2500, 1770000000000, 1771000000000,
                        1770000000000, 1770000000000, '04:15'),
                       (7, '2', 'Still', 'Here', 'H7', '2026-03-01', 'female', 38, 0, 3200, 1772400000000, NULL,
                        1772400000000, 1772400000000, NULL);
                -- A patient admitted and erased since: the id counter is past every row.
                UPDATE sqlite_sequence SET seq = 9 WHERE name = 'patient';
                INSERT INTO nappy_change (id, patientId, occurredAt, kind, size, nappyWeightGrams, recordedBy, createdAt, updatedAt)
                VALUES (11, 7, 1773100000000, 'wet', 'medium', 30, 1, 1, 1), (12, 3, 1770500000000, 'dirty', 'small', NULL, 1, 1, 1);
                INSERT INTO feed (id, patientId, occurredAt, kind, volumeML, recordedBy, createdAt, updatedAt)
                VALUES (21, 7, 1773100000000, 'formula', 60, 1, 1, 1);
                INSERT INTO measurement (id, patientId, measuredAt, kind, value, recordedBy, createdAt, updatedAt)
                VALUES (31, 7, 1773100000000, 'weight', 3150, 1, 1, 1);
                INSERT INTO medication (id, patientId, drugName, doseAmount, doseUnit, route, scheduleKind, intervalHours,
                    startsAt, category, createdAt, updatedAt)
                VALUES (41, 7, 'paracetamol', 50, 'mg', 'oral', 'everyHours', 6, 1772400000000, 'antipyretic', 1, 1);
                INSERT INTO dose_record (id, medicationId, patientId, scheduledAt, slotDay, slotTime, status, recordedAt,
                    recordedBy, createdAt, updatedAt)
                VALUES (51, 41, 7, 1773100000000, '2026-03-10', '00:00', 'given', 1773100000000, 1, 1, 1);
                INSERT INTO audit_entry (id, at, staffId, action, entity, entityId, beforeJSON, afterJSON) VALUES
                    (1, 1772400000001, 1, 'create', 'patient', 7, NULL, '{}'),
                    (2, 1773100000000, 1, 'create', 'nappyChange', 11, NULL, '{}'),
                    (3, 1773100000000, 1, 'create', 'doseRecord', 51, NULL, '{}');
                """)
        }
        patientObjectsBefore = try await queue.read { db in try Self.patientObjects(db) }
        try queue.close()
        let clock = self.clock!
        store = try SQLiteWardStore(path: dbPath, clock: { clock.now }, timeZone: london)
    }

    /// Indexes and triggers on `patient`, by name.
    static func patientObjects(_ db: Database) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master WHERE tbl_name = 'patient' AND type IN ('index', 'trigger') AND sql IS NOT NULL
            """).map { ($0["name"] as String, $0["sql"] as String) })
    }

    func testGestationAndBirthWeightMayBeNullAfterTheRebuild() async throws {
        try await makeV10Ward()
        let columns = try await sql { db in try db.columns(in: "patient") }
        for name in ["gestationalAgeWeeks", "gestationalAgeDays", "birthWeightGrams"] {
            XCTAssertEqual(columns.first { $0.name == name }?.isNotNull, false, name)
        }
        XCTAssertEqual(columns.first { $0.name == "bedLabel" }?.isNotNull, true, "the other constraints stay")
        let applied = try await sql { db in try WardMigrations.migrator.appliedIdentifiers(db) }
        XCTAssertTrue(applied.contains("v14_optional_birth_facts"))
    }

    func testEveryRowIdAndReferenceIsKept() async throws {
        try await makeV10Ward()
        let patients = try await store.allPatients().sorted { $0.id < $1.id }
        XCTAssertEqual(patients.map(\.id), [3, 7])
        XCTAssertEqual(patients.map(\.gestationalAgeWeeks), [36, 38])
        XCTAssertEqual(patients.map(\.birthWeightGrams), [2500, 3200])
        XCTAssertEqual(patients[0].timeOfBirth, TimeOfDay("04:15"))
        XCTAssertNotNil(patients[0].dischargedAt)
        let references = try await sql { db in
            try Row.fetchAll(db, sql: """
                SELECT 'nappy', id, patientId FROM nappy_change UNION ALL SELECT 'feed', id, patientId FROM feed
                UNION ALL SELECT 'measurement', id, patientId FROM measurement UNION ALL SELECT 'medication', id, patientId FROM medication
                UNION ALL SELECT 'dose', id, patientId FROM dose_record ORDER BY 1, 2
                """).map { "\($0[0] as String) \($0[1] as Int64)→\($0[2] as Int64)" }
        }
        XCTAssertEqual(references, ["dose 51→7", "feed 21→7", "measurement 31→7", "medication 41→7", "nappy 11→7", "nappy 12→3"])
        let problems = try await sql { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").map(\.description) }
        XCTAssertEqual(problems, [], "PRAGMA foreign_key_check is clean")
        let integrity = try await sql { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        XCTAssertEqual(integrity, "ok")
        let trail = try await store.auditTrail(AuditFilter(bedLabel: "2"), olderThan: nil, limit: 10)
        XCTAssertEqual(trail.map(\.entry.id), [3, 2, 1], "the audit trail still finds the patient's entries")
    }

    func testIndexesTriggersAndTheIdCounterSurvive() async throws {
        try await makeV10Ward()
        XCTAssertFalse(patientObjectsBefore.isEmpty)
        let after = try await sql { db in try Self.patientObjects(db) }
        XCTAssertEqual(after, patientObjectsBefore, "every index and trigger on patient, as it was")
        let leftover = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name LIKE 'patient_v14%'") }
        XCTAssertEqual(leftover, 0)
        // The bed is still unique among admitted patients (patient_admitted_bed).
        await assertValidationFails(field: "bedLabel", messageContains: "already holds") {
            _ = try await self.store.admit(self.patientDraft(bed: "2"), by: 1)
        }
        let next = try await store.admit(patientDraft(bed: "5"), by: 1).record
        XCTAssertEqual(next.id, 10, "AUTOINCREMENT continues after the highest id ever given, not the highest row")
    }

    func testAnOlderChildWithoutBirthFactsIsStoredAfterTheMigration() async throws {
        try await makeV10Ward()
        var draft = patientDraft(bed: "6")
        draft.dateOfBirth = CalendarDay("2022-01-15")!
        draft.gestationalAgeWeeks = nil
        draft.gestationalAgeDays = nil
        draft.birthWeightGrams = nil
        let saved = try await store.admit(draft, by: 1).record
        let stored = try await store.patient(id: saved.id)
        XCTAssertNil(stored?.gestationalAgeWeeks)
        XCTAssertNil(stored?.birthWeightGrams)
        let id = saved.id
        do {
            try await filePool.write { db in try db.execute(sql: "UPDATE patient SET gestationalAgeWeeks = 38 WHERE id = ?", arguments: [id]) }
            XCTFail("weeks without days must be refused by the table's CHECK")
        } catch let error as DatabaseError {
            XCTAssertEqual(error.resultCode, .SQLITE_CONSTRAINT)
        }
    }
}
