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
        let summary = lastWetAt == nil
            ? "no \(subject) since admission \(InsightNumber.text(hours.rounded(.down))) h ago"
            : "no \(subject) for \(InsightNumber.text(hours.rounded(.down))) h"
        return Insight(kind: .noWetNappy, severity: .urgent, subject: subject, summary: summary,
                       evidence: [InsightEvidence(moment: .instant(since), value: hours.rounded(.down),
                                                  note: lastWetAt == nil ? "h since admission" : "h since the last wet nappy")])
    }
}
