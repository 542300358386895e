import Foundation
import WardSQL

extension SQLiteWardStore {
    public func recordDose(_ draft: DoseRecordDraft, by: Int64?) async throws -> Audited<DoseRecord> {
        try await recordDoses([draft], by: by)[0]
    }

    /// Records final statuses for several slots in one transaction (the drug round's Space-marked
    /// rows): all stored or none. A slot that already holds a final status is refused with
    /// `DoseAlreadyRecordedError` (who and when), even when two processes record it at once: the
    /// UNIQUE slot index and the guarded upsert in `writeSlot` let exactly one of them through.
    /// A given dose of a drug the ward's second-check list names needs `checkedBy`, checked here
    /// in the transaction (`SQLiteWardStore+SecondCheck`).
    public func recordDoses(_ drafts: [DoseRecordDraft], by: Int64?) async throws -> [Audited<DoseRecord>] {
        guard !drafts.isEmpty else { return [] }
        let (now, timeZone) = (self.now, self.timeZone)
        let result = try await permittedWrite(.recordDose, by: by) { db -> [Audited<DoseRecord>] in
            try drafts.map { draft in
                let (medication, slot) = try Self.slot(draft.medicationId, draft.scheduledAt, db: db, timeZone: timeZone)
                var issues = WardValidation.doseRecord(draft, now: now)
                try Self.checkPatient(medication.patientId, at: draft.recordedAt, field: "recordedAt", db: db, issues: &issues)
                issues += try Self.secondCheckIssues(medication: medication, status: draft.status, checkedBy: draft.checkedBy,
                                                     by: by, db)
                guard issues.isEmpty else { throw WardValidationError(issues) }
                return try Self.writeSlot(db, medication: medication, slot: slot, by: by, now: now, timeZone: timeZone,
                                          attempt: .record) { record in
                    record.status = draft.status
                    record.withheldReason = draft.status == .withheld ? draft.withheldReason : nil
                    record.recordedAt = StoredTime.truncated(draft.recordedAt)
                    record.recordedBy = by
                    record.checkedBy = draft.status == .given ? draft.checkedBy : nil
                    record.notes = Self.cleanNotes(draft.notes)
                }
            }
        }
        publish([.doseRecord])
        return result
    }

    /// Moves a slot's due time 10, 30 or 60 minutes on (from now, or from the current snooze);
    /// refused once the slot has a final status.
    public func snoozeDose(medicationId: Int64, scheduledAt: Date, for option: SnoozeOption,
                           by: Int64?) async throws -> Audited<DoseRecord> {
        let (now, timeZone) = (self.now, self.timeZone)
        let result = try await permittedWrite(.recordDose, by: by) { db -> Audited<DoseRecord> in
            let (medication, slot) = try Self.slot(medicationId, scheduledAt, db: db, timeZone: timeZone)
            return try Self.writeSlot(db, medication: medication, slot: slot, by: by, now: now, timeZone: timeZone,
                                      attempt: .snooze) { record in
                record.snoozedUntil = option.snoozedUntil(now: now, current: record.snoozedUntil)
            }
        }
        publish([.doseRecord])
        return result
    }

    public func doseRecords(medicationId: Int64, from: Date, to: Date) async throws -> [DoseRecord] {
        try await database.read { db in
            try db.fetchRecords(DoseRecord.self, """
                SELECT * FROM dose_record WHERE medicationId = \(medicationId) AND scheduledAt >= \(from) AND scheduledAt < \(to)
                    AND deletedAt IS NULL ORDER BY scheduledAt
                """)
        }
    }

    public func doseRecord(id: Int64) async throws -> DoseRecord? {
        try await database.read { db in try db.fetchRecord(DoseRecord.self, id: id) }
    }

    public func deleteDoseRecord(id: Int64, by: Int64?) async throws -> Audited<DoseRecord> {
        try await setDeleted(DoseRecord.self, id: id, deleted: true, by: by)
    }

    // MARK: As needed

    /// Logs an as-needed dose. Refused with `AsNeededRefusalError` when the minimum interval or
    /// the 24 h maximum would be broken, unless `overrideReason` is given (then stored with it);
    /// a drug the ward's second-check list names needs `checkedBy` (checked in the transaction).
    public func logAsNeededDose(_ draft: AsNeededDoseDraft, by: Int64?) async throws -> Audited<AsNeededDose> {
        let now = self.now
        let result = try await permittedWrite(.recordDose, by: by) { db -> Audited<AsNeededDose> in
            let medication = try Self.existing(Medication.self, draft.medicationId, db: db)
            let overrideReason = try Self.checkAsNeeded(draft, medication: medication, excluding: nil, db: db, now: now)
            let checkIssues = try Self.secondCheckIssues(medication: medication, status: .given, checkedBy: draft.checkedBy,
                                                         by: by, db)
            guard checkIssues.isEmpty else { throw WardValidationError(checkIssues) }
            let id = try db.insertReturningId("""
                INSERT INTO as_needed_dose (medicationId, patientId, givenAt, doseAmount, overrideReason, notes,
                    recordedBy, checkedBy, createdAt, updatedAt)
                VALUES (\(medication.id), \(medication.patientId), \(draft.givenAt), \(draft.doseAmount ?? medication.doseAmount),
                    \(overrideReason), \(Self.cleanNotes(draft.notes)), \(by), \(draft.checkedBy), \(now), \(now))
                RETURNING id
                """)
            return try AuditTrail.created(AsNeededDose.self, db, id: id, by: by, at: now)
        }
        publish([.asNeededDose])
        return result
    }

    public func asNeededDoses(medicationId: Int64, from: Date, to: Date) async throws -> [AsNeededDose] {
        try await database.read { db in
            try db.fetchRecords(AsNeededDose.self, """
                SELECT * FROM as_needed_dose WHERE medicationId = \(medicationId) AND deletedAt IS NULL
                    AND givenAt >= \(from) AND givenAt < \(to)
                ORDER BY givenAt
                """)
        }
    }

    public func deleteAsNeededDose(id: Int64, by: Int64?) async throws -> Audited<AsNeededDose> {
        try await setDeleted(AsNeededDose.self, id: id, deleted: true, by: by)
    }

    // MARK: Slot plumbing

    /// The medication and the slot at `scheduledAt`, which must be one the schedule generates.
    static func slot(_ medicationId: Int64, _ scheduledAt: Date, db: some SQLConnection,
                     timeZone: TimeZone) throws -> (Medication, DoseSlot) {
        let medication = try existing(Medication.self, medicationId, db: db)
        guard medication.deletedAt == nil else { throw WardStoreError("medication \(medicationId) is deleted") }
        let at = StoredTime.truncated(scheduledAt)
        let slots = SlotGenerator.slots(for: medication, from: at.addingTimeInterval(-1), to: at.addingTimeInterval(1),
                                        timeZone: timeZone)
        guard let slot = slots.first(where: { $0.scheduledAt == at }) else {
            if medication.schedule.isAsNeeded {
                throw WardStoreError("\(medication.drugName) is given as needed; it has no slots (log an as-needed dose)")
            }
            throw WardStoreError("\(medication.drugName) has no dose scheduled at that time (schedule: \(medication.schedule.summary))")
        }
        return (medication, slot)
    }

    /// Writes the slot's one row with `change` applied and audits it, unless the row holds a live
    /// final status: then `DoseAlreadyRecordedError` names who recorded it and when. A row undone
    /// earlier (soft-deleted) is a blank slot again — its old status never comes back under a
    /// later action. The refusal is in the statement itself (`ON CONFLICT … DO UPDATE … WHERE`
    /// the row is blank or deleted), so no second writer can get past it whatever it read first.
    /// Runs inside the caller's write transaction.
    static func writeSlot(_ db: some SQLConnection, medication: Medication, slot: DoseSlot, by: Int64?, now: Date,
                          timeZone: TimeZone, attempt: DoseAlreadyRecordedError.Attempt,
                          _ change: (inout DoseRecord) throws -> Void) throws -> Audited<DoseRecord> {
        let slotRecord: SQLQuery = "SELECT * FROM dose_record WHERE medicationId = \(medication.id) AND scheduledAt = \(slot.scheduledAt)"
        let before = try db.fetchRecord(DoseRecord.self, slotRecord)
        if let before, before.liveStatus != nil {
            throw try alreadyRecorded(before, medication: medication, attempt: attempt, db: db, now: now, timeZone: timeZone)
        }
        var record = DoseRecord(id: before?.id ?? 0, medicationId: medication.id, patientId: medication.patientId,
                                scheduledAt: slot.scheduledAt, slotDay: slot.day, slotTime: slot.time, status: nil,
                                withheldReason: nil, recordedAt: nil, recordedBy: nil, checkedBy: nil, snoozedUntil: nil,
                                notes: "",
                                createdAt: before?.createdAt ?? now, updatedAt: now, deletedAt: nil,
                                isDemo: before?.isDemo ?? false)
        if let before, before.deletedAt == nil { record.snoozedUntil = before.snoozedUntil; record.notes = before.notes }
        try change(&record)
        record.updatedAt = now
        record.deletedAt = nil
        let id = try db.fetchValue("""
            INSERT INTO dose_record (medicationId, patientId, scheduledAt, slotDay, slotTime, status, withheldReason,
                recordedAt, recordedBy, checkedBy, snoozedUntil, notes, createdAt, updatedAt, deletedAt)
            VALUES (\(record.medicationId), \(record.patientId), \(slot.scheduledAt), \(record.slotDay), \(record.slotTime),
                \(record.status), \(record.withheldReason), \(record.recordedAt), \(record.recordedBy), \(record.checkedBy),
                \(record.snoozedUntil), \(record.notes), \(record.createdAt), \(now), NULL)
            ON CONFLICT (medicationId, scheduledAt) DO UPDATE SET
                status = excluded.status, withheldReason = excluded.withheldReason, recordedAt = excluded.recordedAt,
                recordedBy = excluded.recordedBy, checkedBy = excluded.checkedBy, snoozedUntil = excluded.snoozedUntil,
                notes = excluded.notes, updatedAt = excluded.updatedAt, deletedAt = NULL
            WHERE dose_record.status IS NULL OR dose_record.deletedAt IS NOT NULL
            RETURNING id
            """, as: Int64.self)
        guard let id, let stored = try db.fetchRecord(DoseRecord.self, id: id) else {
            let current = try db.fetchRecord(DoseRecord.self, slotRecord)
            guard let current else { throw WardStoreError("the dose slot could not be written") }
            throw try alreadyRecorded(current, medication: medication, attempt: attempt, db: db, now: now, timeZone: timeZone)
        }
        // A live row is updated; a new or undone row starts a fresh record (undoing it goes back
        // to the undone row, which stays hidden).
        let action: AuditAction = before?.deletedAt == nil && before != nil ? .update : .create
        let auditId = try AuditTrail.record(db, action: action, before: before, after: stored, by: by, at: now)
        return Audited(record: stored, auditEntryId: auditId)
    }

    private static func alreadyRecorded(_ record: DoseRecord, medication: Medication,
                                        attempt: DoseAlreadyRecordedError.Attempt, db: some SQLConnection, now: Date,
                                        timeZone: TimeZone) throws -> DoseAlreadyRecordedError {
        let initials = try record.recordedBy.flatMap {
            try db.fetchValue("SELECT initials FROM staff WHERE id = \($0)", as: String.self)
        }
        return DoseAlreadyRecordedError(record: record, drugName: medication.drugName, initials: initials,
                                        attempted: attempt, now: now, timeZone: timeZone)
    }
}
