import Foundation

/// The unit a time axis counts in, picked from the span shown.
public enum TimeAxisUnit: String, Hashable, Sendable {
    case hours, days, weeks
}

/// Ticks of a time axis: aligned to whole local hours, midnights or Mondays.
public struct TimeTicks: Hashable, Sendable {
    public var unit: TimeAxisUnit
    /// Hours (for `.hours`), days or weeks between ticks.
    public var stepCount: Int
    /// Tick instants, seconds since 1970.
    public var ticks: [Double]
    public var labels: [String]
}

/// Chooses time ticks the way a person would: hourly marks for a day, daily for a fortnight,
/// weekly (on Mondays) beyond that, with labels "06:00" or "21 Nov" in the ward's time zone.
public enum TimeAxis {
    static let hourSteps = [1, 2, 3, 6, 12]
    static let daySteps = [1, 2]
    static let weekSteps = [1, 2, 4, 8, 13, 26, 52]

    /// At most `maxTicks` ticks between `start` and `end` (seconds since 1970).
    public static func ticks(start: Double, end: Double, maxTicks: Int, timeZone: TimeZone,
                             strings: UIStrings = .english) -> TimeTicks {
        let lo = min(start, end), hi = max(start, end)
        let limit = max(1, maxTicks)
        let calendar = gregorian(timeZone)
        var candidates: [(TimeAxisUnit, Int)] = hourSteps.map { (.hours, $0) } + daySteps.map { (.days, $0) }
            + weekSteps.map { (.weeks, $0) }
        var weeks = weekSteps.last!
        while Double(weeks) * 7 * 86_400 * Double(limit) < hi - lo {  // spans of many years
            weeks *= 2
            candidates.append((.weeks, weeks))
        }
        for (unit, count) in candidates {
            let seconds = Double(count) * unitSeconds(unit)
            guard (hi - lo) / seconds <= Double(limit) + 1 else { continue }
            let found = aligned(unit: unit, count: count, from: lo, to: hi, calendar: calendar)
            if found.count <= limit {
                return TimeTicks(unit: unit, stepCount: count, ticks: found,
                                 labels: found.map { label($0, unit: unit, calendar: calendar, strings: strings) })
            }
        }
        return TimeTicks(unit: .weeks, stepCount: weeks, ticks: [], labels: [])
    }

    static func unitSeconds(_ unit: TimeAxisUnit) -> Double {
        switch unit {
        case .hours: return 3_600
        case .days: return 86_400
        case .weeks: return 7 * 86_400
        }
    }

    static func gregorian(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// Local boundaries of the unit inside lo…hi whose index is a multiple of `count`, so
    /// ticks stay put when the window pans.
    static func aligned(unit: TimeAxisUnit, count: Int, from lo: Double, to hi: Double, calendar: Calendar) -> [Double] {
        let startDate = Date(timeIntervalSince1970: lo)
        var cursor: Date
        var add: DateComponents
        switch unit {
        case .hours:
            let c = calendar.dateComponents([.year, .month, .day, .hour], from: startDate)
            cursor = calendar.date(from: c) ?? startDate
            add = DateComponents(hour: 1)
        case .days:
            cursor = calendar.startOfDay(for: startDate)
            add = DateComponents(day: 1)
        case .weeks:
            let day = calendar.startOfDay(for: startDate)
            let weekday = calendar.component(.weekday, from: day)  // 1 = Sunday
            cursor = calendar.date(byAdding: .day, value: -((weekday + 5) % 7), to: day) ?? day
            add = DateComponents(day: 7)
        }
        var out: [Double] = []
        var guardCount = 0
        while cursor.timeIntervalSince1970 <= hi, guardCount < 100_000 {
            guardCount += 1
            let t = cursor.timeIntervalSince1970
            if t >= lo, index(of: cursor, unit: unit, calendar: calendar) % count == 0 { out.append(t) }
            guard let next = calendar.date(byAdding: add, to: cursor), next > cursor else { break }
            cursor = next
        }
        return out
    }

    /// Hour of day, days since 1970-01-01 or Monday-weeks since then, in local time.
    static func index(of date: Date, unit: TimeAxisUnit, calendar: Calendar) -> Int {
        let c = calendar.dateComponents([.year, .month, .day, .hour], from: date)
        switch unit {
        case .hours: return c.hour ?? 0
        case .days: return daysFromCivil(c.year ?? 1970, c.month ?? 1, c.day ?? 1)
        case .weeks:
            let days = daysFromCivil(c.year ?? 1970, c.month ?? 1, c.day ?? 1) + 3  // 1970-01-01 was a Thursday
            return days >= 0 ? days / 7 : (days - 6) / 7
        }
    }

    /// Days since 1970-01-01 of a Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// "06:00" for hour ticks ("21 Nov" at midnight), "21 Nov" for day and week ticks.
    static func label(_ t: Double, unit: TimeAxisUnit, calendar: Calendar, strings: UIStrings) -> String {
        let c = calendar.dateComponents([.month, .day, .hour], from: Date(timeIntervalSince1970: t))
        switch unit {
        case .hours:  // midnight carries the date, so a span of hours still says which day
            return c.hour == 0 ? strings.dayMonth(day: c.day ?? 1, month: c.month ?? 1) : String(format: "%02d:00", c.hour ?? 0)
        case .days, .weeks: return strings.dayMonth(day: c.day ?? 1, month: c.month ?? 1)
        }
    }

    /// "21 Nov 14:05": an instant as a reader wants it next to a value.
    public static func instant(_ t: Double, timeZone: TimeZone, strings: UIStrings = .english) -> String {
        let c = gregorian(timeZone).dateComponents([.month, .day, .hour, .minute], from: Date(timeIntervalSince1970: t))
        return strings.dayMonth(day: c.day ?? 1, month: c.month ?? 1) + " " + String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }

    static func monthName(_ month: Int, _ strings: UIStrings) -> String {
        let names = strings.monthAbbreviations
        return (1...names.count).contains(month) ? names[month - 1] : String(month)
    }
}
