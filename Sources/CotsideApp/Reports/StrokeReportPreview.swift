import Clinical
import Foundation
import ReportKit
import WardStore

/// The stroke assessment report: made from a stored assessment (`cotside report stroke --id`,
/// `R` on one in History) or from the results screen as it stands (`R` there), and shown in the
/// report preview to save or print.
public enum StrokeReportPreview {
    static let kind = "stroke-assessment"

    static var words: ReportPreview.Words {
        ReportPreview.Words(title: "stroke_report.title", needsUser: "stroke_report.needs_user")
    }

    /// A stored assessment's report, read in one transaction; an id no assessment has is the
    /// store's error in words (`StrokeReportPreview.refusal`).
    static func stored(id: Int64) -> ReportPreview {
        ReportPreview(kind: kind, words: words) { repository, maker in
            try await document(id: id, repository, localizer: maker.localizer, madeBy: maker.staff, madeAt: maker.now,
                               timeZone: maker.timeZone)
        }
    }

    /// The results screen's assessment as it stands (saved or not), with the referral list it has.
    static func current(_ subject: StrokeReportSubject, centres: [StrokeCentre]) -> ReportPreview {
        ReportPreview(kind: kind, words: words) { _, maker in
            StrokeReportDocument(subject, centres: centres, wardName: maker.wardSettings.wardName, localizer: maker.localizer,
                                 madeBy: maker.staff, madeAt: maker.now, timeZone: maker.timeZone).document
        }
    }

    /// The report of stored assessment `id`: the one read, the referral list in force, the
    /// document. Throws `StrokeReportError` when `id` is not a stored assessment's.
    public static func document(id: Int64, _ store: any ReportStore, localizer: Localizer, madeBy: Staff, madeAt: Date,
                                timeZone: TimeZone) async throws -> ReportDocument {
        switch try await store.strokeAssessmentReport(id: id) {
        case .found(let read):
            guard let subject = StrokeReportSubject(read) else {
                throw StrokeReportError(description: "assessment \(id) has the module ‘\(read.assessment.module)’, "
                                        + "not one of coma, limited or full")
            }
            let centres = StrokeCentreDirectory.effective(starter: try StrokeCentreStarterList.shared.get(),
                                                          imported: read.importedCentres, mode: read.centreMode)
            return StrokeReportDocument(subject, centres: centres, wardName: read.wardName, localizer: localizer,
                                        madeBy: madeBy, madeAt: madeAt, timeZone: timeZone).document
        case .calculatorResult(let id, let toolId):
            throw StrokeReportError(description: "\(id) is a saved calculator result (\(toolId)), not a stroke assessment; "
                                    + "`cotside stroke export` lists the stroke assessments with their ids")
        case .missing(let id, let ids):
            let known = ids.isEmpty ? "none is stored" : "stored assessments: " + Self.ranges(ids)
            throw StrokeReportError(description: "\(id): no stroke assessment has this id; \(known)")
        }
    }

    /// "1–4, 7, 9–10": ids as runs, so a long list stays one line.
    static func ranges(_ ids: [Int64]) -> String {
        var runs: [(Int64, Int64)] = []
        for id in ids {
            if let last = runs.last, last.1 + 1 == id { runs[runs.count - 1].1 = id } else { runs.append((id, id)) }
        }
        return runs.map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0)–\($0.1)" }.joined(separator: ", ")
    }
}

/// Why there is no stroke assessment report for an id, in words naming what exists.
public struct StrokeReportError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
