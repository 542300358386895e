import Foundation
import XCTest
@testable import WardStore

/// One final status per slot: recording again is refused (naming who and when), undo, validation, medication edits.
final class DoseRecordTests: WardStoreTestCase {
    func testRecordingASlotThatHoldsAStatusIsRefusedNamingWhoAndWhen() async throws {
        let nurse = try await addNurse("AO")
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("08:00", "20:00")))
        let slot = date("2026-03-10T08:00:00Z")
        let first = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: slot, status: .given,
                                                               recordedAt: date("2026-03-10T08:05:00Z")), by: nurse.id)
        XCTAssertEqual(first.record.slotDay, CalendarDay("2026-03-10"))
        XCTAssertEqual(first.record.slotTime, TimeOfDay("08:00"))
        for status in DoseStatus.allCases {
            do {
                _ = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: slot, status: status,
                                                               withheldReason: status == .withheld ? .vomited : nil,
                                                               recordedAt: date("2026-03-10T08:40:00Z")), by: nil)
                XCTFail("\(status) over a given dose must be refused")
            } catch let refusal as DoseAlreadyRecordedError {
                XCTAssertEqual(refusal.description.components(separatedBy: ";")[0],
                               "the 08:00 dose of caffeine citrate is already given by AO at 08:05")
            }
        }
        let stored = try await store.doseRecord(id: first.record.id)
        XCTAssertEqual(stored, first.record, "the first record is untouched")
        let rows = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dose_record")! }
        XCTAssertEqual(rows, 1)
        let audit = try await store.auditEntries(entity: .doseRecord, entityId: first.record.id)
        XCTAssertEqual(audit.map(\.action), [.create], "nothing written over it")

        // Undone, the slot is open again and can be recorded; undoing that goes back to open.
        _ = try await store.undo(auditEntryIds: [first.auditEntryId], by: nurse.id)
        let again = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: slot, status: .withheld,
                                                               withheldReason: .vomited, recordedAt: date("2026-03-10T08:40:00Z")),
                                               by: nurse.id)
        XCTAssertEqual(again.record.id, first.record.id, "one row per slot")
        XCTAssertEqual(again.record.status, .withheld)
        _ = try await store.undo(auditEntryIds: [again.auditEntryId], by: nurse.id)
        let back = try await store.doseRecord(id: first.record.id)
        XCTAssertNil(back?.liveStatus, "undoing the second record leaves the slot open, not given")
    }

    func testARefusalOnAnotherDayNamesTheDay() async throws {
        let nurse = try await addNurse("AO")
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("20:00")))
        let slot = date("2026-03-09T20:00:00Z")
        _ = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: slot, status: .given,
                                                       recordedAt: date("2026-03-09T20:10:00Z")), by: nurse.id)
        do {
            _ = try await store.snoozeDose(medicationId: med.id, scheduledAt: slot, for: .tenMinutes, by: nil)
            XCTFail("a given slot cannot be snoozed")
        } catch let refusal as DoseAlreadyRecordedError {
            XCTAssertEqual(refusal.description,
                           "the 20:00 dose of caffeine citrate is already given by AO at 9 Mar 20:10; it cannot be snoozed")
        }
    }

    func testSlotsMustExistAndWithheldNeedsAReason() async throws {
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("08:00")))
        do {
            _ = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: date("2026-03-10T09:00:00Z"),
                                                           status: .given, recordedAt: clock.now), by: nil)
            XCTFail("09:00 is not a slot")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("no dose scheduled at that time (schedule: 08:00)"), error.description)
        }
        await assertValidationFails(field: "withheldReason", messageContains: "needs a reason") {
            _ = try await self.store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: self.date("2026-03-10T08:00:00Z"),
                                                                status: .withheld, recordedAt: self.clock.now), by: nil)
        }
        await assertValidationFails(field: "recordedAt", messageContains: "future") {
            _ = try await self.store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: self.date("2026-03-10T08:00:00Z"),
                                                                status: .given, recordedAt: self.clock.now.addingTimeInterval(3600)), by: nil)
        }
        let stored = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dose_record")! }
        XCTAssertEqual(stored, 0, "nothing stored on a refusal")
    }

    func testSnoozeRefusedOnceFinalAndRecordingsInOneRoundAreAllOrNothing() async throws {
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("08:00", "12:00")))
        _ = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: date("2026-03-10T08:00:00Z"),
                                                       status: .given, recordedAt: clock.now), by: nil)
        do {
            _ = try await store.snoozeDose(medicationId: med.id, scheduledAt: date("2026-03-10T08:00:00Z"), for: .tenMinutes, by: nil)
            XCTFail("a given slot cannot be snoozed")
        } catch let error as DoseAlreadyRecordedError {
            XCTAssertTrue(error.description.contains("already given"), error.description)
        }
        do {
            _ = try await store.recordDoses([
                DoseRecordDraft(medicationId: med.id, scheduledAt: date("2026-03-10T12:00:00Z"), status: .given, recordedAt: clock.now),
                DoseRecordDraft(medicationId: med.id, scheduledAt: date("2026-03-10T13:00:00Z"), status: .given, recordedAt: clock.now),
            ], by: nil)
            XCTFail("the second slot does not exist")
        } catch is WardStoreError {}
        let noon = try await store.doseRecords(medicationId: med.id, from: date("2026-03-10T11:00:00Z"), to: date("2026-03-10T13:00:00Z"))
        XCTAssertTrue(noon.isEmpty, "the round is one transaction")
    }

    func testMedicationValidationPauseStopAndUndo() async throws {
        let patient = try await admit()
        await assertValidationFails(field: "schedule", messageContains: "1 to 72 hours") {
            _ = try await self.store.addMedication(MedicationDraft(patientId: patient.id, drugName: "x", doseAmount: 1, doseUnit: .mg,
                                                                   route: .iv, schedule: .everyHours(0), startsAt: self.clock.now), by: nil)
        }
        await assertValidationFails(field: "drugName", messageContains: "empty") {
            _ = try await self.store.addMedication(MedicationDraft(patientId: patient.id, drugName: " ", doseAmount: 1, doseUnit: .mg,
                                                                   route: .iv, schedule: .everyHours(8), startsAt: self.clock.now), by: nil)
        }
        let med = try await store.addMedication(MedicationDraft(patientId: patient.id, drugName: " gentamicin ", doseAmount: 10,
                                                                doseUnit: .mg, route: .iv, schedule: .everyHours(36),
                                                                startsAt: date("2026-03-09T06:00:00Z")), by: nil)
        XCTAssertEqual(med.record.drugName, "gentamicin")
        let reread = try await store.medication(id: med.record.id)
        XCTAssertEqual(reread, med.record, "the schedule columns round-trip")
        let paused = try await store.setMedicationPaused(id: med.record.id, paused: true, by: nil)
        XCTAssertTrue(paused.record.isPaused)
        _ = try await store.undo(auditEntryIds: [paused.auditEntryId], by: nil)
        let stopped = try await store.stopMedication(id: med.record.id, at: clock.now, by: nil)
        XCTAssertEqual(stopped.record.endsAt, clock.now)
        let current = try await store.medications(patientId: patient.id, includeEnded: false)
        XCTAssertTrue(current.isEmpty)
        let all = try await store.medications(patientId: patient.id, includeEnded: true)
        XCTAssertEqual(all.map(\.id), [med.record.id])
    }
}
