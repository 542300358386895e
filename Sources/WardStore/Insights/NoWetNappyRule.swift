import Clinical
import Foundation

/// No wet nappy for longer than the ward's threshold (default 8 h), counted from the last wet or
/// mixed nappy, or from the admission when there has been none: in a baby, an early sign of
/// dehydration or urinary retention, so it is the one urgent alert.
public enum NoWetNappyRule {
    public static func evaluate(subject: String, lastWetAt: Date?, admittedAt: Date, thresholdMinutes: Int,
                                now: Date) -> Insight? {
        let since = lastWetAt ?? admittedAt
        let hours = now.timeIntervalSince(since) / 3600
        guard now.timeIntervalSince(since) > TimeInterval(thresholdMinutes * 60) else { return nil }
        let hoursText = InsightNumber.text(hours.rounded(.down))
        let summary = lastWetAt == nil
            ? ClinicalText("insight.no_wet.admission", "no {0} since admission {1} h ago", plain: [subject, hoursText])
            : ClinicalText("insight.no_wet.since", "no {0} for {1} h", plain: [subject, hoursText])
        let note = lastWetAt == nil ? ClinicalText("insight.note.since_admission", "h since admission")
            : ClinicalText("insight.note.since_wet", "h since the last wet nappy")
        return Insight(kind: .noWetNappy, severity: .urgent, subject: subject, summary: summary,
                       evidence: [InsightEvidence(moment: .instant(since), value: hours.rounded(.down), note: note)])
    }
}
