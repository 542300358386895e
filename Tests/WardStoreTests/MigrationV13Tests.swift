import Foundation
import GRDB
import XCTest
@testable import WardStore

/// A ward made at v10, with medications, doses and their audit trail, opened by this version:
/// the medication table is rebuilt for the antibiotic category with its ids, rows, indexes and
/// the triggers that name it all kept, and the dose tables gain their second checker.
final class MigrationV13Tests: WardStoreTestCase {
    override class var sqliteOnlyReason: String? { "SQLite's table rebuild of migration v13 on a ward file made before it (PostgreSQL's schema: PostgresMigrationTests)" }

    /// Names and SQL of every index and trigger that concerns the medication table.
    static let dependentsSQL = """
        SELECT type, name, sql FROM sqlite_master
        WHERE sql IS NOT NULL AND ((type = 'index' AND tbl_name = 'medication')
            OR (type = 'trigger' AND (tbl_name = 'medication' OR sql LIKE '%medication%')))
        ORDER BY type, name
        """

    func makeV10Ward() async throws -> [[String]] {
        await store.close()
        store = nil
        try FileManager.default.removeItem(atPath: dbPath)
        let queue = try DatabaseQueue(path: dbPath)
        try WardMigrations.migrator.migrate(queue, upTo: "v10_staff_identity")
        let dependents = try await queue.write { db -> [[String]] in
            try db.execute(sql: """
                INSERT INTO staff (id, name, initials, role, active, isWardAdmin, createdAt, updatedAt)
                VALUES (1, 'Nurse First', 'NF', 'nurse', 1, 1, 1, 1), (2, 'Nurse Second', 'NS', 'nurse', 1, 0, 2, 2);
                INSERT INTO patient (id, bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, gestationalAgeWeeks,
                    gestationalAgeDays, birthWeightGrams, admittedAt, createdAt, updatedAt)
                VALUES (1, '7', 'Old', 'Ward', 'H1', '2026-03-01', 'female', 38, 0, 3200, 1772400000000, 1772400000000, 1772400000000);
                INSERT INTO medication (id, patientId, drugName, doseAmount, doseUnit, route, scheduleKind, scheduleTimes,
                    startsAt, isPaused, category, createdAt, updatedAt)
                VALUES (5, 1, 'gentamicin', 15, 'mg', 'iv', 'fixedTimes', '08:00', 1772400000000, 0, 'other', 1, 1),
                       (9, 1, 'paracetamol', 45, 'mg', 'oral', 'fixedTimes', '08:00', 1772400000000, 1, 'antipyretic', 1, 1);
                INSERT INTO medication_pause (medicationId, pausedAt, pausedBy) VALUES (9, 1772500000000, 1);
                INSERT INTO dose_record (id, medicationId, patientId, scheduledAt, slotDay, slotTime, status, withheldReason,
                    recordedAt, recordedBy, notes, createdAt, updatedAt)
                VALUES (3, 5, 1, 1772438400000, '2026-03-02', '08:00', 'given', NULL, 1772438700000, 1, '', 1, 1),
                       (4, 9, 1, 1772438400000, '2026-03-02', '08:00', 'withheld', 'other', 1772438700000, 2, '', 1, 1);
                INSERT INTO as_needed_dose (id, medicationId, patientId, givenAt, doseAmount, recordedBy, createdAt, updatedAt)
                VALUES (2, 9, 1, 1772450000000, 45, 1, 1, 1);
                INSERT INTO audit_entry (id, at, staffId, action, entity, entityId, beforeJSON, afterJSON) VALUES
                    (1, 1772400000000, 1, 'create', 'medication', 5, NULL, '{}'),
                    (2, 1772438700000, 1, 'create', 'doseRecord', 3, NULL, '{}');
                """)
            return try Row.fetchAll(db, sql: Self.dependentsSQL).map { [$0["type"], $0["name"], $0["sql"]] }
        }
        try queue.close()
        let clock = self.clock!
        store = try SQLiteWardStore(path: dbPath, clock: { clock.now }, timeZone: london)
        return dependents
    }

    func testRowsIdsIndexesAndTriggersOutliveTheRebuild() async throws {
        let before = try await makeV10Ward()
        XCTAssertTrue(before.contains { $0[1] == "audit_entry_links_patient" }, "a trigger on another table names it")
        XCTAssertTrue(before.contains { $0[1] == "medication_live_patient" })
        let after = try await sql { db in try Row.fetchAll(db, sql: Self.dependentsSQL).map { [$0["type"], $0["name"], $0["sql"]] as [String] } }
        XCTAssertEqual(after, before, "every index and trigger recreated as it was")
        let meds = try await sql { db in
            try Row.fetchAll(db, sql: "SELECT id, category FROM medication ORDER BY id").map { "\($0["id"] as Int64) \($0["category"] as String)" }
        }
        XCTAssertEqual(meds, ["5 other", "9 antipyretic"], "ids and rows kept")
        let medication = try await store.medication(id: 5)
        XCTAssertEqual(medication?.drugName, "gentamicin")
        let dose = try await store.doseRecord(id: 3)
        XCTAssertEqual(dose?.medicationId, 5, "dose records still point at their medication")
        XCTAssertNil(dose?.checkedBy)
        let pauses = try await store.medicationPauses(medicationId: 9)
        XCTAssertEqual(pauses.count, 1)
        let problems = try await sql { db in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count }
        XCTAssertEqual(problems, 0)
        let trail = try await store.auditTrail(AuditFilter(bedLabel: "7"), olderThan: nil, limit: 10)
        XCTAssertEqual(trail.map(\.entry.id), [2, 1], "the old trail is still linked to its patient")
        // The trigger still links new entries about medications to their patient.
        let changed = try await store.updateMedication(id: 5, MedicationDraft(
            patientId: 1, drugName: "gentamicin", doseAmount: 15, doseUnit: .mg, route: .iv,
            schedule: .fixedTimes(times("08:00")), startsAt: StoredTime.date(milliseconds: 1772400000000), category: .antibiotic), by: nil)
        XCTAssertEqual(changed.record.category, .antibiotic, "the new category is allowed")
        let linked = try await store.auditTrail(AuditFilter(bedLabel: "7"), olderThan: nil, limit: 10)
        XCTAssertEqual(linked.first?.entry.id, changed.auditEntryId)
        // A new medication does not take an id an old one had.
        let added = try await store.addMedication(MedicationDraft(
            patientId: 1, drugName: "cefotaxime", doseAmount: 50, doseUnit: .mg, route: .iv, schedule: .everyHours(12),
            startsAt: StoredTime.date(milliseconds: 1772400000000), category: .antibiotic), by: nil)
        XCTAssertEqual(added.record.id, 10)
    }

    func testTheNewChecksHold() async throws {
        _ = try await makeV10Ward()
        let refusals = try await filePool.write { db -> [Bool] in
            func refused(_ statement: String) -> Bool {
                do { try db.execute(sql: statement); return false } catch { return true }
            }
            return [
                refused("UPDATE medication SET category = 'antibiotics' WHERE id = 5"),
                refused("UPDATE dose_record SET checkedBy = 1 WHERE id = 3"),  // the recorder
                refused("UPDATE dose_record SET checkedBy = 1 WHERE id = 4"),  // not given
                refused("UPDATE as_needed_dose SET checkedBy = 1 WHERE id = 2"),
            ]
        }
        XCTAssertEqual(refusals, [true, true, true, true])
        let written = try await filePool.write { db -> Int64? in
            try db.execute(sql: "UPDATE dose_record SET checkedBy = 2 WHERE id = 3")
            return try Int64.fetchOne(db, sql: "SELECT checkedBy FROM dose_record WHERE id = 3")
        }
        XCTAssertEqual(written, 2)
    }
}
