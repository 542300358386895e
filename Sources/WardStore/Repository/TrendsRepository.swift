import Foundation

/// The Trends screen's reads. A separate protocol so the Trends work does not touch
/// `WardRepository` itself; `SQLiteWardStore` conforms, and a screen asks
/// `repository as? any TrendsRepository`.
public protocol TrendsRepository: Sendable {
    /// One patient's series for the window, aggregated per ward day (or part of one) in SQL.
    func patientTrends(patientId: Int64, window: TrendWindow, now: Date, timeZone: TimeZone) async throws -> PatientTrends
    /// The ward view: per day across every cot.
    func wardTrends(window: TrendWindow, now: Date, timeZone: TimeZone) async throws -> WardTrends
}

/// A patient id that does not exist (or was deleted).
public struct UnknownPatientError: Error, CustomStringConvertible {
    public let id: Int64
    public var description: String { "no patient with id \(id)" }
}

extension SQLiteWardStore: TrendsRepository {
    public func patientTrends(patientId: Int64, window: TrendWindow, now: Date,
                              timeZone: TimeZone) async throws -> PatientTrends {
        try await pool.read { db in
            guard let patient = try Patient.fetchOne(db, key: patientId), patient.deletedAt == nil else {
                throw UnknownPatientError(id: patientId)
            }
            return try PatientTrendsQuery(patient: patient, window: window, now: now, timeZone: timeZone,
                                          settings: try Self.settings(db)).fetch(db)
        }
    }

    public func wardTrends(window: TrendWindow, now: Date, timeZone: TimeZone) async throws -> WardTrends {
        try await pool.read { db in
            try WardTrendsQuery(window: window, now: now, timeZone: timeZone, settings: try Self.settings(db)).fetch(db)
        }
    }
}
