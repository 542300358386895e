import Foundation

/// Measurements (weight, temperature, saturation, …) and each patient's goal ranges for them.
/// Part of `WardRepository`: async calls; each write (a goal change too) is one transaction with
/// its audit row.
public protocol MeasurementStore: Sendable {
    /// `value` in the kind's canonical unit (convert with `UnitConversion` first).
    func logMeasurement(_ draft: MeasurementDraft, by: Int64?) async throws -> Audited<MeasurementRecord>
    /// A set of observations at one time: one row and one audit entry per reading, all in one
    /// transaction; nothing is stored when any reading (or the set) is refused.
    func logObservations(_ set: ObservationSet, by: Int64?) async throws -> [Audited<MeasurementRecord>]
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
}
