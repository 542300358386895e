import Foundation
import XCTest
@testable import WardStore

/// A dose withheld for "other" reason carries the reason in words: every path that records a
/// withheld dose refuses a bare "other", and nothing is stored.
final class WithheldOtherTests: WardStoreTestCase {
    func testABareOtherIsRefusedAndNothingIsStored() async throws {
        let nurse = try await addNurse("AO")
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("08:00", "20:00")))
        let slot = date("2026-03-10T08:00:00Z")
        for notes in ["", "   "] {
            await assertValidationFails(field: "notes", messageContains: "needs that reason in words") {
                _ = try await self.store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: slot, status: .withheld,
                                                                    withheldReason: .other, recordedAt: self.noon, notes: notes),
                                                    by: nurse.id)
            }
        }
        // The round's several slots at once: all refused, none stored.
        let other = try await addMedication(patient: patient, name: "vitamin D", schedule: .fixedTimes(times("08:00")))
        await assertValidationFails(field: "notes", messageContains: "in words") {
            _ = try await self.store.recordDoses([
                DoseRecordDraft(medicationId: other.id, scheduledAt: slot, status: .withheld, withheldReason: .refused, recordedAt: self.noon),
                DoseRecordDraft(medicationId: med.id, scheduledAt: slot, status: .withheld, withheldReason: .other, recordedAt: self.noon),
            ], by: nurse.id)
        }
        let rows = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM dose_record")! }
        XCTAssertEqual(rows, 0, "nothing stored")

        let saved = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: slot, status: .withheld,
                                                               withheldReason: .other, recordedAt: noon,
                                                               notes: "baby in theatre"), by: nurse.id)
        XCTAssertEqual(saved.record.withheldReason, .other)
        XCTAssertEqual(saved.record.notes, "baby in theatre")
    }

    /// A correction to withheld "other" always has words: its required reason leads the notes.
    func testACorrectionToOtherKeepsItsReasonAsTheWords() async throws {
        let nurse = try await addNurse("AO")
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("08:00")))
        let given = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: date("2026-03-10T08:00:00Z"),
                                                               status: .given, recordedAt: noon), by: nurse.id)
        let corrected = try await store.correctDose(id: given.record.id, status: .withheld, withheldReason: .other,
                                                    reason: "baby was in theatre, not given", by: nurse.id)
        XCTAssertEqual(corrected.record.withheldReason, .other)
        XCTAssertEqual(corrected.record.notes, "Correction: baby was in theatre, not given")
    }
}
