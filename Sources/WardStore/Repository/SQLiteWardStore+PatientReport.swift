import Foundation
import WardSQL

/// The patient report read. Threading and transactions: runs on a pool reader in ONE read
/// transaction (`database.read`), so the charts, the days, the medications and the audit are all from
/// the same moment even while other workstations write; it never waits for the writer.
extension SQLiteWardStore {
    public func patientReport(_ request: PatientReportRequest) async throws -> PatientReport {
        guard request.from <= request.to else {
            throw WardStoreError("the report's start (from) is after its end (to)")
        }
        return try await database.read { db in try PatientReportQuery(request: request).fetch(db) }
    }
}
