import Foundation
import WardStore

/// Dates and times as a report writes them, in the ward's time zone and the report's language:
/// the language's order of day, month and year ("21.11.2026 14:05" in German, ISO in English
/// and Chinese), month names from the catalogue on chart ticks, and the 24-hour clock. A page
/// is read later, so no "yesterday": every time off the report's own day carries its date.
struct ReportTimes: Sendable {
    let timeZone: TimeZone
    let format: LanguageFormat
    let names: DayNames
    private let calendar: Calendar

    init(_ t: Localizer, timeZone: TimeZone) {
        self.timeZone = timeZone
        self.format = LanguageFormat(t)
        self.names = DayNames(t)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    private func day(_ d: CalendarDay) -> LanguageFormat.Day {
        // The weekday is not part of a date pattern the reports use; 1 keeps the value whole.
        LanguageFormat.Day(year: d.year, month: d.month, day: d.day, weekday: 1)
    }

    /// "2026-11-21", "21.11.2026", "21/11/2026".
    func date(_ d: CalendarDay) -> String { format.date(day(d), names: names) }

    /// "21 Nov", "21. Nov", "11月21日": a chart's tick.
    func dayMonth(_ d: CalendarDay) -> String { format.dayMonth(day(d), names: names) }

    /// "2026-11-21 14:05", "21.11.2026 14:05".
    func dateTime(_ instant: Date) -> String {
        "\(date(CalendarDay(instant, in: timeZone))) \(WardLocalTime.timeOfDay(instant, in: timeZone))"
    }

    /// "14:05".
    func time(_ instant: Date) -> String { WardLocalTime.timeOfDay(instant, in: timeZone).description }

    /// The stamp's time: "2026-11-21 14:05 GMT", with the zone a loose page needs.
    func stamped(_ instant: Date) -> String {
        dateTime(instant) + " " + (timeZone.abbreviation(for: instant) ?? timeZone.identifier)
    }
}
