import Foundation
import WardSQL

/// One slot of a medication with its state at a clock: recorded statuses, and slots never
/// recorded shown as missed (or still open, or paused when they fell inside a pause). What a medication's detail view, adherence charts
/// and the dose-outcome insight rule read.
public struct SlotStatus: Sendable, Hashable {
    public let slot: DoseSlot
    public let state: SlotState
    /// The slot's row (final status and/or snooze), if any.
    public let record: DoseRecord?
}

extension SQLiteWardStore {
    /// Every slot of a scheduled medication with its scheduled time in `[from, to)` during the
    /// patient's stay (none after discharge), oldest first, with its state at `now` (as-needed
    /// medications have none: see `asNeededDoses`).
    public func slotHistory(medicationId: Int64, from: Date, to: Date, now: Date,
                            timeZone: TimeZone) async throws -> [SlotStatus] {
        try await database.read { db in
            try Self.slotHistory(db, medicationId: medicationId, from: from, to: to, now: now, timeZone: timeZone)
        }
    }

    static func slotHistory(_ db: some SQLConnection, medicationId: Int64, from: Date, to: Date, now: Date,
                            timeZone: TimeZone) throws -> [SlotStatus] {
        guard let medication = try db.fetchRecord(Medication.self, id: medicationId) else {
            throw WardStoreError("no medication with id \(medicationId)")
        }
        guard let patient = try db.fetchRecord(Patient.self, id: medication.patientId) else {
            throw WardStoreError("medication \(medicationId) belongs to no patient (id \(medication.patientId))")
        }
        let timing = try settings(db).slotTiming
        let records = try db.fetchRecords(DoseRecord.self, """
            SELECT * FROM dose_record WHERE medicationId = \(medicationId) AND deletedAt IS NULL
                AND scheduledAt >= \(from) AND scheduledAt < \(to)
            """)
        let byTime = Dictionary(records.map { ($0.scheduledAt, $0) }, uniquingKeysWith: { a, _ in a })
        let pauses = try MedicationPause.periods(db, medicationIds: [medicationId], from: from, to: to)[medicationId] ?? []
        return SlotGenerator.slots(for: medication, during: patient.stay, from: from, to: to, timeZone: timeZone).map { slot in
            let record = byTime[slot.scheduledAt]
            return SlotStatus(slot: slot, state: timing.state(of: slot, status: record?.status, snoozedUntil: record?.snoozedUntil,
                                                              pauses: pauses, now: now, timeZone: timeZone),
                              record: record)
        }
    }
}
