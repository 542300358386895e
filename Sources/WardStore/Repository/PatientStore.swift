import Foundation

/// Patients and cots: admission, details, discharge, the picker's search and the Dashboard's
/// board of cots. Part of `WardRepository`: async calls; each write is one transaction with its
/// audit row.
public protocol PatientStore: Sendable {
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
    /// The Dashboard: one row per admitted cot with its latest entries, alerts and next dose.
    func dashboard(now: Date, timeZone: TimeZone) async throws -> Dashboard
}
