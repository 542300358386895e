import Foundation
import Clinical

/// How numbers and dates are written in one language: the decimal mark and the order of day,
/// month and year. A pure value built once per language from the catalogue's `format.*` keys
/// (translators decide, no code per language) and carried in the app context; machine outputs
/// (`--json`, `calc --batch`, export files) never pass through it.
/// Dates use compiled patterns rather than DateFormatter: ICU costs milliseconds per formatter
/// and its Linux names differ from what wards write ("Sa." vs "Sa").
public struct LanguageFormat: Sendable, Equatable {
    /// "." or ","; anything else in a catalogue is ignored.
    public let decimalMark: Character
    /// A numeric date: "2026-11-21", "21.11.2026", "21/11/2026".
    let datePattern: DatePattern
    /// A day with its month's name: "21 Nov", "21. Nov", "11月21日".
    let dayMonthPattern: DatePattern
    /// The status line's day: "Sat 21 Nov", "Sa 21. Nov", "11月21日 周六".
    let weekdayPattern: DatePattern

    /// English: ISO dates, a decimal point.
    public static let english = LanguageFormat(decimalMark: ".", date: "yyyy-MM-dd", dayMonth: "d MMM", weekdayDayMonth: "EEE d MMM")

    /// - Parameters: patterns use `yyyy`, `MM`, `dd`, `d`, `MMM` (month name), `EEE` (weekday
    ///   name); every other character is written as it is.
    public init(decimalMark: Character, date: String, dayMonth: String, weekdayDayMonth: String) {
        self.decimalMark = decimalMark == "," ? "," : "."
        self.datePattern = DatePattern(date)
        self.dayMonthPattern = DatePattern(dayMonth)
        self.weekdayPattern = DatePattern(weekdayDayMonth)
    }

    /// The format a catalogue declares (`format.decimal_mark`, `format.date`, `format.day_month`,
    /// `format.weekday_day_month`); a key it lacks keeps English's.
    public init(_ localizer: Localizer) {
        func text(_ key: String, _ english: String) -> String { localizer.has(key) ? localizer(key) : english }
        self.init(decimalMark: text("format.decimal_mark", ".").first ?? ".",
                  date: text("format.date", "yyyy-MM-dd"), dayMonth: text("format.day_month", "d MMM"),
                  weekdayDayMonth: text("format.weekday_day_month", "EEE d MMM"))
    }

    // MARK: - Numbers

    /// `value` rounded to at most `digits` decimals, trailing zeros dropped: "36,8" in German.
    public func number(_ value: Double, digits: Int) -> String { decimals(NumberText.rounded(value, digits: digits)) }

    /// `value` with exactly `digits` decimals: "1,25".
    public func fixed(_ value: Double, digits: Int) -> String { decimals(String(format: "%.\(digits)f", value)) }

    /// `text` with the decimal point of each number in it written as this language writes it
    /// ("3.25 kg · 36.8 °C" → "3,25 kg · 36,8 °C"). Only a point between digits in a number with
    /// one point changes, so versions (1.2.3), dates and words stay as they are. For text made
    /// below the app (store summaries, clinical results) on its way to a screen or a report.
    public func decimals(_ text: String) -> String { NumberText.withDecimalMark(text, decimalMark) }

    // MARK: - Dates

    /// The calendar parts a pattern may use; `weekday` is 1 = Sunday, as Calendar numbers it.
    struct Day {
        var year: Int, month: Int, day: Int, weekday: Int
    }

    func date(_ day: Day, names: DayNames) -> String { datePattern.render(day, names) }
    func dayMonth(_ day: Day, names: DayNames) -> String { dayMonthPattern.render(day, names) }
    func weekdayDayMonth(_ day: Day, names: DayNames) -> String { weekdayPattern.render(day, names) }
}

/// Short weekday (Sunday first) and month (January first) names in one language.
struct DayNames: Sendable {
    var weekdays: [String]
    var months: [String]

    /// Seven weekdays (Sunday first) and twelve months; a list of the wrong length keeps the
    /// English names rather than index past its end.
    init(weekdays: [String], months: [String]) {
        self.weekdays = weekdays.count == 7 ? weekdays : ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        self.months = months.count == 12 ? months : ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    }

    /// The names a catalogue gives (`time.weekdays`, `time.months`, space-separated).
    init(_ t: Localizer) {
        self.init(weekdays: t("time.weekdays").split(separator: " ").map(String.init),
                  months: t("time.months").split(separator: " ").map(String.init))
    }
}

/// A date pattern compiled once into parts, so rendering is appends, not parsing.
struct DatePattern: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case literal(String)
        case year, month2, day2, day, monthName, weekdayName
    }

    let parts: [Part]

    init(_ pattern: String) {
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(pattern)
        func flush() { if !literal.isEmpty { parts.append(.literal(literal)); literal = "" } }
        while let first = rest.first {
            let run = rest.prefix { $0 == first }
            let part: Part?
            switch (first, run.count) {
            case ("y", 4): part = .year
            case ("M", 2): part = .month2
            case ("M", 3): part = .monthName
            case ("d", 2): part = .day2
            case ("d", 1): part = .day
            case ("E", 3): part = .weekdayName
            default: part = nil
            }
            if let part { flush(); parts.append(part) } else { literal += run }
            rest = rest.dropFirst(run.count)
        }
        flush()
        self.parts = parts
    }

    func render(_ d: LanguageFormat.Day, _ names: DayNames) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text): out += text
            case .year: out += d.year < 1000 ? String(repeating: "0", count: 4 - String(d.year).count) + String(d.year) : String(d.year)
            case .month2: out += d.month < 10 ? "0\(d.month)" : String(d.month)
            case .day2: out += d.day < 10 ? "0\(d.day)" : String(d.day)
            case .day: out += String(d.day)
            case .monthName: out += names.months[d.month - 1]
            case .weekdayName: out += names.weekdays[d.weekday - 1]
            }
        }
        return out
    }
}
