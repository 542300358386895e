import Foundation
import WardStore
@testable import CotsideApp

/// A small ward for the Medications tests at the fixed clock 2026-11-21 14:05 UTC:
/// bed 3 Ada with paracetamol at 13:00 (overdue: 13:00 + 30 min window + 30 min grace = 14:00
/// has passed), caffeine at 14:00 (due) and vitamin D at 09:00 (given at 09:05); bed 10 Bo with
/// gentamicin every 12 h from 02:00 (02:00 today given, 14:00 due) and ibuprofen as needed.
struct MedicationSeed {
    let nurse: Staff
    /// Prescribes (the nurse may not, `nurses_prescribe` being off by default).
    let doctor: Staff
    let ada: Patient
    let bo: Patient
    let paracetamol: Medication
    let caffeine: Medication
    let vitaminD: Medication
    let gentamicin: Medication
    let ibuprofen: Medication
}

extension WardTestCase {
    func seedMedications() async throws -> MedicationSeed {
        let nurse = try await addStaff("Nia Nurse", "NN")
        // Only doctors and pharmacists prescribe (WardPermission.prescribe); the nurse, the ward's
        // first member and so its ward admin, adds the doctor.
        let doctor = try await store.addStaff(StaffDraft(name: "Dan Doctor", initials: "DD", role: .doctor), by: nurse.id).record
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let bo = try await admit(bed: "10", given: "Bo", family: "Preterm", dob: "2026-11-01", ga: (30, 4), weight: 1450)
        let start = Self.now.addingTimeInterval(-2 * 86_400 - 14 * 3600 - 5 * 60)  // 2026-11-19 00:00
        func add(_ patient: Patient, _ name: String, _ amount: Double, _ unit: DoseUnit, _ route: MedicationRoute,
                 _ schedule: MedicationSchedule, startsAt: Date? = nil, category: MedicationCategory = .other) async throws -> Medication {
            try await store.addMedication(MedicationDraft(
                patientId: patient.id, drugName: name, doseAmount: amount, doseUnit: unit, route: route,
                schedule: schedule, startsAt: startsAt ?? start, category: category), by: doctor.id).record
        }
        let paracetamol = try await add(ada, "paracetamol", 45, .mg, .oral, .fixedTimes([TimeOfDay("13:00")!]), category: .antipyretic)
        let caffeine = try await add(ada, "caffeine citrate", 5, .mg, .oral, .fixedTimes([TimeOfDay("14:00")!]))
        let vitaminD = try await add(ada, "vitamin D", 400, .units, .oral, .fixedTimes([TimeOfDay("09:00")!]))
        let gentamicin = try await add(bo, "gentamicin", 7, .mg, .iv, .everyHours(12), startsAt: start.addingTimeInterval(2 * 3600))
        let ibuprofen = try await add(bo, "ibuprofen", 7, .mg, .oral, .asNeeded(minimumIntervalMinutes: 360, maxDosesPer24h: 3))
        _ = try await store.recordDose(DoseRecordDraft(
            medicationId: vitaminD.id, scheduledAt: Self.now.addingTimeInterval(-(5 * 3600 + 5 * 60)), status: .given,
            recordedAt: Self.now.addingTimeInterval(-5 * 3600)), by: nurse.id)
        _ = try await store.recordDose(DoseRecordDraft(
            medicationId: gentamicin.id, scheduledAt: today("02:00"), status: .given, recordedAt: today("02:10")), by: nurse.id)
        return MedicationSeed(nurse: nurse, doctor: doctor, ada: ada, bo: bo, paracetamol: paracetamol, caffeine: caffeine,
                              vitaminD: vitaminD, gentamicin: gentamicin, ibuprofen: ibuprofen)
    }

    /// The stored record of one slot, or nil.
    func storedDose(_ medication: Medication, at scheduledAt: Date) async throws -> DoseRecord? {
        try await store.doseRecords(medicationId: medication.id, from: scheduledAt, to: scheduledAt.addingTimeInterval(1)).first
    }

    /// An instant on the fixed day (2026-11-21) at hh:mm UTC.
    func today(_ hhmm: String) -> Date { WardClock.parseInstant("2026-11-21T\(hhmm):00Z")! }
}
