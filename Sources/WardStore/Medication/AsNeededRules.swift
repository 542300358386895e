import Foundation

/// Why an as-needed dose would break its prescription.
public enum AsNeededRefusal: Sendable, Hashable, CustomStringConvertible {
    /// Another dose within the minimum interval (before or after, for a backdated entry).
    case tooSoon(previousAt: Date, minimumIntervalMinutes: Int, allowedFrom: Date)
    /// A 24 h window holding this dose would exceed the maximum.
    case dailyMaximum(dosesIn24h: Int, maximum: Int)

    public var description: String {
        switch self {
        case .tooSoon(_, let minutes, _):
            let gap = minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes) min"
            return "another dose was given less than \(gap) from this one (minimum interval \(gap))"
        case .dailyMaximum(let count, let maximum):
            return "this would be dose \(count) in 24 h; at most \(maximum) are prescribed"
        }
    }
}

/// Thrown when an as-needed dose breaks its rules and no override reason was given.
public struct AsNeededRefusalError: Error, Sendable, Hashable, CustomStringConvertible {
    public let refusals: [AsNeededRefusal]

    public var description: String {
        refusals.map(\.description).joined(separator: "; ") + "; to give it anyway, confirm with an override reason"
    }
}

/// The minimum-interval and 24 h rules of an as-needed prescription. Pure.
public enum AsNeededRules {
    /// Every rule a dose at `at` would break, given the other doses' times (any order).
    public static func check(at: Date, otherDoses: [Date], minimumIntervalMinutes: Int,
                             maxDosesPer24h: Int) -> [AsNeededRefusal] {
        var refusals: [AsNeededRefusal] = []
        let interval = TimeInterval(minimumIntervalMinutes * 60)
        let near = otherDoses.filter { abs($0.timeIntervalSince(at)) < interval }
        if let closest = near.min(by: { abs($0.timeIntervalSince(at)) < abs($1.timeIntervalSince(at)) }) {
            let previous = near.filter { $0 <= at }.max() ?? closest
            refusals.append(.tooSoon(previousAt: closest, minimumIntervalMinutes: minimumIntervalMinutes,
                                     allowedFrom: previous.addingTimeInterval(interval)))
        }
        // Every 24 h window [s, s + 24 h) that contains `at` starts at a dose in (at − 24 h, at].
        let day: TimeInterval = 86_400
        let all = (otherDoses + [at]).sorted()
        var worst = 0
        for start in all where start <= at && at.timeIntervalSince(start) < day {
            let count = all.filter { $0 >= start && $0.timeIntervalSince(start) < day }.count
            worst = max(worst, count)
        }
        if worst > maxDosesPer24h {
            refusals.append(.dailyMaximum(dosesIn24h: worst, maximum: maxDosesPer24h))
        }
        return refusals
    }
}
