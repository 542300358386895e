import XCTest
@testable import WardStore

/// Every write that names its author checks, inside its own transaction, that the author is an
/// active member allowed to make it (the permission table): a member who has left cannot chart
/// care or doses under their name from a workstation still signed in or a script, the refusal
/// is audited, and nothing is stored.
final class DepartedAuthorTests: WardStoreTestCase {
    func testEveryCareAndDoseWriteRefusesAMemberWhoHasLeft() async throws {
        let nurse = try await addNurse("AO")
        let leaver = try await addNurse("LV")
        let patient = try await admit(by: nurse.id)
        let caffeine = try await addMedication(patient: patient, schedule: .fixedTimes([TimeOfDay(hour: 8, minute: 0)!]))
        let prn = try await addMedication(patient: patient, name: "paracetamol",
                                          schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4))
        _ = try await store.deactivateStaff(id: leaver.id, by: nurse.id)
        let (id, noon, eight) = (leaver.id, noon, date("2026-03-10T08:00:00Z"))
        let newcomer = patientDraft(bed: "4", hospitalNumber: "H200")
        let writes: [(String, @Sendable (SQLiteWardStore) async throws -> Void)] = [
            ("nappy", { _ = try await $0.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: noon, kind: .wet), by: id) }),
            ("feed", { _ = try await $0.logFeed(FeedDraft(patientId: patient.id, occurredAt: noon, kind: .formula, volumeML: 30), by: id) }),
            ("measurement", { _ = try await $0.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: noon, kind: .temperature, value: 37), by: id) }),
            ("observations", { _ = try await $0.logObservations(ObservationSet(patientId: patient.id, measuredAt: noon,
                                                                              readings: [ObservationReading(.heartRate, 140)]), by: id) }),
            ("admit", { _ = try await $0.admit(newcomer, by: id) }),
            ("discharge", { _ = try await $0.discharge(patientId: patient.id, at: noon, by: id) }),
            ("dose", { _ = try await $0.recordDoses([DoseRecordDraft(medicationId: caffeine.id, scheduledAt: eight,
                                                                     status: .given, recordedAt: noon)], by: id) }),
            ("as-needed dose", { _ = try await $0.logAsNeededDose(AsNeededDoseDraft(medicationId: prn.id, givenAt: noon), by: id) }),
        ]
        for (name, write) in writes {
            do {
                try await write(store)
                XCTFail("\(name): a member who has left charted it")
            } catch {
                XCTAssertTrue("\(error)".contains("not an active staff member"), "\(name): \(error)")
            }
        }
        let refusals = try await store.auditTrail(AuditFilter(actions: [.refused]), olderThan: nil, limit: 50)
        XCTAssertEqual(refusals.count, writes.count, "each refusal is audited")
        let stored = try await sql { db in
            try Int.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM nappy_change) + (SELECT count(*) FROM feed) + (SELECT count(*) FROM measurement)
                     + (SELECT count(*) FROM dose_record WHERE status IS NOT NULL) + (SELECT count(*) FROM as_needed_dose)
                     + (SELECT count(*) FROM patient WHERE dischargedAt IS NOT NULL OR bedLabel = '4')
                """)
        }
        XCTAssertEqual(stored, 0, "nothing was stored")
    }
}
