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
        let values = outside.map { InsightNumber.text($0.value) }
        let list = values.dropLast().joined(separator: ", ") + " and " + values.last!
        let unitText = unit.isEmpty ? "" : " \(unit)"
        return Insight(
            kind: .repeatedOutOfRange, severity: .warning, subject: subject,
            summary: "\(subject) out of range \(outside.count) times in \(Int(window / 3_600)) h (\(list)\(unitText))",
            evidence: outside.map {
                InsightEvidence(moment: .instant($0.time), value: $0.value,
                                note: $0.value > normal.upperBound ? "above \(InsightNumber.text(normal.upperBound))"
                                    : "below \(InsightNumber.text(normal.lowerBound))")
            })
    }
}
