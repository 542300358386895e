import Foundation

/// The Trends tab's reads, the data its insights are judged from: one patient's series, or the
/// ward's, per ward day over a window. Part of `WardRepository`: async reads, each one consistent
/// snapshot aggregated in the database; nothing here writes.
public protocol TrendsStore: Sendable {
    /// One patient's series for the window, aggregated per ward day (or part of one) in SQL.
    /// Throws `UnknownPatientError` for a patient that does not exist (or was deleted).
    func patientTrends(patientId: Int64, window: TrendWindow, now: Date, timeZone: TimeZone) async throws -> PatientTrends
    /// The ward view: per day across every cot.
    func wardTrends(window: TrendWindow, now: Date, timeZone: TimeZone) async throws -> WardTrends
}

/// A patient id that does not exist (or was deleted).
public struct UnknownPatientError: Error, CustomStringConvertible {
    public let id: Int64
    public var description: String { "no patient with id \(id)" }
}
