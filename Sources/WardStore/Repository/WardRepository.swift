import Foundation

/// Everything the screens and the CLI may ask of the ward's data. SQLite implements it today
/// (`SQLiteWardStore`); a server database can implement it later without touching screens.
///
/// Writes validate first (throwing `WardValidationError` with every issue, nothing stored),
/// then change the row and write one audit entry in the same transaction. `by` is the staff id
/// at the keyboard (nil only for scripts that name nobody).
public protocol WardRepository: Sendable {
    /// Every change from now on: this process's writes at once, other processes' within ~0.5 s.
    func changes() -> AsyncStream<WardChange>

    // MARK: Staff
    func activeStaff() async throws -> [Staff]
    func staff(id: Int64) async throws -> Staff?
    /// Active staff member with these initials (case-insensitive).
    func staff(initials: String) async throws -> Staff?
    func addStaff(_ draft: StaffDraft, by: Int64?) async throws -> Audited<Staff>
    func updateStaff(id: Int64, _ draft: StaffDraft, by: Int64?) async throws -> Audited<Staff>
    /// Hides a staff member from the picker (rows they recorded keep their id); undo reactivates.
    func deactivateStaff(id: Int64, by: Int64?) async throws -> Audited<Staff>

    // MARK: Patients
    func admit(_ draft: PatientDraft, by: Int64?) async throws -> Audited<Patient>
    func updatePatient(id: Int64, _ draft: PatientDraft, by: Int64?) async throws -> Audited<Patient>
    func discharge(patientId: Int64, at: Date, by: Int64?) async throws -> Audited<Patient>
    /// Admitted (not discharged) patients, in natural bed order (2 before 10).
    func admittedPatients() async throws -> [Patient]
    /// Every patient including discharged ones, newest admission first.
    func allPatients() async throws -> [Patient]
    func patient(id: Int64) async throws -> Patient?
    /// The admitted patient in this bed (case-insensitive), if any.
    func admittedPatient(bedLabel: String) async throws -> Patient?
    /// Picker search: bed label or hospital number starting with `text`, or a name containing it.
    /// Exact bed matches first. Empty text lists the admitted patients.
    func searchPatients(_ text: String, includeDischarged: Bool, limit: Int) async throws -> [Patient]

    // MARK: Nappy changes
    func logNappyChange(_ draft: NappyChangeDraft, by: Int64?) async throws -> Audited<NappyChange>
    /// A nappy round: several changes in one transaction, all stored or none.
    func logNappyChanges(_ drafts: [NappyChangeDraft], by: Int64?) async throws -> [Audited<NappyChange>]
    func updateNappyChange(id: Int64, _ draft: NappyChangeDraft, by: Int64?) async throws -> Audited<NappyChange>
    /// Soft delete: the row stays, hidden everywhere, and can be restored.
    func deleteNappyChange(id: Int64, by: Int64?) async throws -> Audited<NappyChange>
    func restoreNappyChange(id: Int64, by: Int64?) async throws -> Audited<NappyChange>
    /// A nappy change by id, deleted ones included (check `deletedAt`).
    func nappyChange(id: Int64) async throws -> NappyChange?

    // MARK: Medications (issue 6)
    func addMedication(_ draft: MedicationDraft, by: Int64?) async throws -> Audited<Medication>
    /// Edits the prescription (not its patient); pause state is kept.
    func updateMedication(id: Int64, _ draft: MedicationDraft, by: Int64?) async throws -> Audited<Medication>
    /// A paused medication has no due slots until resumed.
    func setMedicationPaused(id: Int64, paused: Bool, by: Int64?) async throws -> Audited<Medication>
    /// A medication's pause periods, oldest first.
    func medicationPauses(medicationId: Int64) async throws -> [MedicationPause]
    /// Ends the medication at `at` (no slots from then on).
    func stopMedication(id: Int64, at: Date, by: Int64?) async throws -> Audited<Medication>
    func deleteMedication(id: Int64, by: Int64?) async throws -> Audited<Medication>
    func restoreMedication(id: Int64, by: Int64?) async throws -> Audited<Medication>
    func medication(id: Int64) async throws -> Medication?
    /// A patient's medications by drug name; ended ones only when asked.
    func medications(patientId: Int64, includeEnded: Bool) async throws -> [Medication]

    // MARK: Dose slots and as-needed doses
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
    /// Throws `AsNeededRefusalError` when a rule is broken and no override reason was given.
    func logAsNeededDose(_ draft: AsNeededDoseDraft, by: Int64?) async throws -> Audited<AsNeededDose>
    func asNeededDoses(medicationId: Int64, from: Date, to: Date) async throws -> [AsNeededDose]
    func deleteAsNeededDose(id: Int64, by: Int64?) async throws -> Audited<AsNeededDose>
    /// Corrects an as-needed dose's time, amount and notes, checked exactly as when it was logged
    /// (its own time does not count against itself); audited as an update.
    func updateAsNeededDose(id: Int64, _ draft: AsNeededDoseDraft, by: Int64?) async throws -> Audited<AsNeededDose>
    func asNeededDose(id: Int64) async throws -> AsNeededDose?
    /// A deliberate correction of a recorded slot's status (given / withheld / missed), with the
    /// reason required; the reason is kept on the record ("Correction: …") and so in the audit trail.
    func correctDose(id: Int64, status: DoseStatus, withheldReason: WithheldReason?, reason: String,
                     by: Int64?) async throws -> Audited<DoseRecord>

    // MARK: Feeds
    func logFeed(_ draft: FeedDraft, by: Int64?) async throws -> Audited<Feed>
    func updateFeed(id: Int64, _ draft: FeedDraft, by: Int64?) async throws -> Audited<Feed>
    func deleteFeed(id: Int64, by: Int64?) async throws -> Audited<Feed>
    func restoreFeed(id: Int64, by: Int64?) async throws -> Audited<Feed>
    func feed(id: Int64) async throws -> Feed?
    /// The patient's latest feed (the quick log remembers kind and volume per cot).
    func latestFeed(patientId: Int64) async throws -> Feed?

    // MARK: Measurements
    /// `value` in the kind's canonical unit (convert with `UnitConversion` first).
    func logMeasurement(_ draft: MeasurementDraft, by: Int64?) async throws -> Audited<MeasurementRecord>
    func updateMeasurement(id: Int64, _ draft: MeasurementDraft, by: Int64?) async throws -> Audited<MeasurementRecord>
    func deleteMeasurement(id: Int64, by: Int64?) async throws -> Audited<MeasurementRecord>
    func restoreMeasurement(id: Int64, by: Int64?) async throws -> Audited<MeasurementRecord>
    func measurement(id: Int64) async throws -> MeasurementRecord?
    func measurements(patientId: Int64, kind: MeasurementKind, from: Date, to: Date) async throws -> [MeasurementRecord]
    /// The latest of each kind, newest first, each marked against the patient's goal range.
    func latestMeasurements(patientId: Int64) async throws -> [MarkedMeasurement]
    /// The patient's own goal per kind, else the default for their age.
    func goalRanges(patientId: Int64) async throws -> [MeasurementKind: GoalRange]
    /// Sets a patient's goal for one kind; nil returns to the age default. Returns the audit
    /// entry id: `undo` puts the previous goal (or the age default) back.
    @discardableResult
    func setGoalRange(patientId: Int64, kind: MeasurementKind, _ range: GoalRange?, by: Int64?) async throws -> Int64

    // MARK: Undo and audit
    /// Takes back the writes described by these audit entries, newest first, in one transaction:
    /// a create is soft-deleted, anything else gets its before-image back (a delete is thus
    /// restored). Refused if the record changed since. Returns the new audit entries.
    func undo(auditEntryIds: [Int64], by: Int64?) async throws -> [AuditEntry]
    func auditEntries(entity: WardEntity, entityId: Int64) async throws -> [AuditEntry]

    // MARK: Settings
    /// The database's stable identity (not a path, not a row id): workstations remember their
    /// signed-in user per ward by it.
    func wardIdentity() async throws -> String?
    /// Read-write, or read-only and why (set when the ward was opened; never changes).
    nonisolated var access: WardAccess { get }
    func settings() async throws -> WardSettings
    /// Every value of `settings`; only keys whose stored value differs are written (and audited).
    func updateSettings(_ settings: WardSettings, by: Int64?) async throws -> WardSettings
    /// Only these settings (stored text, checked against `WardSettings.declarations`); every
    /// other key keeps its stored value. The audit row holds the changed keys before and after.
    func updateSettings(_ changes: [WardSettingKey: String], by: Int64?) async throws -> WardSettings

    // MARK: Screens
    func dashboard(now: Date, timeZone: TimeZone) async throws -> Dashboard
    /// The drug round: every due and overdue slot on the ward, grouped by time, overdue first.
    func dueBoard(now: Date, timeZone: TimeZone) async throws -> DueBoard
    /// A patient's medications with latest status, next slot, adherence and effectiveness.
    func medicationList(patientId: Int64, now: Date, timeZone: TimeZone) async throws -> MedicationList
    /// Events strictly older than `cursor` (from the newest when nil), newest first.
    func historyPage(_ filter: HistoryFilter, after cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage
    /// The `limit` events strictly newer than `cursor` (the page above), newest first.
    func historyPage(_ filter: HistoryFilter, before cursor: HistoryCursor, limit: Int) async throws -> HistoryPage
    /// Jump to a date: the newest events at or before `date`, newest first.
    func historyPage(_ filter: HistoryFilter, atOrBefore date: Date, limit: Int) async throws -> HistoryPage

    /// True when the database holds entries not made by the demo generator.
    func hasRealEntries() async throws -> Bool
}
