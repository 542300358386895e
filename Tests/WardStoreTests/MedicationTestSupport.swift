import Foundation
import XCTest
@testable import WardStore

/// Helpers for the medication, dose, feed and measurement tests.
extension WardStoreTestCase {
    /// A medication value for pure tests (never stored).
    func medicationValue(id: Int64 = 1, schedule: MedicationSchedule, startsAt: Date, endsAt: Date? = nil,
                         category: MedicationCategory = .other) -> Medication {
        Medication(id: id, patientId: 1, drugName: "test drug", doseAmount: 5, doseUnit: .mg, route: .oral,
                   schedule: schedule, startsAt: startsAt, endsAt: endsAt, isPaused: false, category: category, notes: "",
                   createdAt: startsAt, updatedAt: startsAt, deletedAt: nil, isDemo: false)
    }

    func times(_ list: String...) -> [TimeOfDay] { list.map { TimeOfDay($0)! } }

    @discardableResult
    func addMedication(patient: Patient, name: String = "caffeine citrate", schedule: MedicationSchedule,
                       startsAt: Date? = nil, category: MedicationCategory = .other) async throws -> Medication {
        try await store.addMedication(MedicationDraft(patientId: patient.id, drugName: name, doseAmount: 5, doseUnit: .mg,
                                                      route: .oral, schedule: schedule,
                                                      startsAt: startsAt ?? patient.admittedAt, category: category),
                                      by: nil).record
    }

    func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }
}
