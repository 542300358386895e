import Foundation
import ReportKit
import WardStore

/// One patient's discharge summary in the report preview: the palette's "Discharge summary" for
/// the selected patient (admitted: the stay so far; discharged, chosen with `p`: the whole stay),
/// and the offer made after a discharge. One section, so `]` / `[` have nowhere to jump.
public enum DischargeSummaryPreview {
    public static let kind = "discharge-summary"

    static func preview(patientId: Int64) -> ReportPreview {
        let words = ReportPreview.Words(title: "discharge.title", needsUser: "discharge.needs_user")
        return ReportPreview(kind: kind, words: words) { repository, maker in
            let summary = try await repository.dischargeSummary(DischargeSummaryRequest(patientId: patientId, until: maker.now,
                                                                                        timeZone: maker.timeZone))
            return DischargeSummaryDocument(summary, localizer: maker.localizer, madeBy: maker.staff, madeAt: maker.now).document
        }
    }

    /// After a discharge is saved: asks (never forces) whether to open the summary now; No
    /// leaves it for later (palette "Discharge summary", or `cotside report discharge`).
    @MainActor
    static func offer(_ patient: Patient, _ context: AppContext) -> Intent {
        .push(ConfirmScreen(title: context.t("discharge.offer.title"),
                            body: context.t("discharge.offer.body", patient.bedLabel, patient.fullName),
                            onConfirm: [.push(ReportPreviewScreen(preview(patientId: patient.id)))]))
    }
}
