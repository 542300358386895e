import Clinical
import Foundation

/// The latest reading of a vital sign outside its range, e.g. "temperature 38.6 °C is above 37.5
/// (latest reading)". One reading is enough to flag: a nurse re-checks a single abnormal value,
/// and the repeated rule (three in a day) says when it is a pattern. Readings older than a day
/// are no longer news.
public enum LatestOutOfRangeRule {
    public static let window: TimeInterval = 24 * 3_600

    /// The latest reading in (now − window, now], when it is outside `normal`.
    public static func evaluate(subject: String, unit: String, readings: [RepeatedOutOfRangeRule.Reading],
                                normal: ClosedRange<Double>, now: Date) -> Insight? {
        guard let latest = readings.filter({ $0.value.isFinite && $0.time > now.addingTimeInterval(-window) && $0.time <= now })
            .max(by: { $0.time < $1.time }), !normal.contains(latest.value) else { return nil }
        let above = latest.value > normal.upperBound
        let limit = InsightNumber.text(above ? normal.upperBound : normal.lowerBound)
        let reading = InsightNumber.text(latest.value) + (unit.isEmpty ? "" : " \(unit)")
        let summary = above
            ? ClinicalText("insight.latest.above", "{0} {1} is above {2} (latest reading)", plain: [subject, reading, limit])
            : ClinicalText("insight.latest.below", "{0} {1} is below {2} (latest reading)", plain: [subject, reading, limit])
        return Insight(kind: .latestOutOfRange, severity: .warning, subject: subject, summary: summary,
                       evidence: [InsightEvidence(moment: .instant(latest.time), value: latest.value,
                                                  note: InsightNumber.side(above: above, limit: limit))])
    }
}
