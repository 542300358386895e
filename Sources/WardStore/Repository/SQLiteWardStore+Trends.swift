import Foundation
import WardSQL

/// Trends reads: one read transaction each (one snapshot), aggregated in SQL by
/// `PatientTrendsQuery` and `WardTrendsQuery` against the ward's settings, through WardSQL.
extension SQLiteWardStore {
    public func patientTrends(patientId: Int64, window: TrendWindow, now: Date,
                              timeZone: TimeZone) async throws -> PatientTrends {
        try await database.read { db in
            guard let patient = try db.fetchRecord(Patient.self, id: patientId), patient.deletedAt == nil else {
                throw UnknownPatientError(id: patientId)
            }
            return try PatientTrendsQuery(patient: patient, window: window, now: now, timeZone: timeZone,
                                          settings: try Self.settings(db)).fetch(db)
        }
    }

    public func wardTrends(window: TrendWindow, now: Date, timeZone: TimeZone) async throws -> WardTrends {
        try await database.read { db in
            try WardTrendsQuery(window: window, now: now, timeZone: timeZone, settings: try Self.settings(db)).fetch(db)
        }
    }
}
