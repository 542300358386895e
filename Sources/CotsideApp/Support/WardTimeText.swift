import Foundation
import WardStore

/// Dates and times as the ward reads them, in the ward's time zone, built from calendar
/// components: no DateFormatter (which starts ICU and costs milliseconds per instance), and
/// day and month names from the user's catalogue rather than ICU's English. The 24-hour clock
/// in every language (wards chart that way); the order of day, month and year from `format`.
public struct WardTimeText: Sendable {
    private let calendar: Calendar
    private let names: DayNames
    private let format: LanguageFormat
    private let yesterday: String
    private let tomorrow: String

    /// - Parameters:
    ///   - weekdays: seven short names, Sunday first (the calendar's weekday numbering).
    ///   - months: twelve short names, January first.
    ///   - yesterday, tomorrow: the words `clock` puts before a time on those days.
    ///   - format: the language's order of day, month and year.
    public init(timeZone: TimeZone, weekdays: [String], months: [String], yesterday: String = "yesterday", tomorrow: String = "tomorrow",
                format: LanguageFormat = .english) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        self.names = DayNames(weekdays: weekdays, months: months)
        self.format = format
        self.yesterday = yesterday
        self.tomorrow = tomorrow
    }

    private func parts(_ date: Date) -> DateComponents {
        calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
    }

    private func day(_ c: DateComponents) -> LanguageFormat.Day {
        LanguageFormat.Day(year: c.year!, month: c.month!, day: c.day!, weekday: c.weekday!)
    }

    /// "2026-11-21 14:05" in every language: the form date-time fields are filled with and parse,
    /// so an edited time reads back as it was typed.
    public func stamp(_ date: Date) -> String {
        let c = parts(date)
        return "\(pad4(c.year!))-\(pad2(c.month!))-\(pad2(c.day!)) \(pad2(c.hour!)):\(pad2(c.minute!))"
    }

    /// A date and time to read, in the language's order: "2026-11-21 14:05", "21.11.2026 14:05",
    /// "21/11/2026 14:05" (History, the audit trail, confirmations); the same width in each.
    public func shown(_ date: Date) -> String {
        let c = parts(date)
        return format.date(day(c), names: names) + " \(pad2(c.hour!)):\(pad2(c.minute!))"
    }

    /// "2026-11-21", "21.11.2026", "21/11/2026": a calendar day (a birth date, a day's totals) in
    /// the language's order.
    public func date(year: Int, month: Int, day: Int) -> String {
        let weekday = calendar.date(from: DateComponents(year: year, month: month, day: day)).map { calendar.component(.weekday, from: $0) } ?? 1
        return format.date(LanguageFormat.Day(year: year, month: month, day: day, weekday: weekday), names: names)
    }

    /// "14:05".
    public func time(_ date: Date) -> String {
        let c = parts(date)
        return "\(pad2(c.hour!)):\(pad2(c.minute!))"
    }

    /// "14:05" today, "yesterday 14:05", "tomorrow 15:00", else "2026-11-23 15:00": a time never
    /// shows bare unless it is today, so tomorrow's dose is not read as today's (screens and CLI).
    public func clock(_ date: Date, now: Date) -> String {
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)).day ?? 0
        switch days {
        case 0: return time(date)
        case -1: return "\(yesterday) \(time(date))"
        case 1: return "\(tomorrow) \(time(date))"
        default: return shown(date)
        }
    }

    /// "21 Nov 14:05" ("21. Nov 14:05", "11月21日 14:05"): a time with its day, where the year
    /// would only take room (History at 80 columns).
    public func dayMonthTime(_ date: Date) -> String {
        let c = parts(date)
        return format.dayMonth(day(c), names: names) + " \(pad2(c.hour!)):\(pad2(c.minute!))"
    }

    /// "Sat 21 Nov 14:05" ("Sa 21. Nov 14:05", "11月21日 周六 14:05"), for the status line.
    public func dayAndTime(_ date: Date) -> String {
        let c = parts(date)
        return format.weekdayDayMonth(day(c), names: names) + " \(pad2(c.hour!)):\(pad2(c.minute!))"
    }

    private func pad2(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
    private func pad4(_ n: Int) -> String { n < 1000 ? String(repeating: "0", count: 4 - String(n).count) + String(n) : String(n) }
}

extension WardTimeText {
    /// The ward's dates and times in `localizer`'s language: its weekday and month names, its
    /// "yesterday" and "tomorrow", its order of day and month. Screens and the command line alike.
    public init(timeZone: TimeZone, localizer t: Localizer) {
        let names = DayNames(t)
        self.init(timeZone: timeZone, weekdays: names.weekdays, months: names.months,
                  yesterday: t("time.yesterday"), tomorrow: t("time.tomorrow"), format: LanguageFormat(t))
    }

    /// A calendar day in the language's order: "2026-11-18", "18.11.2026", "18/11/2026" (a date
    /// of birth on the command line).
    public func date(_ day: CalendarDay) -> String {
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)) ?? Date()
        return format.date(self.day(parts(noon)), names: names)
    }
}
