import Foundation
import WardSQL

/// The discharge summary read. Threading and transactions: runs on a pool reader in ONE read
/// transaction (`database.read`), so the weights, feeds, readings, doses and who charted are all from
/// the same moment even while another workstation charts; it never waits for the writer.
extension SQLiteWardStore {
    public func dischargeSummary(_ request: DischargeSummaryRequest) async throws -> DischargeSummary {
        try await database.read { db in try DischargeSummaryQuery(request: request).fetch(db) }
    }
}
