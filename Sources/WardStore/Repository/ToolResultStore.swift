import Foundation

/// The Tools pane's part of the store: reviewed calculator results saved to a chart, stroke
/// assessments, and the ward's stroke referral list. Part of `WardRepository`: async calls; each
/// save is one transaction with its audit row, a centres import one transaction for the whole list.
public protocol ToolResultStore: Sendable {
    /// Saves a reviewed result to the patient's chart (refused unless `reviewed` is true).
    func saveCalculatorResult(_ draft: CalculatorResultDraft, by: Int64?) async throws -> Audited<SavedCalculatorResult>
    /// The patient's saved results, newest first (deleted ones left out).
    func calculatorResults(patientId: Int64) async throws -> [SavedCalculatorResult]
    /// Stores a reviewed triage assessment, under a patient or unattached (`patientId` nil), in
    /// one transaction with its audit row; a named member needs `useCalculators` (an inactive one
    /// is refused and the refusal audited).
    func saveStrokeAssessment(_ draft: StrokeAssessmentDraft, by: Int64?) async throws -> Audited<StoredStrokeAssessment>
    /// Every stored assessment, oldest first (for export).
    func strokeAssessments() async throws -> [StoredStrokeAssessment]
    /// The imported list and how it combines with the starter list (extend when nothing was imported).
    func strokeCentres() async throws -> (mode: StrokeCentreListMode, centres: [StoredStrokeCentre])
    /// Imports a whole list in one transaction: all or nothing. `.replace` swaps the ward's list
    /// (and hides the starter list); `.extend` adds to it, a centre of the same name replacing the old.
    func importStrokeCentres(_ centres: [StoredStrokeCentre], mode: StrokeCentreListMode, by: Int64?) async throws -> Int
}
