import Foundation
import WardSQL

/// A deliberate correction of a recorded dose slot (History's Enter on a dose row), kept apart
/// from recording on the drug round: it needs a reason, which goes at the front of the record's
/// notes ("Correction: …") so the audit trail's after-image and every screen showing the notes
/// carry it. The time the dose was given stays as recorded. Runs on the store actor in one
/// write transaction with its audit row (an update, so `undo` writes the earlier status back).
/// A correction to withheld "other" always carries words: its required reason leads the notes.
/// A correction to given does not ask for a second check (one cannot be signed after the
/// fact); the checker a dose corrected away from given had is cleared.
extension SQLiteWardStore {
    public func correctDose(id: Int64, status: DoseStatus, withheldReason: WithheldReason?, reason: String,
                            by: Int64?) async throws -> Audited<DoseRecord> {
        let now = self.now
        let result = try await permittedWrite(.recordDose, by: by) { db -> Audited<DoseRecord> in
            let before = try Self.existing(DoseRecord.self, id, db: db)
            guard before.deletedAt == nil else {
                throw WardStoreError("dose record \(id) is deleted; restore it before correcting it")
            }
            guard let previous = before.status, let recordedAt = before.recordedAt else {
                throw WardStoreError("dose record \(id) has no recorded status to correct (only a snooze); record it on the drug round")
            }
            let why = reason.trimmingCharacters(in: .whitespacesAndNewlines)
            let notes = Self.correctionNotes(reason: why, earlier: before.notes)
            let draft = DoseRecordDraft(medicationId: before.medicationId, scheduledAt: before.scheduledAt, status: status,
                                        withheldReason: withheldReason, recordedAt: recordedAt, notes: notes)
            var issues = WardValidation.doseRecord(draft, now: now)
            if why.isEmpty {
                issues.insert(.init(field: "reason", message: "the correction reason is empty; say why the record is wrong"), at: 0)
            }
            if status == previous, withheldReason == before.withheldReason {
                issues.append(.init(field: "status", message: "the dose is already recorded as \(status.rawValue); "
                                    + "choose the status it should have"))
            }
            guard issues.isEmpty else { throw WardValidationError(issues) }
            var after = before
            after.status = status
            after.withheldReason = status == .withheld ? withheldReason : nil
            // A second check vouches for a dose given; a dose corrected to withheld or missed was not.
            if status != .given { after.checkedBy = nil }
            after.notes = notes
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.doseRecord])
        return result
    }

    /// "Correction: <reason> · <earlier notes>".
    static func correctionNotes(reason: String, earlier: String) -> String {
        let earlier = earlier.trimmingCharacters(in: .whitespacesAndNewlines)
        return "Correction: \(reason)" + (earlier.isEmpty ? "" : " · \(earlier)")
    }
}
