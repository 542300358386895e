import Foundation

/// Doses: scheduled slots (recording, snoozing, corrections with a reason), as-needed doses
/// (checked against their rules), slot history and the ward's drug round (due board). Part of
/// `WardRepository`: async calls; each write is one transaction with its audit row, a round's
/// marked rows one transaction for all.
public protocol DoseStore: Sendable {
    /// Records one slot's final status; a slot that already holds one is refused with
    /// `DoseAlreadyRecordedError` (who and when) — changing it is a correction with a reason.
    func recordDose(_ draft: DoseRecordDraft, by: Int64?) async throws -> Audited<DoseRecord>
    /// Several slots in one transaction (the drug round's marked rows): all or none.
    func recordDoses(_ drafts: [DoseRecordDraft], by: Int64?) async throws -> [Audited<DoseRecord>]
    /// Moves an open slot's due time 10/30/60 min on, keeping its identity.
    func snoozeDose(medicationId: Int64, scheduledAt: Date, for option: SnoozeOption,
                    by: Int64?) async throws -> Audited<DoseRecord>
    func doseRecords(medicationId: Int64, from: Date, to: Date) async throws -> [DoseRecord]
    /// Every slot in `[from, to)` with its state at `now`: unrecorded past slots come back missed.
    func slotHistory(medicationId: Int64, from: Date, to: Date, now: Date, timeZone: TimeZone) async throws -> [SlotStatus]
    func doseRecord(id: Int64) async throws -> DoseRecord?
    func deleteDoseRecord(id: Int64, by: Int64?) async throws -> Audited<DoseRecord>
    /// A deliberate correction of a recorded slot's status (given / withheld / missed), with the
    /// reason required; the reason is kept on the record ("Correction: …") and so in the audit trail.
    func correctDose(id: Int64, status: DoseStatus, withheldReason: WithheldReason?, reason: String,
                     by: Int64?) async throws -> Audited<DoseRecord>
    /// Throws `AsNeededRefusalError` when a rule is broken and no override reason was given.
    func logAsNeededDose(_ draft: AsNeededDoseDraft, by: Int64?) async throws -> Audited<AsNeededDose>
    func asNeededDoses(medicationId: Int64, from: Date, to: Date) async throws -> [AsNeededDose]
    func deleteAsNeededDose(id: Int64, by: Int64?) async throws -> Audited<AsNeededDose>
    /// Corrects an as-needed dose's time, amount and notes, checked exactly as when it was logged
    /// (its own time does not count against itself); audited as an update.
    func updateAsNeededDose(id: Int64, _ draft: AsNeededDoseDraft, by: Int64?) async throws -> Audited<AsNeededDose>
    func asNeededDose(id: Int64) async throws -> AsNeededDose?
    /// The drug round: every due and overdue slot on the ward, grouped by time, overdue first.
    func dueBoard(now: Date, timeZone: TimeZone) async throws -> DueBoard
}
