import Foundation
import WardSQL

extension SQLiteWardStore {
    public func addMedication(_ draft: MedicationDraft, by: Int64?) async throws -> Audited<Medication> {
        let now = self.now
        let result = try await permittedWrite(.prescribe, by: by) { db -> Audited<Medication> in
            try Self.checkMedication(draft, db: db)
            var medication = Self.medication(from: draft, id: 0, now: now)
            medication.id = try db.insert(medication)
            let auditId = try AuditTrail.record(db, action: .create, before: nil, after: medication, by: by, at: now)
            return Audited(record: medication, auditEntryId: auditId)
        }
        publish([.medication])
        return result
    }

    public func updateMedication(id: Int64, _ draft: MedicationDraft, by: Int64?) async throws -> Audited<Medication> {
        try await changeMedication(id: id, by: by) { medication, now, db in
            try Self.checkMedication(draft, db: db)
            guard draft.patientId == medication.patientId else {
                throw WardValidationError([.init(field: "patientId", message: "a medication cannot move to another patient; stop it and add it there")])
            }
            var after = Self.medication(from: draft, id: medication.id, now: now)
            after.isPaused = medication.isPaused
            after.createdAt = medication.createdAt
            after.isDemo = medication.isDemo
            medication = after
        }
    }

    /// Pauses or resumes. The audit row written in the same transaction opens or closes the
    /// medication's pause period (`medication_pause`, by trigger: see `v5MedicationPauses`), so the
    /// flag, the period and the audit trail cannot disagree, undo included.
    public func setMedicationPaused(id: Int64, paused: Bool, by: Int64?) async throws -> Audited<Medication> {
        try await changeMedication(id: id, by: by) { medication, _, _ in
            guard medication.isPaused != paused else {
                throw WardStoreError("medication \(id) is \(paused ? "already paused" : "not paused")")
            }
            medication.isPaused = paused
        }
    }

    public func stopMedication(id: Int64, at: Date, by: Int64?) async throws -> Audited<Medication> {
        try await changeMedication(id: id, by: by) { medication, now, _ in
            if let issue = WardValidation.notInFuture(at, now: now, field: "endsAt", what: "stop time") {
                throw WardValidationError([issue])
            }
            guard at > medication.startsAt else {
                throw WardValidationError([.init(field: "endsAt", message: "the stop time is not after the start")])
            }
            if let end = medication.endsAt, end <= at {
                throw WardStoreError("medication \(id) already ended")
            }
            medication.endsAt = StoredTime.truncated(at)
        }
    }

    public func deleteMedication(id: Int64, by: Int64?) async throws -> Audited<Medication> {
        try await setDeleted(Medication.self, id: id, deleted: true, by: by)
    }

    public func restoreMedication(id: Int64, by: Int64?) async throws -> Audited<Medication> {
        try await setDeleted(Medication.self, id: id, deleted: false, by: by)
    }

    public func medication(id: Int64) async throws -> Medication? {
        try await database.read { db in try db.fetchRecord(Medication.self, id: id) }
    }

    public func prescribedDrugNames() async throws -> [String] {
        try await database.read { db in
            try db.fetchAll("SELECT DISTINCT lower(drugName) AS name FROM medication WHERE deletedAt IS NULL ORDER BY 1").map {
                try $0.column("name", as: String.self)
            }
        }
    }

    public func medications(patientId: Int64, includeEnded: Bool) async throws -> [Medication] {
        let now = self.now
        return try await database.read { db in
            try db.fetchRecords(Medication.self, """
                SELECT * FROM medication WHERE patientId = \(patientId) AND deletedAt IS NULL
                    AND (\(includeEnded) OR endsAt IS NULL OR endsAt > \(now))
                ORDER BY lower(drugName), id
                """)
        }
    }

    /// A medication's pause periods, oldest first (the last one open while it is paused).
    public func medicationPauses(medicationId: Int64) async throws -> [MedicationPause] {
        try await database.read { db in
            try db.fetchAll("SELECT * FROM medication_pause WHERE medicationId = \(medicationId) ORDER BY pausedAt, id")
                .map(MedicationPause.init(reading:))
        }
    }

    private func changeMedication(id: Int64, by: Int64?,
                                  _ change: @Sendable @escaping (inout Medication, Date, any SQLConnection) throws -> Void)
        async throws -> Audited<Medication> {
        let now = self.now
        let result = try await permittedWrite(.prescribe, by: by) { db -> Audited<Medication> in
            let before = try Self.existing(Medication.self, id, db: db)
            guard before.deletedAt == nil else { throw WardStoreError("medication \(id) is deleted; restore it first") }
            var after = before
            try change(&after, now, db)
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.medication])
        return result
    }

    static func checkMedication(_ draft: MedicationDraft, db: some SQLConnection) throws {
        var issues = WardValidation.medication(draft)
        try checkPatient(draft.patientId, at: draft.startsAt, field: "startsAt", db: db, issues: &issues)
        guard issues.isEmpty else { throw WardValidationError(issues) }
    }

    static func medication(from draft: MedicationDraft, id: Int64, now: Date) -> Medication {
        let trimmedName = draft.drugName.trimmingCharacters(in: .whitespaces)
        return Medication(id: id, patientId: draft.patientId, drugName: trimmedName, doseAmount: draft.doseAmount,
                          doseUnit: draft.doseUnit, route: draft.route, schedule: draft.schedule,
                          startsAt: StoredTime.truncated(draft.startsAt), endsAt: draft.endsAt.map(StoredTime.truncated),
                          isPaused: false, category: draft.category, notes: cleanNotes(draft.notes),
                          createdAt: now, updatedAt: now, deletedAt: nil, isDemo: false)
    }
}
