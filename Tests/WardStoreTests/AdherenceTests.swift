import Foundation
import XCTest
@testable import WardStore

/// Adherence = given / due over final slots; clinical withholds counted apart.
final class AdherenceTests: WardStoreTestCase {
    func testCountsAndRate() {
        var a = Adherence()
        a.count(.given, reason: nil)
        a.count(.given, reason: nil)
        a.count(.given, reason: nil)
        a.count(.withheld, reason: .refused)
        a.count(.withheld, reason: .nilByMouth)
        a.count(.withheld, reason: .clinicalDecision)
        a.count(.missed, reason: nil)
        a.count(.overdue, reason: nil)
        a.count(.upcoming, reason: nil)
        XCTAssertEqual(a, Adherence(given: 3, withheld: 1, withheldClinical: 2, missed: 1))
        XCTAssertEqual(a.due, 5)
        XCTAssertEqual(a.percent, 60)
        XCTAssertNil(Adherence().rate)
    }

    func testPerMedicationAndPerPatientOverSevenAndFourteenDays() async throws {
        let patient = try await admit()  // admitted 2026-03-08 20:00
        // Clock at 2026-03-10 12:00: once-daily 08:00 since admission gives the 9th and 10th slots.
        let daily = try await addMedication(patient: patient, name: "vitamin D", schedule: .fixedTimes(times("08:00")))
        let twice = try await addMedication(patient: patient, name: "iron", schedule: .fixedTimes(times("09:00", "21:00")),
                                           startsAt: date("2026-03-09T00:00:00Z"))
        _ = try await store.recordDose(DoseRecordDraft(medicationId: daily.id, scheduledAt: date("2026-03-09T08:00:00Z"),
                                                       status: .given, recordedAt: date("2026-03-09T08:10:00Z")), by: nil)
        // 10 Mar 08:00 left unrecorded: at 12:00 it is overdue, not final, so it does not count yet.
        _ = try await store.recordDose(DoseRecordDraft(medicationId: twice.id, scheduledAt: date("2026-03-09T09:00:00Z"),
                                                       status: .given, recordedAt: date("2026-03-09T09:00:00Z")), by: nil)
        _ = try await store.recordDose(DoseRecordDraft(medicationId: twice.id, scheduledAt: date("2026-03-09T21:00:00Z"),
                                                       status: .withheld, withheldReason: .nilByMouth,
                                                       recordedAt: date("2026-03-09T21:00:00Z")), by: nil)
        _ = try await store.recordDose(DoseRecordDraft(medicationId: twice.id, scheduledAt: date("2026-03-10T09:00:00Z"),
                                                       status: .withheld, withheldReason: .refused,
                                                       recordedAt: date("2026-03-10T09:05:00Z")), by: nil)
        let list = try await store.medicationList(patientId: patient.id, now: clock.now, timeZone: london)
        let vitD = try XCTUnwrap(list.rows.first { $0.medication.id == daily.id })
        XCTAssertEqual(vitD.adherence7d, Adherence(given: 1))
        XCTAssertEqual(vitD.overdueSlots, 1)
        XCTAssertTrue(vitD.needsAttention, "an overdue slot needs attention")
        let iron = try XCTUnwrap(list.rows.first { $0.medication.id == twice.id })
        XCTAssertEqual(iron.adherence7d, Adherence(given: 1, withheld: 1, withheldClinical: 1))
        XCTAssertEqual(iron.adherence7d.percent, 50)
        XCTAssertEqual(iron.latest?.status, .withheld)
        XCTAssertEqual(iron.latest?.withheldReason, .refused)
        XCTAssertEqual(iron.nextDueAt, date("2026-03-10T21:00:00Z"))
        XCTAssertEqual(list.patientAdherence7d, Adherence(given: 2, withheld: 1, withheldClinical: 1))
        XCTAssertEqual(list.patientAdherence14d, list.patientAdherence7d, "nothing older than 7 days")

        // Two days later the unrecorded slots of 10 and 11 March are missed.
        clock.now = date("2026-03-12T07:00:00Z")
        let later = try await store.medicationList(patientId: patient.id, now: clock.now, timeZone: london)
        XCTAssertEqual(later.rows.first { $0.medication.id == daily.id }?.adherence7d, Adherence(given: 1, missed: 2))
    }

    func testFilterChips() async throws {
        let patient = try await admit()
        _ = try await addMedication(patient: patient, name: "a", schedule: .fixedTimes(times("23:00")))
        let b = try await addMedication(patient: patient, name: "b", schedule: .fixedTimes(times("23:00")))
        _ = try await store.setMedicationPaused(id: b.id, paused: true, by: nil)
        let list = try await store.medicationList(patientId: patient.id, now: clock.now, timeZone: london)
        XCTAssertEqual(MedicationFilter.allCases.map { list.count($0) }, [2, 1, 1, 2],
                       "'a' missed yesterday's 23:00 (0 % adherence) and 'b' is paused: both need attention")
    }
}
