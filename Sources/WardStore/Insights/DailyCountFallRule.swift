import Clinical
/// A daily count falling steadily and steeply, e.g. "wet nappies fell from 7 to 3 a day over
/// 3 days": fewer wet nappies is an early, cheap sign of poor intake or dehydration in infants.
public enum DailyCountFallRule {
    /// Days the fall is measured over (start day to latest day). Three days separates a trend
    /// from one quiet day.
    public static let spanDays = 3
    /// The fall must be at least 40 % of the starting count: a halving-scale drop, not drift.
    public static let minimumRelativeFall = 0.4
    /// ... and at least 2 a day, so small counts (2 → 1) do not fire on noise.
    public static let minimumAbsoluteFall = 2.0

    /// Looks at the latest `spanDays + 1` consecutive days: fires when every day is no higher
    /// than the day before and the total fall passes both thresholds. Missing days (a gap in
    /// the calendar) mean no verdict.
    public static func evaluate(subject: String, days: [DailyValue]) -> Insight? {
        let sorted = days.filter { $0.value.isFinite }.sorted { $0.day < $1.day }
        guard sorted.count > spanDays else { return nil }
        let window = Array(sorted.suffix(spanDays + 1))
        guard window.first!.day.days(until: window.last!.day) == spanDays else { return nil }
        guard zip(window, window.dropFirst()).allSatisfy({ $1.value <= $0.value }) else { return nil }
        let start = window.first!.value, end = window.last!.value
        let fall = start - end
        guard fall >= minimumAbsoluteFall, fall >= start * minimumRelativeFall else { return nil }
        return Insight(
            kind: .dailyCountFell, severity: .warning, subject: subject,
            summary: ClinicalText("insight.count_fell", "{0} fell from {1} to {2} a day over {3} days",
                                  plain: [subject, InsightNumber.text(start), InsightNumber.text(end), spanDays]),
            evidence: window.map {
                InsightEvidence(moment: .day($0.day), value: $0.value, note: ClinicalText("insight.note.that_day", "{0} that day", plain: [subject]))
            })
    }
}
