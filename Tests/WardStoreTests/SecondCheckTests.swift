import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The store enforces the ward's second-check list inside the write transaction: a given dose of
/// a drug the list names needs `checkedBy`, an active member other than the recorder, allowed to
/// record doses; both names are stored and audited. Withheld and missed doses take no checker.
final class SecondCheckTests: WardStoreTestCase {
    struct Ward {
        let nurse: Staff, checker: Staff, patient: Patient, gentamicin: Medication, paracetamol: Medication, morphine: Medication
    }

    func makeWard(list: String = "gentamicin, morphine") async throws -> Ward {
        let nurse = try await addNurse("AO")
        let checker = try await addNurse("BK")
        let patient = try await admit()
        func add(_ name: String, _ route: MedicationRoute, _ category: MedicationCategory,
                 _ schedule: MedicationSchedule) async throws -> Medication {
            try await store.addMedication(MedicationDraft(patientId: patient.id, drugName: name, doseAmount: 5, doseUnit: .mg,
                                                          route: route, schedule: schedule, startsAt: patient.admittedAt,
                                                          category: category), by: nil).record
        }
        let gentamicin = try await add("Gentamicin", .iv, .antibiotic, .fixedTimes(times("08:00")))
        let paracetamol = try await add("paracetamol", .oral, .antipyretic, .fixedTimes(times("08:00")))
        let morphine = try await add("morphine", .oral, .other, .asNeeded(minimumIntervalMinutes: 60, maxDosesPer24h: 6))
        _ = try await store.updateSettings([.secondCheck: list], by: nurse.id)
        return Ward(nurse: nurse, checker: checker, patient: patient, gentamicin: gentamicin, paracetamol: paracetamol, morphine: morphine)
    }

    var slot: Date { date("2026-03-10T08:00:00Z") }

    func given(_ med: Medication, checkedBy: Int64? = nil) -> DoseRecordDraft {
        DoseRecordDraft(medicationId: med.id, scheduledAt: slot, status: .given, recordedAt: noon, checkedBy: checkedBy)
    }

    func testADoseOnTheListIsRefusedWithoutItsCheckerAndNothingIsStored() async throws {
        let ward = try await makeWard()
        await assertValidationFails(field: "checkedBy", messageContains: "Gentamicin needs a second check") {
            _ = try await self.store.recordDose(self.given(ward.gentamicin), by: ward.nurse.id)
        }
        // In a round with a drug that needs none, the whole round is refused.
        await assertValidationFails(field: "checkedBy", messageContains: "names gentamicin") {
            _ = try await self.store.recordDoses([self.given(ward.paracetamol), self.given(ward.gentamicin)], by: ward.nurse.id)
        }
        await assertValidationFails(field: "checkedBy", messageContains: "morphine needs a second check") {
            _ = try await self.store.logAsNeededDose(AsNeededDoseDraft(medicationId: ward.morphine.id, givenAt: self.noon),
                                                     by: ward.nurse.id)
        }
        let counts = try await sql { db in
            [try Int.fetchOne(db, sql: "SELECT count(*) FROM dose_record")!, try Int.fetchOne(db, sql: "SELECT count(*) FROM as_needed_dose")!]
        }
        XCTAssertEqual(counts, [0, 0])
        // A drug the list does not name needs no checker.
        let plain = try await store.recordDose(given(ward.paracetamol), by: ward.nurse.id)
        XCTAssertNil(plain.record.checkedBy)
    }

    func testBothNamesAreStoredAndAudited() async throws {
        let ward = try await makeWard()
        let saved = try await store.recordDose(given(ward.gentamicin, checkedBy: ward.checker.id), by: ward.nurse.id)
        XCTAssertEqual(saved.record.recordedBy, ward.nurse.id)
        XCTAssertEqual(saved.record.checkedBy, ward.checker.id)
        let audit = try await store.auditEntries(entity: .doseRecord, entityId: saved.record.id)
        XCTAssertTrue(audit.last?.afterJSON?.contains("\"checkedBy\":\(ward.checker.id)") == true, audit.last?.afterJSON ?? "")
        let prn = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: ward.morphine.id, givenAt: noon,
                                                                    checkedBy: ward.checker.id), by: ward.nurse.id)
        XCTAssertEqual(prn.record.checkedBy, ward.checker.id)
        // History and the medication list name the checker.
        let page = try await store.historyPage(HistoryFilter(patientId: ward.patient.id), after: nil, limit: 10)
        let details = page.events.map(\.details)
        XCTAssertTrue(details.contains("08:00 slot · checked by BK"), "\(details)")
        XCTAssertTrue(details.contains("as needed · checked by BK"), "\(details)")
        let list = try await store.medicationList(patientId: ward.patient.id, now: noon, timeZone: london)
        XCTAssertEqual(list.rows.first { $0.medication.id == ward.gentamicin.id }?.latest?.checkedBy, "BK")
    }

    func testTheCheckerMustBeAnotherActiveMember() async throws {
        let ward = try await makeWard()
        await assertValidationFails(field: "checkedBy", messageContains: "another member than AO") {
            _ = try await self.store.recordDose(self.given(ward.gentamicin, checkedBy: ward.nurse.id), by: ward.nurse.id)
        }
        _ = try await store.deactivateStaff(id: ward.checker.id, by: ward.nurse.id)
        await assertValidationFails(field: "checkedBy", messageContains: "BK is no longer active") {
            _ = try await self.store.recordDose(self.given(ward.gentamicin, checkedBy: ward.checker.id), by: ward.nurse.id)
        }
        await assertValidationFails(field: "checkedBy", messageContains: "not a staff member") {
            _ = try await self.store.recordDose(self.given(ward.gentamicin, checkedBy: 999), by: ward.nurse.id)
        }
    }

    /// Nothing goes into the patient when a dose is withheld or missed, so there is nothing to check.
    func testWithheldAndMissedDosesTakeNoChecker() async throws {
        let ward = try await makeWard()
        let withheld = try await store.recordDose(DoseRecordDraft(medicationId: ward.gentamicin.id, scheduledAt: slot,
                                                                  status: .withheld, withheldReason: .clinicalDecision,
                                                                  recordedAt: noon), by: ward.nurse.id)
        XCTAssertNil(withheld.record.checkedBy)
        await assertValidationFails(field: "checkedBy", messageContains: "only for a dose given") {
            _ = try await self.store.recordDose(DoseRecordDraft(medicationId: ward.paracetamol.id, scheduledAt: self.slot,
                                                                status: .missed, recordedAt: self.noon, checkedBy: ward.checker.id),
                                                by: ward.nurse.id)
        }
        // The table refuses a checker on a dose not given, or the recorder as their own checker, whoever writes.
        let refused = try await filePool.write { db -> Bool in
            do {
                try db.execute(sql: "UPDATE dose_record SET checkedBy = ? WHERE id = ?", arguments: [ward.checker.id, withheld.record.id])
                return false
            } catch { return true }
        }
        XCTAssertTrue(refused)
    }

    /// The list is read inside the write's transaction: a list changed by another workstation counts at once.
    func testTheListAsStoredNowDecides() async throws {
        let ward = try await makeWard(list: "")
        let first = try await store.recordDose(given(ward.gentamicin), by: ward.nurse.id)
        XCTAssertNil(first.record.checkedBy)
        let other = try await anotherStore()
        _ = try await other.updateSettings([.secondCheck: "route:iv+category:antibiotic"], by: ward.nurse.id)
        await other.close()
        let tomorrow = DoseRecordDraft(medicationId: ward.gentamicin.id, scheduledAt: date("2026-03-11T08:00:00Z"),
                                       status: .given, recordedAt: date("2026-03-10T12:00:00Z"))
        clock.advance(minutes: 24 * 60)
        await assertValidationFails(field: "checkedBy", messageContains: "names route:iv+category:antibiotic") {
            _ = try await self.store.recordDose(tomorrow, by: ward.nurse.id)
        }
    }
}
