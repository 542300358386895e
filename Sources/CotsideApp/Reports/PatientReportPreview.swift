import Foundation
import ReportKit
import WardStore

/// A patient's report in the report preview (`P` on the Dashboard and in History, and the
/// palette's "Patient report" there): the patient's last 7 days up to now — up to the discharge
/// for one who has left — as `cotside report patient` prints them; `]` / `[` and `c` go from part to part.
enum PatientReportPreview {
    static let kind = "patient-report"

    static func preview(patientId: Int64) -> ReportPreview {
        ReportPreview(kind: kind, words: ReportPreview.Words(title: "report.patient.title", needsUser: "report.patient.needs_user")) {
            repository, maker in
            guard let patient = try await repository.patient(id: patientId), patient.deletedAt == nil else {
                throw WardStoreError("no patient with id \(patientId): erased or never admitted")
            }
            let to = PatientReportRequest.defaultEnd(for: patient, now: maker.now)
            let report = try await repository.patientReport(PatientReportRequest(
                patientId: patientId, from: to.addingTimeInterval(-PatientReportRequest.defaultSpan), to: to, timeZone: maker.timeZone))
            return PatientReportDocument(report, localizer: maker.localizer, madeBy: maker.staff, madeAt: maker.now).document
        }
    }
}
