import Clinical
import Foundation

/// An age as staff write it, by the UK paediatric convention (RCPCH/BNFc age bands):
/// hours under 72 h (only when the time of birth is known), days under 4 weeks, weeks under
/// 3 months, completed calendar months under 2 years, then years and months.
/// One rule for the Dashboard, the patient picker, Trends and `cotside patients`.
public enum AgeWording: Sendable, Hashable {
    case hours(Int)
    case days(Int)
    case weeks(Int)
    case months(Int)
    case yearsMonths(Int, Int)

    /// From hours since birth (time of birth known): hours below 72, days above.
    public init(hoursSinceBirth hours: Int) {
        self = hours < 72 ? .hours(max(0, hours)) : .days(hours / 24)
    }

    /// From the calendar date of birth (time of birth unknown: days from the day of birth).
    public init(dateOfBirth born: CalendarDay, on today: CalendarDay) {
        let days = max(0, born.days(until: today))
        let months = Self.completedMonths(from: born, to: today)
        if days < 28 {
            self = .days(days)
        } else if months < 3 {
            self = .weeks(days / 7)
        } else if months < 24 {
            self = .months(months)
        } else {
            self = .yearsMonths(months / 12, months % 12)
        }
    }

    /// Whole calendar months from `born` to `today` (`CalendarDate.completedMonths`).
    static func completedMonths(from born: CalendarDay, to today: CalendarDay) -> Int {
        CalendarDate.completedMonths(from: born.calendarDate, to: today.calendarDate)
    }

    /// English short form for the command line ("3 d", "6 wk", "14 mo", "4 y 5 mo").
    public var text: String {
        switch self {
        case .hours(let h): return "\(h) h"
        case .days(let d): return "\(d) d"
        case .weeks(let w): return "\(w) wk"
        case .months(let m): return "\(m) mo"
        case .yearsMonths(let y, let m): return m == 0 ? "\(y) y" : "\(y) y \(m) mo"
        }
    }
}
