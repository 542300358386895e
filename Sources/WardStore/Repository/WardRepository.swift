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

    // MARK: Undo and audit
    /// Takes back the writes described by these audit entries, newest first, in one transaction:
    /// a create is soft-deleted, anything else gets its before-image back (a delete is thus
    /// restored). Refused if the record changed since. Returns the new audit entries.
    func undo(auditEntryIds: [Int64], by: Int64?) async throws -> [AuditEntry]
    func auditEntries(entity: WardEntity, entityId: Int64) async throws -> [AuditEntry]

    // MARK: Settings
    func settings() async throws -> WardSettings
    func updateSettings(_ settings: WardSettings, by: Int64?) async throws -> WardSettings

    // MARK: Screens
    func dashboard(now: Date, timeZone: TimeZone) async throws -> Dashboard
    /// Events strictly older than `cursor` (from the newest when nil), newest first.
    func historyPage(_ filter: HistoryFilter, after cursor: HistoryCursor?, limit: Int) async throws -> HistoryPage
    /// The `limit` events strictly newer than `cursor` (the page above), newest first.
    func historyPage(_ filter: HistoryFilter, before cursor: HistoryCursor, limit: Int) async throws -> HistoryPage
    /// Jump to a date: the newest events at or before `date`, newest first.
    func historyPage(_ filter: HistoryFilter, atOrBefore date: Date, limit: Int) async throws -> HistoryPage

    /// True when the database holds entries not made by the demo generator.
    func hasRealEntries() async throws -> Bool
}
