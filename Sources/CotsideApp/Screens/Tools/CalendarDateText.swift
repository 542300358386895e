import Clinical
import Foundation
import TerminalUI

/// Date inputs of calculators (birth date, "as of") typed with the ward's day shortcuts
/// (`TimeShortcut.dayOffset`: `today`, `yesterday`, `T-3`, `-3d`) or `YYYY-MM-DD`. Anything else
/// stays as typed so validation names what is wrong.
enum CalendarDateText {
    static let examples = "today, yesterday, T-3, -10d, 2026-11-21"

    static func parse(_ text: String, today: CalendarDate) -> CalendarDate? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let iso = CalendarDate(iso: t) { return iso }
        return TimeShortcut.dayOffset(t).map { CalendarDate(dayNumber: today.dayNumber + $0) }
    }
}
