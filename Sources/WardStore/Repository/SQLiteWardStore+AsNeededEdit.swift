import Clinical
import Foundation
import WardSQL

/// Correcting an as-needed dose (History's Enter on one), and the checks it shares with logging
/// one: the same time, amount, prescription and interval/24 h rules, the edited dose itself not
/// counting against its new time. Runs on the store actor; one write transaction with its audit row.
extension SQLiteWardStore {
    public func updateAsNeededDose(id: Int64, _ draft: AsNeededDoseDraft, by: Int64?) async throws -> Audited<AsNeededDose> {
        let now = self.now
        let result = try await permittedWrite(.recordDose, by: by) { db -> Audited<AsNeededDose> in
            let before = try Self.existing(AsNeededDose.self, id, db: db)
            guard before.deletedAt == nil else { throw WardStoreError("as-needed dose \(id) is deleted; restore it before editing") }
            guard draft.medicationId == before.medicationId else {
                throw WardStoreError("an as-needed dose stays with its medication; delete it and log it for the other one")
            }
            let medication = try Self.existing(Medication.self, before.medicationId, db: db)
            var checked = draft
            // A dose once given over a rule keeps its stated reason unless a new one is given.
            checked.overrideReason = draft.overrideReason ?? before.overrideReason
            let overrideReason = try Self.checkAsNeeded(checked, medication: medication, excluding: id, db: db, now: now)
            var after = before
            after.givenAt = StoredTime.truncated(draft.givenAt)
            after.doseAmount = draft.doseAmount ?? medication.doseAmount
            after.overrideReason = overrideReason
            after.notes = Self.cleanNotes(draft.notes)
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.asNeededDose])
        return result
    }

    public func asNeededDose(id: Int64) async throws -> AsNeededDose? {
        try await database.read { db in try db.fetchRecord(AsNeededDose.self, id: id) }
    }

    /// Validates an as-needed dose of `medication` (throwing `WardValidationError`, or
    /// `AsNeededRefusalError` when a rule is broken and no override reason was given) and returns
    /// the override reason to store: nil when no rule was broken. `excluding` is the dose being edited.
    static func checkAsNeeded(_ draft: AsNeededDoseDraft, medication: Medication, excluding: Int64?, db: some SQLConnection,
                              now: Date) throws -> String? {
        guard medication.deletedAt == nil else { throw WardStoreError("medication \(medication.id) is deleted") }
        guard case .asNeeded(let minutes, let maxPerDay) = medication.schedule else {
            throw WardStoreError("\(medication.drugName) is scheduled (\(medication.schedule.summary)), not as needed; record its slot instead")
        }
        var issues: [ValidationIssue] = []
        if let issue = WardValidation.notInFuture(draft.givenAt, now: now, field: "givenAt", what: "dose time") {
            issues.append(issue)
        }
        if let amount = draft.doseAmount, !WardValidation.doseAmountRange.contains(amount) {
            issues.append(.init(field: "doseAmount", message: "dose \(NumberText.rounded(amount, digits: 3)) must be more than 0 and at most 10000"))
        }
        let overrideReason = draft.overrideReason?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let reason = overrideReason, reason.isEmpty {
            issues.append(.init(field: "overrideReason", message: "the override reason is empty; say why the rule is broken"))
        }
        if draft.givenAt < medication.startsAt || medication.endsAt.map({ draft.givenAt >= $0 }) == true {
            issues.append(.init(field: "givenAt", message: "\(medication.drugName) is not prescribed at that time"))
        }
        if draft.notes.count > 2000 {
            issues.append(.init(field: "notes", message: "notes have \(draft.notes.count) characters; at most 2000 are allowed"))
        }
        try checkPatient(medication.patientId, at: draft.givenAt, field: "givenAt", db: db, issues: &issues)
        guard issues.isEmpty else { throw WardValidationError(issues) }
        let givenMs = StoredTime.milliseconds(draft.givenAt)
        let others = try db.fetchAll("""
            SELECT givenAt FROM as_needed_dose WHERE medicationId = \(medication.id) AND deletedAt IS NULL
                AND givenAt > \(givenMs - 86_400_000) AND givenAt < \(givenMs + 86_400_000)
                AND \(sql: .differs("id", "\(excluding)"))
            """).map { StoredTime.date(milliseconds: try $0.column("givenAt", as: Int64.self)) }
        let refusals = AsNeededRules.check(at: draft.givenAt, otherDoses: others, minimumIntervalMinutes: minutes,
                                           maxDosesPer24h: maxPerDay)
        if !refusals.isEmpty && overrideReason == nil { throw AsNeededRefusalError(refusals: refusals) }
        return refusals.isEmpty ? nil : overrideReason
    }
}
