import Clinical
import Foundation

/// A growth measurement crossing a centile line between two readings, e.g. "weight crossed the
/// 15th percentile downwards". Centiles are computed elsewhere (Clinical, WHO LMS, corrected age).
public enum CentileCrossingRule {
    /// The lines drawn on WHO growth charts; crossing one is what a clinician sees on paper.
    public static let whoChartLines: [Double] = [3, 15, 50, 85, 97]

    public struct Reading: Hashable, Sendable {
        public var time: Date
        /// 0–100.
        public var centile: Double
        public init(time: Date, centile: Double) {
            self.time = time
            self.centile = centile
        }
    }

    /// The most recent pair of consecutive readings that crosses one or more lines (strictly:
    /// from above to below, or below to above). Downwards is a warning (faltering growth),
    /// upwards is information.
    public static func evaluate(subject: String, readings: [Reading], lines: [Double] = whoChartLines) -> Insight? {
        let sorted = readings.filter { $0.centile.isFinite }.sorted { $0.time < $1.time }
        for (before, after) in zip(sorted, sorted.dropFirst()).reversed() {
            let down = lines.filter { before.centile > $0 && after.centile < $0 }.sorted(by: >)
            let up = lines.filter { before.centile < $0 && after.centile > $0 }.sorted()
            let crossed = down.isEmpty ? up : down
            guard !crossed.isEmpty else { continue }
            let names = InsightNumber.list(crossed.map { .text(InsightNumber.ordinal($0)) })
            let summary = switch (crossed.count == 1, down.isEmpty) {
            case (true, true): ClinicalText("insight.centile.up.one", "{0} crossed the {1} percentile upwards", [.plain(subject), names])
            case (true, false): ClinicalText("insight.centile.down.one", "{0} crossed the {1} percentile downwards", [.plain(subject), names])
            case (false, true): ClinicalText("insight.centile.up.many", "{0} crossed the {1} percentiles upwards", [.plain(subject), names])
            case (false, false): ClinicalText("insight.centile.down.many", "{0} crossed the {1} percentiles downwards", [.plain(subject), names])
            }
            return Insight(
                kind: .centileCrossed, severity: down.isEmpty ? .info : .warning, subject: subject, summary: summary,
                evidence: [InsightEvidence(moment: .instant(before.time), value: before.centile,
                                           note: ClinicalText("insight.note.centile_before", "centile before")),
                           InsightEvidence(moment: .instant(after.time), value: after.centile,
                                           note: ClinicalText("insight.note.centile_after", "centile after"))])
        }
        return nil
    }
}
