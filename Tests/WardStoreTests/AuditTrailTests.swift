import Foundation
import XCTest
@testable import WardStore

final class AuditTrailTests: WardStoreTestCase {
    func testEveryWriteHasOneAuditRowWithBeforeAndAfter() async throws {
        let nurse = try await addNurse("NB")
        let patient = try await store.admit(patientDraft(), by: nurse.id)
        let logged = try await store.logNappyChange(
            NappyChangeDraft(patientId: patient.record.id, occurredAt: clock.now, kind: .wet), by: nurse.id)
        clock.advance(minutes: 1)
        var draft = logged.record.draft
        draft.kind = .dry
        let edit = try await store.updateNappyChange(id: logged.record.id, draft, by: nurse.id)
        let deletion = try await store.deleteNappyChange(id: logged.record.id, by: nurse.id)
        let restore = try await store.restoreNappyChange(id: logged.record.id, by: nurse.id)

        let trail = try await store.auditEntries(entity: .nappyChange, entityId: logged.record.id)
        XCTAssertEqual(trail.map(\.action), [.create, .update, .delete, .restore])
        XCTAssertEqual(trail.map(\.id), [logged.auditEntryId, edit.auditEntryId, deletion.auditEntryId, restore.auditEntryId])
        XCTAssertTrue(trail.allSatisfy { $0.staffId == nurse.id })
        XCTAssertNil(trail[0].beforeJSON)
        XCTAssertEqual(try decode(trail[0].afterJSON), logged.record)
        XCTAssertEqual(try decode(trail[1].beforeJSON), logged.record, "the edit keeps the previous version")
        XCTAssertEqual(try decode(trail[1].afterJSON), edit.record)
        XCTAssertEqual(try decode(trail[2].afterJSON), deletion.record)
        XCTAssertEqual(try decode(trail[3].afterJSON), restore.record)
        XCTAssertEqual(trail[1].at, StoredTime.truncated(clock.now))

        let patientTrail = try await store.auditEntries(entity: .patient, entityId: patient.record.id)
        XCTAssertEqual(patientTrail.map(\.action), [.create])
        let staffTrail = try await store.auditEntries(entity: .staff, entityId: nurse.id)
        XCTAssertEqual(staffTrail.map(\.action), [.create])

        let total = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry")! }
        XCTAssertEqual(total, 6, "staff + patient + 4 nappy writes, one row each")
    }

    func testRefusedWriteLeavesNoAuditRow() async throws {
        let patient = try await admit()
        await assertValidationFails(field: "stoolColour", messageContains: "only recorded for dirty or mixed") {
            _ = try await self.store.logNappyChange(
                NappyChangeDraft(patientId: patient.id, occurredAt: self.clock.now, kind: .wet, stoolColour: .yellow), by: nil)
        }
        let rows = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry WHERE entity = 'nappyChange'")! }
        XCTAssertEqual(rows, 0)
    }

    func testAuditJSONKeepsDatesAsMilliseconds() async throws {
        let patient = try await admit()
        let entry = try await store.auditEntries(entity: .patient, entityId: patient.id)[0]
        let json = try XCTUnwrap(entry.afterJSON)
        XCTAssertTrue(json.contains("\"admittedAt\":\(StoredTime.milliseconds(patient.admittedAt))"), json)
        XCTAssertTrue(json.contains("\"dateOfBirth\":\"2026-03-08\""), json)
    }

    private func decode<T: Decodable>(_ json: String?) throws -> T {
        try AuditJSON.decode(T.self, from: XCTUnwrap(json))
    }
}
