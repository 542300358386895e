import Foundation
import WardSQL

extension SQLiteWardStore {
    /// Stores a set of observations: one measurement row per reading, all or nothing, in ONE
    /// write transaction on the store's actor, each row with its own audit entry (so History,
    /// the audit trail and undo treat every reading as the measurement it is). The whole set is
    /// validated before anything is written; any problem refuses all of it.
    public func logObservations(_ set: ObservationSet, by: Int64?) async throws -> [Audited<MeasurementRecord>] {
        let now = self.now
        let validated = WardValidation.observations(set, now: now)
        let result = try await permittedWrite(.logCare, by: by) { db -> [Audited<MeasurementRecord>] in
            var issues = validated
            try Self.checkPatient(set.patientId, at: set.measuredAt, field: "measuredAt", db: db, issues: &issues)
            guard issues.isEmpty else { throw WardValidationError(issues) }
            return try set.drafts.map { draft in
                try Self.insertMeasurement(draft, db: db, by: by, now: now)
            }
        }
        publish([.measurement])
        return result
    }

    /// Inserts one checked measurement and its audit entry (the caller's transaction).
    static func insertMeasurement(_ draft: MeasurementDraft, db: some SQLConnection, by: Int64?,
                                  now: Date) throws -> Audited<MeasurementRecord> {
        let id = try db.insertReturningId("""
            INSERT INTO measurement (patientId, measuredAt, kind, value, diastolicMmHg, oxygenMode, oxygenAmount, notes,
                recordedBy, createdAt, updatedAt)
            VALUES (\(draft.patientId), \(draft.measuredAt), \(draft.kind), \(draft.value), \(draft.diastolicMmHg),
                \(draft.oxygen?.mode), \(draft.oxygen?.amount), \(cleanNotes(draft.notes)), \(by), \(now), \(now))
            RETURNING id
            """)
        return try AuditTrail.created(MeasurementRecord.self, db, id: id, by: by, at: now)
    }
}
