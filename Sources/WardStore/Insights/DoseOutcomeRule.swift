import Clinical
import Foundation

/// Doses of one medication not given, e.g. "4 of the last 10 doses of Paracetamol were withheld".
public enum DoseOutcomeRule {
    public enum Outcome: String, Hashable, Sendable {
        case given, withheld, missed
    }

    public struct Dose: Hashable, Sendable {
        public var time: Date
        public var outcome: Outcome
        public init(time: Date, outcome: Outcome) {
            self.time = time
            self.outcome = outcome
        }
    }

    /// How many recent doses are looked at: about two to three days of a typical 6–8-hourly drug.
    public static let recentDoseCount = 10
    /// Withheld on purpose 3 or more times in 10: beyond the occasional nil-by-mouth or asleep
    /// dose, the prescription itself probably needs review.
    public static let withheldThreshold = 3
    /// Missed (due but not given, no decision recorded) 2 or more times in 10: a missed dose is an
    /// error, and two is a pattern.
    public static let missedThreshold = 2

    /// Checks withheld and missed among the latest doses; withheld is reported first when both fire.
    public static func evaluate(medication: String, doses: [Dose]) -> [Insight] {
        let recent = Array(doses.sorted { $0.time < $1.time }.suffix(recentDoseCount))
        var out: [Insight] = []
        for (outcome, threshold, severity) in [(Outcome.withheld, withheldThreshold, Insight.Severity.info),
                                               (Outcome.missed, missedThreshold, Insight.Severity.warning)] {
            let hits = recent.filter { $0.outcome == outcome }
            guard hits.count >= threshold else { continue }
            let summary = outcome == .missed
                ? ClinicalText("insight.doses.missed", "{0} of the last {1} doses of {2} were missed", plain: [hits.count, recent.count, medication])
                : ClinicalText("insight.doses.withheld", "{0} of the last {1} doses of {2} were withheld",
                               plain: [hits.count, recent.count, medication])
            // The note is the dose status's own word ("withheld", "missed").
            let note = ClinicalText("dose.status.\(outcome.rawValue)", outcome.rawValue)
            if let insight = Insight(kind: .dosesNotGiven, severity: severity, subject: medication, summary: summary,
                                     evidence: hits.map { InsightEvidence(moment: .instant($0.time), value: 1, note: note) }) {
                out.append(insight)
            }
        }
        return out
    }
}
