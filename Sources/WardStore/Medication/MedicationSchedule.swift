/// When a medication is due.
///
/// - `fixedTimes`: wall-clock times every day in the ward's time zone (06:00 14:00 22:00).
/// - `everyHours`: every N hours of elapsed time from the medication's start instant, so a 6-hourly
///   antibiotic keeps 6 h gaps across a clock change (its wall-clock times shift by an hour then).
/// - `asNeeded`: no slots; each dose is logged freely within a minimum interval and a 24 h maximum.
public enum MedicationSchedule: Sendable, Hashable, Codable {
    case fixedTimes([TimeOfDay])
    case everyHours(Int)
    case asNeeded(minimumIntervalMinutes: Int, maxDosesPer24h: Int)

    public var isAsNeeded: Bool {
        if case .asNeeded = self { return true }
        return false
    }

    /// "06:00 14:00 22:00", "every 8 h", "as needed (≥ 4 h apart, max 4/24 h)".
    public var summary: String {
        switch self {
        case .fixedTimes(let times): return times.map(\.description).joined(separator: " ")
        case .everyHours(let hours): return "every \(hours) h"
        case .asNeeded(let minutes, let max):
            let gap = minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes) min"
            return "as needed (≥ \(gap) apart, max \(max)/24 h)"
        }
    }

    /// Column values in the `medication` table.
    var kindText: String {
        switch self {
        case .fixedTimes: return "fixedTimes"
        case .everyHours: return "everyHours"
        case .asNeeded: return "asNeeded"
        }
    }

    var timesText: String? {
        if case .fixedTimes(let times) = self { return times.map(\.description).joined(separator: " ") }
        return nil
    }

    var intervalHours: Int? {
        if case .everyHours(let hours) = self { return hours }
        return nil
    }

    var asNeededLimits: (minutes: Int, max: Int)? {
        if case .asNeeded(let minutes, let max) = self { return (minutes, max) }
        return nil
    }

    /// Rebuilds from the table's columns; nil when they do not form a schedule.
    static func fromColumns(kind: String, times: String?, intervalHours: Int?, minimumIntervalMinutes: Int?,
                            maxDosesPer24h: Int?) -> MedicationSchedule? {
        switch kind {
        case "fixedTimes":
            let parsed = (times ?? "").split(separator: " ").map { TimeOfDay(String($0)) }
            guard !parsed.isEmpty, !parsed.contains(nil) else { return nil }
            return .fixedTimes(parsed.compactMap { $0 })
        case "everyHours":
            return intervalHours.map { .everyHours($0) }
        case "asNeeded":
            guard let minutes = minimumIntervalMinutes, let max = maxDosesPer24h else { return nil }
            return .asNeeded(minimumIntervalMinutes: minutes, maxDosesPer24h: max)
        default:
            return nil
        }
    }
}
