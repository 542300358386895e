import Foundation

/// Parses the date-time shortcuts staff type when charting late (VistA style):
/// `now`, `14:05`, `-15m`, `-2h`, `-1h30m`, `yesterday 22:30`, `today 08:00`, `T-1 08:00`,
/// `T 0600`, and ISO dates (`2026-11-21 14:05`, `2026-11-21T14:05:00Z`).
/// Pure: the clock and the ward's time zone are passed in.
public enum TimeShortcut {
    public struct Failure: Error, Equatable, Sendable {
        public var message: String
    }

    /// What the examples say, for help texts and error messages.
    public static let examples = "now, 14:05, -15m, -2h, yesterday 22:30, T-1 08:00, 2026-11-21 14:05"

    public static func parse(_ input: String, now: Date, timeZone: TimeZone) -> Result<Date, Failure> {
        let text = input.trimmingCharacters(in: .whitespaces).lowercased()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func fail(_ why: String) -> Result<Date, Failure> {
            .failure(Failure(message: "‘\(input)’ \(why); try \(examples)"))
        }
        if text.isEmpty { return fail("is empty") }
        if text == "now" || text == "n" { return .success(now) }

        if text.hasPrefix("-") || text.hasPrefix("+") {
            guard let seconds = parseOffset(text) else { return fail("is not a time offset like -15m or -2h") }
            return .success(now.addingTimeInterval(seconds))
        }
        if let iso = parseISO(text, calendar: calendar) { return iso.map { .success($0) } ?? fail("is not a real date") }

        // "<day> [time]" where day is today/yesterday/tomorrow/T/T-n/T+n; or a bare time.
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "@" }).map(String.init)
        var dayOffset = 0
        var timePart: String?
        if let first = parts.first, let offset = Self.dayOffset(first) {
            dayOffset = offset
            guard parts.count <= 2 else { return fail("has too many parts") }
            guard parts.count == 2 else { return fail("names a day but no time (add one, e.g. \(first) 08:00)") }
            timePart = parts[1]
        } else if parts.count == 1 {
            timePart = parts[0]
        } else {
            return fail("is not understood")
        }
        guard let time = timePart, let (hour, minute) = parseClock(time) else {
            return fail("has no valid time of day (00:00–23:59)")
        }
        let today = calendar.startOfDay(for: now)
        guard let day = calendar.date(byAdding: .day, value: dayOffset, to: today),
              let result = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day) else {
            return fail("is not a real time")
        }
        return .success(result)
    }

    /// "Sat 21 Nov 2026 13:50 (15 min ago)": shows staff what the field understood, in the
    /// words of `strings` (English by default).
    public static func describe(_ date: Date, now: Date, timeZone: TimeZone, strings: UIStrings = .english) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: date)
        let day = strings.understoodDay(year: c.year ?? 0, month: c.month ?? 1, day: c.day ?? 1, weekday: c.weekday ?? 1)
        let time = String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
        return "\(day) \(time) (\(relative(date, now: now, words: strings.relativeWords)))"
    }

    /// The words a relative time is made of, so a catalogue can give them in its language while
    /// the spans (minutes, then hours and minutes up to 48 h, then days) stay one rule.
    public struct RelativeWords: Sendable {
        public var now: String
        public var days: @Sendable (Int) -> String
        public var ago: @Sendable (String) -> String
        public var ahead: @Sendable (String) -> String

        public init(now: String, days: @escaping @Sendable (Int) -> String, ago: @escaping @Sendable (String) -> String,
                    ahead: @escaping @Sendable (String) -> String) {
            self.now = now
            self.days = days
            self.ago = ago
            self.ahead = ahead
        }

        public static let english = RelativeWords(now: "now", days: { "\($0) d" }, ago: { "\($0) ago" }, ahead: { "in \($0)" })
    }

    /// "now", "15 min ago", "2 h 5 min ago", "3 d ago", "in 10 min" (in `words`' language).
    public static func relative(_ date: Date, now: Date, words: RelativeWords = .english) -> String {
        let delta = Int((date.timeIntervalSince(now) / 60).rounded())
        if delta == 0 { return words.now }
        let minutes = abs(delta)
        let text: String
        if minutes < 60 {
            text = "\(minutes) min"
        } else if minutes < 48 * 60 {
            let h = minutes / 60, m = minutes % 60
            text = m == 0 ? "\(h) h" : "\(h) h \(m) min"
        } else {
            text = words.days(minutes / (24 * 60))
        }
        return delta < 0 ? words.ago(text) : words.ahead(text)
    }

    /// A day named relative to today, in days: `today`/`t`, `yesterday`/`y`, `tomorrow`, and
    /// `T-3`, `T+3`, `-3`, `-3d`, `T-3d` (up to 100 000 days). The one reading of day shortcuts,
    /// for a time's day (`yesterday 22:30`) and for a date field (a calculator's date of birth).
    public static func dayOffset(_ word: String) -> Int? {
        let text = word.trimmingCharacters(in: .whitespaces).lowercased()
        switch text {
        case "today", "t": return 0
        case "yesterday", "y": return -1
        case "tomorrow": return 1
        default:
            var body = Substring(text)
            if body.hasPrefix("t") { body = body.dropFirst() }
            if body.hasSuffix("d") { body = body.dropLast() }
            let digits = body.dropFirst()
            guard let sign = body.first, sign == "-" || sign == "+", !digits.isEmpty, digits.allSatisfy(\.isASCII),
                  digits.allSatisfy(\.isNumber), digits.count <= 6, let n = Int(digits), n <= 100_000 else { return nil }
            return sign == "-" ? -n : n
        }
    }

    /// "14:05", "1405", "9:30" → (hour, minute).
    private static func parseClock(_ text: String) -> (Int, Int)? {
        let digits: (String, String)
        if let colon = text.firstIndex(of: ":") {
            digits = (String(text[..<colon]), String(text[text.index(after: colon)...]))
        } else if text.count == 4, text.allSatisfy(\.isNumber) {
            digits = (String(text.prefix(2)), String(text.suffix(2)))
        } else {
            return nil
        }
        guard (1...2).contains(digits.0.count), digits.1.count == 2,
              let h = Int(digits.0), let m = Int(digits.1), (0...23).contains(h), (0...59).contains(m) else { return nil }
        return (h, m)
    }

    /// "-15m", "-2h", "-1h30m", "-1d", "+10m" → seconds.
    private static func parseOffset(_ text: String) -> TimeInterval? {
        let sign: Double = text.hasPrefix("-") ? -1 : 1
        var total = 0.0
        var number = ""
        var sawUnit = false
        for ch in text.dropFirst() {
            if ch.isNumber {
                number.append(ch)
            } else {
                guard let n = Double(number) else { return nil }
                switch ch {
                case "m": total += n * 60
                case "h": total += n * 3600
                case "d": total += n * 86_400
                default: return nil
                }
                number = ""
                sawUnit = true
            }
        }
        guard number.isEmpty, sawUnit else { return nil }
        return sign * total
    }

    /// Returns nil when the text is not ISO-shaped; `.some(nil)` when it is but names no real date.
    private static func parseISO(_ text: String, calendar: Calendar) -> Date?? {
        guard text.count >= 10 else { return nil }
        let datePart = text.prefix(10)
        let pieces = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard pieces.count == 3, pieces[0].count == 4, pieces[1].count == 2, pieces[2].count == 2,
              let y = Int(pieces[0]), let mo = Int(pieces[1]), let d = Int(pieces[2]) else { return nil }
        var rest = text.dropFirst(10)
        var zone = calendar.timeZone
        if rest.hasSuffix("z") {
            zone = TimeZone(identifier: "UTC")!
            rest = rest.dropLast()
        } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }), rest.distance(from: rest.startIndex, to: signIndex) > 0 {
            let offset = rest[rest.index(after: signIndex)...].replacingOccurrences(of: ":", with: "")
            guard offset.count == 4, let hh = Int(offset.prefix(2)), let mm = Int(offset.suffix(2)) else { return .some(nil) }
            let seconds = (hh * 3600 + mm * 60) * (rest[signIndex] == "-" ? -1 : 1)
            guard let z = TimeZone(secondsFromGMT: seconds) else { return .some(nil) }
            zone = z
            rest = rest[..<signIndex]
        }
        var hour = 0, minute = 0, second = 0
        let timeText = rest.trimmingCharacters(in: CharacterSet(charactersIn: " t"))
        if !timeText.isEmpty {
            let t = timeText.split(separator: ":")
            guard (2...3).contains(t.count), let h = Int(t[0]), let m = Int(t[1]),
                  (0...23).contains(h), (0...59).contains(m) else { return .some(nil) }
            hour = h
            minute = m
            if t.count == 3 {
                guard let s = Double(t[2]), s >= 0, s < 60 else { return .some(nil) }
                second = Int(s)
            }
        }
        var c = DateComponents()
        (c.year, c.month, c.day, c.hour, c.minute, c.second) = (y, mo, d, hour, minute, second)
        var cal = calendar
        cal.timeZone = zone
        guard let date = cal.date(from: c) else { return .some(nil) }
        let check = cal.dateComponents([.year, .month, .day], from: date)
        guard check.year == y, check.month == mo, check.day == d else { return .some(nil) }
        return .some(date)
    }
}
