import Foundation

/// The reads reports are assembled from. Part of `WardRepository`: async, each one consistent
/// snapshot (every cot of a ward report from the same moment); nothing here writes.
public protocol ReportStore: Sendable {
    /// The shift handover of every admitted cot (by bed) or one, over [since, until].
    /// Throws `WardStoreError` for a patient who is not admitted, or `since` after `until`.
    func handover(_ request: HandoverRequest) async throws -> ShiftHandover

    /// One stored stroke assessment with its patient, author, ward name and referral list; or,
    /// for an id no assessment has, whether a saved calculator result has it.
    func strokeAssessmentReport(id: Int64) async throws -> StrokeAssessmentReportLookup

    /// One admission's discharge summary: up to the discharge, or up to `until` (said to be not
    /// yet discharged) for a patient still admitted. Throws `WardStoreError` for an unknown patient.
    func dischargeSummary(_ request: DischargeSummaryRequest) async throws -> DischargeSummary

    /// One patient's chart over [from, to] (admitted or discharged). Throws `UnknownPatientError`
    /// for a patient who does not exist, `WardStoreError` for `from` after `to`.
    func patientReport(_ request: PatientReportRequest) async throws -> PatientReport
}
