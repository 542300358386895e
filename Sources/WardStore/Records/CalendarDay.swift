import Clinical
import Foundation
import GRDB

/// A calendar date with no time of day (a date of birth), stored as text `YYYY-MM-DD`.
/// A birth date is a local calendar fact, not an instant, so it must not shift with time zones.
public struct CalendarDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Fails unless the three numbers form a real Gregorian date (e.g. no 31 April), by the
    /// calculators' rule (`CalendarDate.isValid`), years 1 to 9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), CalendarDate.isValid(year: year, month: month, day: day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The calendar day on which `date` falls in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        self.year = c.year!
        self.month = c.month!
        self.day = c.day!
    }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: CalendarDay) -> Int {
        other.dayNumber - dayNumber
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> CalendarDay {
        CalendarDay(dayNumber: dayNumber + count)
    }

    /// The same date as the calculators' value (ages, prefilled dates of birth).
    public var calendarDate: CalendarDate { CalendarDate(year: year, month: month, day: day)! }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Days since 1970-01-01, by the program's one day count (`CalendarDate.dayNumber`).
    var dayNumber: Int { CalendarDate.dayNumber(year: year, month: month, day: day) }

    init(dayNumber: Int) {
        (year, month, day) = CalendarDate.civil(dayNumber: dayNumber)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = CalendarDay(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not a date YYYY-MM-DD")
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension CalendarDay: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> CalendarDay? {
        String.fromDatabaseValue(dbValue).flatMap(CalendarDay.init(_:))
    }
}
