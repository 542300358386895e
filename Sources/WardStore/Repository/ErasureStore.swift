import Foundation

/// Erasing a patient's data on request (the right to erasure): the patient's identifying data
/// and every clinical entry linked to them, with the audit trail keeping only that an erasure
/// happened, when, by whom and how many records of each kind went. Part of `WardRepository`.
///
/// A patient is named by hospital number: every record with it (each admission) is erased
/// together. A patient still admitted is refused (discharge first), so a current inpatient's
/// chart is never erased by a slip. Unlike every other write, an erasure is not soft and cannot
/// be undone; the screens and the command line ask for the hospital number to be typed again.
public protocol ErasureStore: Sendable {
    /// What `erasePatient` would remove, read without changing anything (for the confirmation).
    /// Throws `WardValidationError` (field `hospitalNumber`) for an unknown number or a patient
    /// still admitted, the same refusals the erasure itself makes.
    func erasurePlan(hospitalNumber: String) async throws -> ErasurePlan
    /// Removes the patient's records in one transaction (all or nothing), redacts their earlier
    /// audit entries and writes one `erase` audit entry per patient record, then rewrites the
    /// file so no copy of the removed data stays in it (see the implementation for how).
    /// `by` must be an active staff member (ward admin once roles exist).
    func erasePatient(hospitalNumber: String, by: Int64) async throws -> ErasureReport
}

/// How many records of each kind an erasure removes (or removed). Encoded as the `erase` audit
/// entry's after-image: counts only, never content.
public struct ErasureCounts: Sendable, Hashable, Codable {
    public var patients = 0
    public var nappyChanges = 0
    public var feeds = 0
    public var measurements = 0
    public var goalRanges = 0
    public var medications = 0
    public var medicationPauses = 0
    public var doseRecords = 0
    public var asNeededDoses = 0
    public var calculatorResults = 0
    public var strokeAssessments = 0

    public init() {}

    /// Every kind with its count, in a fixed order (what the command line and screens list).
    public var byKind: [(kind: String, count: Int)] {
        [("patients", patients), ("nappyChanges", nappyChanges), ("feeds", feeds), ("measurements", measurements),
         ("goalRanges", goalRanges), ("medications", medications), ("medicationPauses", medicationPauses),
         ("doseRecords", doseRecords), ("asNeededDoses", asNeededDoses), ("calculatorResults", calculatorResults),
         ("strokeAssessments", strokeAssessments)]
    }

    public var total: Int { byKind.reduce(0) { $0 + $1.count } }

    static func + (lhs: ErasureCounts, rhs: ErasureCounts) -> ErasureCounts {
        var sum = lhs
        sum.patients += rhs.patients
        sum.nappyChanges += rhs.nappyChanges
        sum.feeds += rhs.feeds
        sum.measurements += rhs.measurements
        sum.goalRanges += rhs.goalRanges
        sum.medications += rhs.medications
        sum.medicationPauses += rhs.medicationPauses
        sum.doseRecords += rhs.doseRecords
        sum.asNeededDoses += rhs.asNeededDoses
        sum.calculatorResults += rhs.calculatorResults
        sum.strokeAssessments += rhs.strokeAssessments
        return sum
    }
}

/// What an erasure of one hospital number would remove: the patient's records (for the
/// confirmation: name, date of birth, admissions) and the counts.
public struct ErasurePlan: Sendable, Hashable {
    /// The hospital number as stored.
    public let hospitalNumber: String
    /// Every patient record with that number (one per admission), oldest first.
    public let patients: [Patient]
    public let counts: ErasureCounts
    /// Audit entries whose before/after images will be redacted.
    public let auditEntriesToRedact: Int
}

/// What an erasure did.
public struct ErasureReport: Sendable, Hashable {
    public let hospitalNumber: String
    public let removed: ErasureCounts
    /// Earlier audit entries of the patient whose images were replaced by `AuditRedaction.marker`.
    public let auditEntriesRedacted: Int
    /// The `erase` audit entries written (one per patient record).
    public let auditEntryIds: [Int64]
    public let at: Date
    /// False when the write-ahead log could not be emptied at once (another process was
    /// reading); it then still holds a copy of the removed data until the next checkpoint.
    public let logEmptied: Bool
}

/// The audit trail's redaction: what an erased patient's earlier audit entries hold instead of
/// their before/after images. One constant, written by one statement
/// (`SQLiteWardStore.redactAudit`), so an append-only trigger (issue 15) can allow exactly
/// this change and nothing else: an UPDATE of `audit_entry` that keeps every column but the two
/// images, and sets each non-NULL image to this marker.
public enum AuditRedaction {
    public static let marker = #"{"redacted":"erasure"}"#
}
