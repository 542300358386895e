import Foundation
import XCTest
@testable import WardStore

final class SoftDeleteUndoTests: WardStoreTestCase {
    func testDeleteIsSoftHiddenFromHistoryAndRestorable() async throws {
        let patient = try await admit()
        let logged = try await store.logNappyChange(
            NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet), by: nil).record
        let deleted = try await store.deleteNappyChange(id: logged.id, by: nil).record
        XCTAssertNotNil(deleted.deletedAt)
        let stillThere = try await store.nappyChange(id: logged.id)
        XCTAssertEqual(stillThere?.deletedAt, deleted.deletedAt, "the row stays")
        let history = try await store.historyPage(.everything, after: nil, limit: 10)
        XCTAssertTrue(history.events.isEmpty)
        let dashboard = try await store.dashboard(now: clock.now, timeZone: london)
        XCTAssertEqual(dashboard.rows[0].changesToday, 0)

        let restored = try await store.restoreNappyChange(id: logged.id, by: nil).record
        XCTAssertNil(restored.deletedAt)
        let historyAfter = try await store.historyPage(.everything, after: nil, limit: 10)
        XCTAssertEqual(historyAfter.events.map(\.id), [logged.id])
    }

    /// A nappy change is deleted, restored and refused by the same helper as every other kind,
    /// in the same words, and a nappy for a patient who does not exist is refused like a feed.
    func testNappyDeleteRestoreAndPatientCheckSayWhatEveryKindSays() async throws {
        let patient = try await admit()
        let logged = try await store.logNappyChange(
            NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet), by: nil).record
        func refusal(_ body: () async throws -> Void) async -> String {
            do { try await body(); return "accepted" } catch { return "\(error)" }
        }
        let notDeleted = await refusal { _ = try await self.store.restoreNappyChange(id: logged.id, by: nil) }
        XCTAssertEqual(notDeleted, "nappy change \(logged.id) is not deleted")
        _ = try await store.deleteNappyChange(id: logged.id, by: nil)
        let twice = await refusal { _ = try await self.store.deleteNappyChange(id: logged.id, by: nil) }
        XCTAssertEqual(twice, "nappy change \(logged.id) is already deleted")
        let missing = await refusal { _ = try await self.store.deleteNappyChange(id: 9_999, by: nil) }
        XCTAssertEqual(missing, "no nappy change with id 9999")
        let edit = await refusal {
            _ = try await self.store.updateNappyChange(id: 9_999, NappyChangeDraft(patientId: patient.id, occurredAt: self.clock.now, kind: .dry), by: nil)
        }
        XCTAssertEqual(edit, "no nappy change with id 9999")
        do {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: 9_999, occurredAt: clock.now, kind: .wet), by: nil)
            XCTFail("a nappy for no patient was stored")
        } catch let error as WardValidationError {
            XCTAssertEqual(error.issues.map(\.field), ["patientId"])
            XCTAssertEqual(error.issues.map(\.message), ["no patient with id 9999"])
        }
    }

    func testUndoDeleteRestores() async throws {
        let patient = try await admit()
        let logged = try await store.logNappyChange(
            NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .dirty, stoolColour: .green), by: nil).record
        let deletion = try await store.deleteNappyChange(id: logged.id, by: nil)
        let undone = try await store.undo(auditEntryIds: [deletion.auditEntryId], by: nil)
        XCTAssertEqual(undone.map(\.action), [.restore])
        let row = try await store.nappyChange(id: logged.id)
        XCTAssertNil(row?.deletedAt)
        XCTAssertEqual(row?.stoolColour, .green)
    }

    func testUndoEditWritesBackTheBeforeImage() async throws {
        let patient = try await admit()
        let logged = try await store.logNappyChange(
            NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet, nappyWeightGrams: 30), by: nil).record
        clock.advance(minutes: 2)
        var draft = logged.draft
        draft.nappyWeightGrams = 45
        draft.notes = "reweighed"
        let edit = try await store.updateNappyChange(id: logged.id, draft, by: nil)
        clock.advance(minutes: 2)
        let undone = try await store.undo(auditEntryIds: [edit.auditEntryId], by: nil)
        XCTAssertEqual(undone.map(\.action), [.revert])
        let row = try await store.nappyChange(id: logged.id)!
        XCTAssertEqual(row.nappyWeightGrams, 30)
        XCTAssertEqual(row.notes, "")
        XCTAssertEqual(row.updatedAt, StoredTime.truncated(clock.now))
    }

    func testUndoQuickLogRoundDeletesAllOfIt() async throws {
        let a = try await admit(bed: "1", given: "A", hospitalNumber: "1")
        let b = try await admit(bed: "2", given: "B", hospitalNumber: "2")
        let round = try await store.logNappyChanges(
            [a, b].map { NappyChangeDraft(patientId: $0.id, occurredAt: clock.now, kind: .wet) }, by: nil)
        let undone = try await store.undo(auditEntryIds: round.map(\.auditEntryId), by: nil)
        XCTAssertEqual(undone.map(\.action), [.delete, .delete])
        let page = try await store.historyPage(.everything, after: nil, limit: 10)
        XCTAssertTrue(page.events.isEmpty)
    }

    func testUndoRefusedWhenTheRecordChangedSince() async throws {
        let patient = try await admit()
        let logged = try await store.logNappyChange(
            NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: .wet), by: nil)
        clock.advance(minutes: 1)
        var draft = logged.record.draft
        draft.size = .large
        _ = try await store.updateNappyChange(id: logged.record.id, draft, by: nil)
        do {
            _ = try await store.undo(auditEntryIds: [logged.auditEntryId], by: nil)
            XCTFail("undo of an entry changed since must be refused")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("changed again since"), error.description)
        }
        let row = try await store.nappyChange(id: logged.record.id)
        XCTAssertNil(row?.deletedAt, "nothing changed by the refused undo")
    }

    func testUndoDischargeReadmitsToTheSameBed() async throws {
        let patient = try await admit(bed: "4")
        let discharge = try await store.discharge(patientId: patient.id, at: clock.now, by: nil)
        _ = try await store.undo(auditEntryIds: [discharge.auditEntryId], by: nil)
        let back = try await store.admittedPatient(bedLabel: "4")
        XCTAssertEqual(back?.id, patient.id)
        XCTAssertNil(back?.dischargedAt)
    }

    func testUndoAdmissionHidesThePatientAndTheirEvents() async throws {
        let admission = try await store.admit(patientDraft(bed: "7"), by: nil)
        _ = try await store.logNappyChange(
            NappyChangeDraft(patientId: admission.record.id, occurredAt: clock.now, kind: .wet), by: nil)
        let undone = try await store.undo(auditEntryIds: [admission.auditEntryId], by: nil)
        XCTAssertEqual(undone.map(\.action), [.delete])
        let bed = try await store.admittedPatient(bedLabel: "7")
        XCTAssertNil(bed)
        let page = try await store.historyPage(.everything, after: nil, limit: 10)
        XCTAssertTrue(page.events.isEmpty)
        let dashboard = try await store.dashboard(now: clock.now, timeZone: london)
        XCTAssertTrue(dashboard.rows.isEmpty)
    }
}
