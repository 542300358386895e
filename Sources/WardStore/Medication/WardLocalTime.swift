import Foundation

/// Wall-clock time → instant in the ward's time zone, with the two DST cases decided:
/// - a time skipped by spring-forward (02:30 on a day that jumps 01:00→02:00 UTC) is given at the
///   instant the wall clock shows the same distance past the gap (03:30 local), so it is not lost;
/// - a time that happens twice on fall-back (01:30) is ONE slot, at its first occurrence.
public enum WardLocalTime {
    /// The instant of `time` on local `day` in `timeZone` (see the type's rules for DST).
    public static func instant(on day: CalendarDay, at time: TimeOfDay, in timeZone: TimeZone) -> Date {
        instant(on: day, minutes: time.minutesSinceMidnight, in: timeZone)
    }

    /// `minutes` after the wall-clock midnight of `day` (may be ≥ 1440 for the next day's early hours).
    public static func instant(on day: CalendarDay, minutes: Int, in timeZone: TimeZone) -> Date {
        // Seconds as if the wall clock were UTC; the real instant is that minus the zone's offset.
        let naive = Double(day.dayNumber * 86_400 + minutes * 60)
        let offsets = Set([-86_400.0, 0, 86_400].map {
            timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: naive + $0))
        })
        let candidates = offsets.map { naive - Double($0) }
            .filter { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: $0)) == Int(naive - $0) }
        if let first = candidates.min() { return Date(timeIntervalSince1970: first) }
        // In a gap: use the offset from before the change, which lands after the gap.
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: naive - 86_400))
        return Date(timeIntervalSince1970: naive - Double(before))
    }

    /// Wall-clock midnight starting `day` (the first instant of the local day).
    public static func startOfDay(_ day: CalendarDay, in timeZone: TimeZone) -> Date {
        instant(on: day, minutes: 0, in: timeZone)
    }

    /// The local wall time (hour, minute) of an instant.
    public static func timeOfDay(_ date: Date, in timeZone: TimeZone) -> TimeOfDay {
        let local = Int(floor(date.timeIntervalSince1970)) + timeZone.secondsFromGMT(for: date)
        let minutes = ((local % 86_400 + 86_400) % 86_400) / 60
        return TimeOfDay(hour: minutes / 60, minute: minutes % 60)!
    }
}
