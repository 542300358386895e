import Foundation

/// The ward pharmacist's sign-off of the drug table (`DrugTableSignOff`). Part of
/// `WardRepository`: async calls; a sign-off is one transaction with its audit row, and only a
/// pharmacist may record it (`WardPermission.signOffDrugTable`, refusals audited).
public protocol DrugTableSignOffStore: Sendable {
    /// The ward's latest sign-off, whatever table it was for (nil: never signed).
    func drugTableSignOff() async throws -> DrugTableSignOff?
    /// Records that member `by` (a pharmacist) reviewed the table of this version and checksum
    /// now; replaces any earlier sign-off. `by` is required: a sign-off names its pharmacist.
    func signOffDrugTable(version: String, checksum: String, by: Int64?) async throws -> DrugTableSignOff
}
