import Clinical
import Foundation

/// A vital sign out of its normal range again and again, e.g. "heart rate out of range 3 times
/// in 24 h (192, 60 and 195 /min)".
public enum RepeatedOutOfRangeRule {
    public struct Reading: Hashable, Sendable {
        public var time: Date
        public var value: Double
        public init(time: Date, value: Double) {
            self.time = time
            self.value = value
        }
    }

    /// The look-back: one day, the span of a ward round to the next.
    public static let window: TimeInterval = 24 * 3_600
    /// Three readings: a single abnormal value is often artefact (crying, a loose probe), three
    /// in a day is a pattern worth a look.
    public static let minimumCount = 3

    /// Readings in (now − window, now] outside `normal`.
    public static func evaluate(subject: String, unit: String, readings: [Reading], normal: ClosedRange<Double>,
                                now: Date) -> Insight? {
        let recent = readings.filter {
            $0.value.isFinite && $0.time > now.addingTimeInterval(-window) && $0.time <= now
        }.sorted { $0.time < $1.time }
        let outside = recent.filter { !normal.contains($0.value) }
        guard outside.count >= minimumCount else { return nil }
        let list = InsightNumber.list(outside.map { InsightNumber.arg($0.value) })
        return Insight(
            kind: .repeatedOutOfRange, severity: .warning, subject: subject,
            summary: ClinicalText("insight.repeated", "{0} out of range {1} times in {2} h ({3}{4})",
                                  [.plain(subject), .plain("\(outside.count)"), .plain("\(Int(window / 3_600))"), list,
                                   .plain(unit.isEmpty ? "" : " \(unit)")]),
            evidence: outside.map {
                let above = $0.value > normal.upperBound
                return InsightEvidence(moment: .instant($0.time), value: $0.value,
                                       note: InsightNumber.side(above: above,
                                                                limit: InsightNumber.text(above ? normal.upperBound : normal.lowerBound)))
            })
    }
}
