import Foundation

/// A value as it arrives from JSON, the command line or a form, before validation.
public enum RawValue: Sendable, Equatable {
    case number(Double)
    case bool(Bool)
    case string(String)
    case null
}

/// Where raw values came from decides how strictly they are typed: JSON is strict
/// (`"110"` where a number belongs is a wrong type); `key=value` text is parsed.
public enum RawOrigin: Sendable {
    case json
    case text
}

/// A validated input value.
public enum InputValue: Sendable, Equatable {
    case number(Double)
    case bool(Bool)
    case word(String)
    case date(CalendarDate)
}

/// A calendar date without time or zone (birth dates, "as of" dates).
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard Self.isValid(year: year, month: month, day: day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` strictly.
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (no time zone involved).
    public var dayNumber: Int { Self.dayNumber(year: year, month: month, day: day) }

    public init(dayNumber: Int) {
        (year, month, day) = Self.civil(dayNumber: dayNumber)
    }

    /// The one day count of the program (the ward's `CalendarDay` counts with it too): days since
    /// 1970-01-01 of a proleptic Gregorian date, by Howard Hinnant's days_from_civil — exact
    /// integer maths for any year, checked against Foundation's calendar in the tests.
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01 (Hinnant's civil_from_days).
    public static func civil(dayNumber z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Whether the three numbers name a real proleptic Gregorian date (no 31 April, no 29
    /// February 1900; every year by the same rule, with no switch from the Julian calendar).
    public static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...12).contains(month) && day >= 1 && day <= daysInMonth(year: year, month: month)
    }

    /// Whole calendar months from `born` to `day` (a month is complete on the same day of the
    /// month; 0 before birth): ages in months and years, the RCPCH/BNFc way.
    public static func completedMonths(from born: CalendarDate, to day: CalendarDate) -> Int {
        let months = (day.year - born.year) * 12 + (day.month - born.month) - (day.day < born.day ? 1 : 0)
        return max(0, months)
    }

    /// Today in the given time zone at the given instant.
    public static func on(_ date: Date, in zone: TimeZone) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return CalendarDate(year: c.year!, month: c.month!, day: c.day!)!
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool { a.dayNumber < b.dayNumber }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
