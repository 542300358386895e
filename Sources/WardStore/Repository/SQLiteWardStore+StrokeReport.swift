import Foundation
import WardSQL

/// The stroke assessment report's read. Threading and transactions: ONE read transaction on a
/// pool reader (`database.read`), so the assessment, its patient, its author and the referral list
/// are from the same moment; it never waits for the writer and writes nothing.
extension SQLiteWardStore {
    public func strokeAssessmentReport(id: Int64) async throws -> StrokeAssessmentReportLookup {
        try await database.read { db in try Self.strokeAssessmentReport(id: id, db: db) }
    }

    static func strokeAssessmentReport(id: Int64, db: some SQLConnection) throws -> StrokeAssessmentReportLookup {
        guard let assessment = try db.fetchRecord(StoredStrokeAssessment.self, """
            SELECT * FROM stroke_assessment WHERE id = \(id) AND deletedAt IS NULL
            """) else {
            if let toolId = try db.fetchValue("""
                SELECT toolId FROM calculator_result WHERE id = \(id) AND deletedAt IS NULL
                """, as: String.self) {
                return .calculatorResult(id: id, toolId: toolId)
            }
            let ids = try db.fetchAll("SELECT id FROM stroke_assessment WHERE deletedAt IS NULL ORDER BY id")
                .map { try $0.decode("id", as: Int64.self) }
            return .missing(id: id, assessmentIds: ids)
        }
        let patient = try assessment.patientId.flatMap { try db.fetchRecord(Patient.self, id: $0) }
        let staff = try assessment.assessedBy.flatMap { try db.fetchRecord(Staff.self, id: $0) }
        let mode = try db.fetchValue("SELECT value FROM ward_setting WHERE key = \(centreModeKey)", as: String.self)
            .flatMap(StrokeCentreListMode.init(rawValue:)) ?? .extend
        return .found(StrokeAssessmentReportRead(assessment: assessment, patient: patient, assessedBy: staff,
                                                 wardName: try settings(db).wardName, centreMode: mode,
                                                 importedCentres: try StoredStrokeCentre.storedList(db)))
    }
}
