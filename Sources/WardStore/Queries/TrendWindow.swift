import Foundation

/// The span the Trends screen shows, stepped with `[` / `]`.
public enum TrendWindow: Int, Sendable, CaseIterable, Hashable {
    case hours24, days7, days14, days30, days90, all

    /// Ward days the window covers; nil for everything since the patient's first entry.
    public var days: Int? {
        switch self {
        case .hours24: return 1
        case .days7: return 7
        case .days14: return 14
        case .days30: return 30
        case .days90: return 90
        case .all: return nil
        }
    }

    /// The next wider (`]`) or narrower (`[`) window, staying at the ends.
    public func stepped(_ delta: Int) -> TrendWindow {
        TrendWindow(rawValue: min(max(0, rawValue + delta), TrendWindow.allCases.count - 1)) ?? self
    }

    /// How readings of one kind are grouped for a chart: raw up to a week (a few dozen each),
    /// then six-hourly for a fortnight and daily beyond, so a chart never carries more points
    /// than it has dots.
    var bucketsPerDay: Int? {
        Self.bucketsPerDay(days: days)
    }

    /// The grouping for a span of `days` ward days (nil: everything), as the windows above use it:
    /// the patient report groups an arbitrary period the same way.
    static func bucketsPerDay(days: Int?) -> Int? {
        guard let days else { return 1 }
        return days <= 7 ? nil : days <= 14 ? 4 : 1
    }
}

/// A span of time the SQL groups by (a ward day, or part of one), as stored milliseconds.
struct TimeBucket: Sendable, Hashable {
    let start: Int64
    let end: Int64

    /// A `WITH name(i, s, e) AS (VALUES …)` table of the buckets, inlined as integer literals.
    static func valuesTable(_ name: String, _ buckets: [TimeBucket]) -> String {
        let rows = buckets.enumerated().map { "(\($0.offset), \($0.element.start), \($0.element.end))" }
        return "\(name)(i, s, e) AS (VALUES \(rows.joined(separator: ", ")))"
    }

    /// Each ward day split into `parts` equal spans (1 keeps the day whole; DST days stay 23/25 h).
    static func split(_ days: [WardDay], parts: Int) -> [TimeBucket] {
        days.flatMap { day -> [TimeBucket] in
            let s = StoredTime.milliseconds(day.start), e = StoredTime.milliseconds(day.end)
            let step = (e - s) / Int64(max(1, parts))
            return (0..<max(1, parts)).map { k in
                TimeBucket(start: s + Int64(k) * step, end: k == parts - 1 ? e : s + Int64(k + 1) * step)
            }
        }
    }
}
