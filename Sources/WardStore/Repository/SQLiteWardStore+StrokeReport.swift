import Foundation
import GRDB

/// The stroke assessment report's read. Threading and transactions: ONE read transaction on a
/// pool reader (`pool.read`), so the assessment, its patient, its author and the referral list
/// are from the same moment; it never waits for the writer and writes nothing.
extension SQLiteWardStore {
    public func strokeAssessmentReport(id: Int64) async throws -> StrokeAssessmentReportLookup {
        try await pool.read { db in
            guard let assessment = try StoredStrokeAssessment.fetchOne(db, sql: """
                SELECT * FROM stroke_assessment WHERE id = ? AND deletedAt IS NULL
                """, arguments: [id]) else {
                if let toolId = try String.fetchOne(db, sql: """
                    SELECT toolId FROM calculator_result WHERE id = ? AND deletedAt IS NULL
                    """, arguments: [id]) {
                    return .calculatorResult(id: id, toolId: toolId)
                }
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM stroke_assessment WHERE deletedAt IS NULL ORDER BY id")
                return .missing(id: id, assessmentIds: ids)
            }
            let patient = try assessment.patientId.flatMap { try Patient.fetchOne(db, key: $0) }
            let staff = try assessment.assessedBy.flatMap { try Staff.fetchOne(db, key: $0) }
            let mode = try String.fetchOne(db, sql: "SELECT value FROM ward_setting WHERE key = ?", arguments: [Self.centreModeKey])
                .flatMap(StrokeCentreListMode.init(rawValue:)) ?? .extend
            let centres = try StoredStrokeCentre.fetchAll(db, sql: "SELECT * FROM stroke_centre ORDER BY id")
            return .found(StrokeAssessmentReportRead(assessment: assessment, patient: patient, assessedBy: staff,
                                                     wardName: try Self.settings(db).wardName, centreMode: mode,
                                                     importedCentres: centres))
        }
    }
}
