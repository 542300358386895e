import Foundation

/// The ward's "day": from the day-start time (e.g. 07:00) in the ward's time zone to the next.
/// Built with `Calendar` so days across a DST change are 23 or 25 hours long, as on the wall clock.
public struct WardDay: Sendable, Hashable {
    public let start: Date
    public let end: Date

    /// The ward day containing `now`, for a day start `dayStartMinutes` after local midnight.
    public static func containing(_ now: Date, dayStartMinutes: Int, timeZone: TimeZone) -> WardDay {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let midnight = calendar.startOfDay(for: now)
        var start = dayStart(onDayOf: midnight, minutes: dayStartMinutes, calendar: calendar)
        if start > now {
            let previousMidnight = calendar.date(byAdding: .day, value: -1, to: midnight)!
            start = dayStart(onDayOf: previousMidnight, minutes: dayStartMinutes, calendar: calendar)
        }
        let nextMidnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: start))!
        return WardDay(start: start, end: dayStart(onDayOf: nextMidnight, minutes: dayStartMinutes, calendar: calendar))
    }

    /// The last `count` ward days ending with the one containing `now`, oldest first.
    public static func lastDays(_ count: Int, endingAt now: Date, dayStartMinutes: Int, timeZone: TimeZone) -> [WardDay] {
        var days = [containing(now, dayStartMinutes: dayStartMinutes, timeZone: timeZone)]
        while days.count < count {
            let previous = containing(days[0].start.addingTimeInterval(-1), dayStartMinutes: dayStartMinutes,
                                      timeZone: timeZone)
            days.insert(previous, at: 0)
        }
        return days
    }

    /// Wall-clock hour:minute on the given local day. If that time does not exist (skipped by a
    /// DST change) the next existing instant is used.
    private static func dayStart(onDayOf midnight: Date, minutes: Int, calendar: Calendar) -> Date {
        var components = calendar.dateComponents([.year, .month, .day], from: midnight)
        components.hour = minutes / 60
        components.minute = minutes % 60
        return calendar.date(from: components) ?? midnight.addingTimeInterval(TimeInterval(minutes * 60))
    }
}
