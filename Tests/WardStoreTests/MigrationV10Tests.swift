import Foundation
import GRDB
import XCTest
@testable import WardStore

/// A ward made before staff identity (schema v9) opened by this version: its earliest active
/// member becomes ward admin, PINs stay off until that admin answers the question once, and its
/// audit trail is linked to patients so the trail filters by bed from the start.
final class MigrationV10Tests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "SQLite's own migration of a ward file made at v9 (PostgreSQL's schema: PostgresMigrationTests)" }

    func makeV9Ward() async throws {
        await store.close()
        store = nil
        try FileManager.default.removeItem(atPath: dbPath)
        let queue = try DatabaseQueue(path: dbPath)
        try WardMigrations.migrator.migrate(queue, upTo: "v9_backup_schedule")
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO staff (id, name, initials, role, active, pinHash, createdAt, updatedAt)
                VALUES (1, 'Left Early', 'LE', 'doctor', 0, NULL, 1, 1),
                       (2, 'Nurse First', 'NF', 'nurse', 1, NULL, 2, 2),
                       (3, 'Doctor Later', 'DL', 'doctor', 1, NULL, 3, 3);
                INSERT INTO patient (id, bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, gestationalAgeWeeks,
                    gestationalAgeDays, birthWeightGrams, admittedAt, createdAt, updatedAt)
                VALUES (1, '7', 'Old', 'Ward', 'H1', '2026-03-01', 'female', 38, 0, 3200, 1772400000000, 1772400000000, 1772400000000);
                INSERT INTO nappy_change (id, patientId, occurredAt, kind, size, createdAt, updatedAt)
                VALUES (1, 1, 1773100000000, 'wet', 'medium', 1, 1);
                INSERT INTO audit_entry (id, at, staffId, action, entity, entityId, beforeJSON, afterJSON) VALUES
                    (1, 1772400000000, NULL, 'create', 'staff', 2, NULL, '{}'),
                    (2, 1772400000001, 2, 'create', 'patient', 1, NULL, '{}'),
                    (3, 1773100000000, 2, 'create', 'nappyChange', 1, NULL, '{}'),
                    (4, 1773100000001, 3, 'update', 'setting', 0, '{}', '{}');
                """)
        }
        try queue.close()
        let clock = self.clock!
        store = try SQLiteWardStore(path: dbPath, clock: { clock.now }, timeZone: london)
    }

    func testTheEarliestActiveMemberBecomesWardAdmin() async throws {
        try await makeV9Ward()
        let admins = try await sql { db in try Int64.fetchAll(db, sql: "SELECT id FROM staff WHERE isWardAdmin = 1") }
        XCTAssertEqual(admins, [2], "the earliest active member, not the inactive one before her")
        let columns = try await sql { db in try db.columns(in: "staff").map(\.name) }
        XCTAssertFalse(columns.contains("pinHash") || columns.contains("pinSalt"), "the never-used PIN columns are gone")
        let credentials = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM staff_credential") }
        XCTAssertEqual(credentials, 0)
    }

    func testPinsStayOffUntilTheAdminAnswers() async throws {
        try await makeV9Ward()
        let settings = try await store.settings()
        XCTAssertFalse(settings.requirePin, "a ward in use keeps working without PINs")
        let pending = try await store.pinQuestionPending()
        XCTAssertTrue(pending, "its ward admin is asked once")
        _ = try await store.updateSettings([.requirePin: "1"], by: 2)
        let answered = try await store.pinQuestionPending()
        XCTAssertFalse(answered, "any change of require_pin answers it")
        let settingsAfter = try await store.settings()
        XCTAssertTrue(settingsAfter.requirePin)
    }

    func testTheOldTrailIsLinkedToItsPatients() async throws {
        try await makeV9Ward()
        let links = try await sql { db in
            try Row.fetchAll(db, sql: "SELECT auditId, patientId FROM audit_patient ORDER BY auditId").map { [$0[0] as Int64, $0[1] as Int64] }
        }
        XCTAssertEqual(links, [[2, 1], [3, 1]], "the patient and her nappy; not the staff or settings entries")
        let bed = try await store.auditTrail(AuditFilter(bedLabel: "7"), olderThan: nil, limit: 10)
        XCTAssertEqual(bed.map(\.entry.id), [3, 2])
        XCTAssertEqual(bed.first?.patientName, "Old Ward")
        XCTAssertEqual(bed.first?.staffInitials, "NF")
        // Entries written after the migration are linked by the trigger.
        let nappy = try await store.logNappyChange(NappyChangeDraft(patientId: 1, occurredAt: clock.now, kind: .dirty), by: 3)
        let after = try await store.auditTrail(AuditFilter(bedLabel: "7"), olderThan: nil, limit: 10)
        XCTAssertEqual(after.map(\.entry.id), [nappy.auditEntryId, 3, 2])
    }

    func testANewWardRequiresPinsAndAsksNothing() async throws {
        let fresh = try SQLiteWardStore(path: folder.appendingPathComponent("new.sqlite").path, timeZone: london)
        let settings = try await fresh.settings()
        let pending = try await fresh.pinQuestionPending()
        XCTAssertTrue(settings.requirePin)
        XCTAssertFalse(pending)
        await fresh.close()
    }
}
