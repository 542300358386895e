import ChildProcess
import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The audit trail is append-only in the file itself: an UPDATE or DELETE of an audit row is
/// refused by a trigger, through the store's own connection and from a `sqlite3` session alike;
/// only the erasure's redaction (each image set to the marker, nothing else) may change a row.
final class AppendOnlyTrailTests: WardStoreTestCase {
    var sqlite3: String? {
        ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    func seed() async throws -> Patient {
        let nurse = try await addNurse("AB")
        let patient = try await store.admit(patientDraft(), by: nurse.id).record
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet), by: nurse.id)
        return patient
    }

    func trail() async throws -> [AuditEntry] {
        try await sql { db in try AuditEntry.order(AuditEntry.Columns.id).fetchAll(db) }
    }

    func testRawUpdatesAndDeletesThroughTheStoresConnectionAreRefused() async throws {
        _ = try await seed()
        let before = try await trail()
        let statements = [
            "UPDATE audit_entry SET staffId = NULL WHERE id = 2",
            "UPDATE audit_entry SET afterJSON = '{\"kind\":\"dry\"}' WHERE id = 3",
            "UPDATE audit_entry SET at = at - 3600000",
            "UPDATE audit_entry SET action = 'update', afterJSON = '\(AuditRedaction.marker)' WHERE id = 3",
            "REPLACE INTO audit_entry (id, at, staffId, action, entity, entityId) VALUES (3, 0, NULL, 'create', 'nappyChange', 1)",
            "UPDATE audit_entry SET beforeJSON = '\(AuditRedaction.marker)' WHERE id = 3",  // no image to redact
            "DELETE FROM audit_entry WHERE id = 3",
            "DELETE FROM audit_entry",
            "INSERT OR REPLACE INTO audit_entry (id, at, staffId, action, entity, entityId) VALUES (2, 0, NULL, 'create', 'patient', 1)",
        ]
        for statement in statements {
            do {
                try await filePool.write { db in try db.execute(sql: statement) }
                XCTFail("allowed: \(statement)")
            } catch let error as DatabaseError {
                XCTAssertTrue(error.message?.contains("the audit trail is append-only") ?? false, "\(statement): \(error)")
            }
        }
        let after = try await trail()
        XCTAssertEqual(after, before, "every row as it was")
    }

    func testASqlite3SessionCannotRewriteTheTrail() async throws {
        guard let sqlite3 else { throw XCTSkip("no sqlite3 command-line tool (make test-deps installs it)") }
        _ = try await seed()
        let before = try await trail()
        for statement in ["UPDATE audit_entry SET staffId = NULL WHERE id = 2;",
                          "DELETE FROM audit_entry WHERE id = 3;",
                          "PRAGMA foreign_keys = OFF; DELETE FROM audit_entry;",
                          "INSERT OR REPLACE INTO audit_entry (id, at, action, entity, entityId) VALUES (2, 0, 'create', 'patient', 1);"] {
            let outcome = try ChildProcess.run(sqlite3, [dbPath, statement])
            XCTAssertNotEqual(outcome.status, 0, statement)
            XCTAssertTrue(outcome.stderr.contains("the audit trail is append-only"), "\(statement): \(outcome.stderr)")
        }
        let after = try await trail()
        XCTAssertEqual(after, before)
    }

    func testTheErasuresRedactionStillWorks() async throws {
        let patient = try await seed()
        let found = try await store.staff(initials: "AB")
        let admin = try XCTUnwrap(found)
        XCTAssertTrue(admin.isWardAdmin)
        _ = try await store.discharge(patientId: patient.id, at: clock.now, by: admin.id)
        let report = try await store.erasePatient(hospitalNumber: patient.hospitalNumber, by: admin.id)
        XCTAssertGreaterThanOrEqual(report.auditEntriesRedacted, 3, "admission, nappy, discharge")
        let rows = try await trail()
        let aboutPatient = rows.filter { [.patient, .nappyChange].contains($0.entity) && $0.action != .erase }
        XCTAssertFalse(aboutPatient.isEmpty)
        for row in aboutPatient {
            for image in [row.beforeJSON, row.afterJSON] where image != nil {
                XCTAssertEqual(image, AuditRedaction.marker, "row \(row.id) keeps no content")
            }
        }
        XCTAssertFalse(rows.contains { ($0.afterJSON ?? "").contains(patient.familyName) })
        XCTAssertEqual(rows.count, rows.map(\.id).count, "no row removed")
    }
}
