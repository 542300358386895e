import Foundation

/// What the stroke assessment report is made from, read in one transaction: the stored
/// assessment, the patient it was saved under (if any), who assessed it, the ward's name and
/// its referral list (the imported centres and how they combine with the starter list).
public struct StrokeAssessmentReportRead: Sendable, Equatable {
    public var assessment: StoredStrokeAssessment
    public var patient: Patient?
    public var assessedBy: Staff?
    public var wardName: String
    public var centreMode: StrokeCentreListMode
    public var importedCentres: [StoredStrokeCentre]

    public init(assessment: StoredStrokeAssessment, patient: Patient?, assessedBy: Staff?, wardName: String,
                centreMode: StrokeCentreListMode, importedCentres: [StoredStrokeCentre]) {
        self.assessment = assessment
        self.patient = patient
        self.assessedBy = assessedBy
        self.wardName = wardName
        self.centreMode = centreMode
        self.importedCentres = importedCentres
    }
}

/// A stroke assessment report asked for by id: found, or why not in terms a command line can
/// say (the id is a saved calculator result's, or no stored assessment has it).
public enum StrokeAssessmentReportLookup: Sendable, Equatable {
    case found(StrokeAssessmentReportRead)
    /// No stroke assessment has this id, but a saved calculator result does (its tool named).
    case calculatorResult(id: Int64, toolId: String)
    /// Nothing has this id; the ids of the stored assessments, oldest first.
    case missing(id: Int64, assessmentIds: [Int64])
}
