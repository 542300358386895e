import Clinical
import Foundation

/// Date inputs of calculators (birth date, "as of") typed with the ward's date shortcuts:
/// `today`, `yesterday`, `T-3`, `-3d`, or `YYYY-MM-DD`. Anything else stays as typed so
/// validation names what is wrong.
enum CalendarDateText {
    static let examples = "today, yesterday, T-3, -10d, 2026-11-21"

    static func parse(_ text: String, today: CalendarDate) -> CalendarDate? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let iso = CalendarDate(iso: t) { return iso }
        switch t {
        case "today", "t": return today
        case "yesterday", "y": return CalendarDate(dayNumber: today.dayNumber - 1)
        default: break
        }
        var body = Substring(t)
        if body.hasPrefix("t") { body = body.dropFirst() }
        if body.hasSuffix("d") { body = body.dropLast() }
        guard let sign = body.first, sign == "-" || sign == "+", let n = Int(body.dropFirst()), n <= 100_000 else { return nil }
        return CalendarDate(dayNumber: today.dayNumber + (sign == "-" ? -n : n))
    }
}
