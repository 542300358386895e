import Foundation
import GRDB
import XCTest
@testable import WardStore

/// A write the named author may not make changes nothing and leaves exactly one `refused` audit
/// row (the author's, naming the permission): a nurse prescribing, a nurse changing settings, a
/// member who is not a ward admin deactivating staff, and a member who is no longer active.
final class RefusedWriteTests: WardStoreTestCase {
    var admin: Staff!
    var nurse: Staff!
    var patient: Patient!

    override func setUp() async throws {
        try await super.setUp()
        admin = try await addDoctor("DR")  // the first member: ward admin
        nurse = try await addNurse("AB")
        patient = try await admit(by: nurse.id)
    }

    /// Every table's rows (the audit trail apart), to compare before and after.
    func snapshot() async throws -> [String: [String]] {
        try await sql { db in
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                AND name NOT IN ('audit_entry', 'audit_patient') AND sql NOT LIKE 'CREATE VIRTUAL%'
                """)
            var rows: [String: [String]] = [:]
            for table in tables {
                rows[table] = try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map(\.description)
            }
            return rows
        }
    }

    func auditRows() async throws -> [AuditEntry] {
        try await sql { db in try AuditEntry.order(AuditEntry.Columns.id).fetchAll(db) }
    }

    func assertRefused(_ permission: WardPermission, by member: Staff, _ label: String,
                       file: StaticString = #filePath, line: UInt = #line, _ write: () async throws -> Void) async throws {
        let before = try await snapshot()
        let trailBefore = try await auditRows()
        do {
            try await write()
            XCTFail("\(label): allowed", file: file, line: line)
        } catch let error as WardPermissionError {
            XCTAssertEqual(error.permission, permission, label, file: file, line: line)
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("not an active staff member"), "\(label): \(error)", file: file, line: line)
        }
        let after = try await snapshot()
        XCTAssertEqual(after, before, "\(label): nothing changed", file: file, line: line)
        let added = Array(try await auditRows().dropFirst(trailBefore.count))
        XCTAssertEqual(added.map(\.action), [.refused], "\(label): one refused row", file: file, line: line)
        XCTAssertEqual(added.first?.staffId, member.id, label, file: file, line: line)
        XCTAssertEqual(added.first?.entity, .staff, label, file: file, line: line)
        XCTAssertTrue(added.first?.afterJSON?.contains("\"permission\":\"\(permission.rawValue)\"") ?? false,
                      "\(label): \(added.first?.afterJSON ?? "nil")", file: file, line: line)
    }

    func testANurseMayNotAddAMedication() async throws {
        try await assertRefused(.prescribe, by: nurse, "nurse adds a medication") {
            _ = try await store.addMedication(MedicationDraft(patientId: patient.id, drugName: "caffeine citrate", doseAmount: 5, doseUnit: .mg,
                                                              route: .oral, schedule: .fixedTimes([TimeOfDay("08:00")!]),
                                                              startsAt: patient.admittedAt, category: .other), by: nurse.id)
        }
    }

    func testANurseMayNotChangeWardSettings() async throws {
        try await assertRefused(.changeSettings, by: nurse, "nurse changes settings") {
            _ = try await store.updateSettings([.wardName: "Puffin"], by: nurse.id)
        }
    }

    func testOnlyAWardAdminDeactivatesStaff() async throws {
        let other = try await addNurse("CD")
        try await assertRefused(.manageStaff, by: nurse, "non-admin deactivates staff") {
            _ = try await store.deactivateStaff(id: other.id, by: nurse.id)
        }
    }

    /// A member who has left may not write at all; the attempt is in the trail like any refusal.
    func testAnInactiveMemberIsRefusedAndAudited() async throws {
        let leaver = try await store.addStaff(StaffDraft(name: "Doctor XQ", initials: "XQ", role: .doctor), by: admin.id).record
        _ = try await store.deactivateStaff(id: leaver.id, by: admin.id)
        try await assertRefused(.prescribe, by: leaver, "inactive doctor prescribes") {
            _ = try await store.addMedication(MedicationDraft(patientId: patient.id, drugName: "caffeine citrate", doseAmount: 5, doseUnit: .mg,
                                                              route: .oral, schedule: .fixedTimes([TimeOfDay("08:00")!]),
                                                              startsAt: patient.admittedAt, category: .other), by: leaver.id)
        }
        try await assertRefused(.changeSettings, by: leaver, "inactive member changes settings") {
            _ = try await store.updateSettings([.wardName: "Puffin"], by: leaver.id)
        }
    }
}
