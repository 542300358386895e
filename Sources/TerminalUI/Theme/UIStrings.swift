import Foundation

/// The few words the kit itself shows. English defaults; the app fills them from its
/// localisation catalogue so a language switch reaches the widgets too.
public struct UIStrings: Hashable, Sendable {
    /// "%1$d" and "%2$d" style placeholders are avoided: `{minW}`, `{minH}`, `{w}`, `{h}` are replaced.
    public var tooSmall: String
    public var noData: String
    public var yes: String
    public var no: String
    public var ok: String
    public var helpTitle: String
    public var helpFilterPrompt: String
    public var helpNoMatch: String
    public var paletteTitle: String
    public var palettePrompt: String
    public var paletteNoMatch: String
    /// `{min}`, `{max}`, `{unit}` are replaced: shown under an out-of-range number field.
    public var numberOutOfRange: String
    /// Shown under a number field whose text is not a number.
    public var numberNotANumber: String
    /// Shown under a required field left empty.
    public var required: String
    /// `{max}` is replaced: shown when a text is longer than its field allows.
    public var textTooLong: String
    /// Shown when the list or table has no rows.
    public var empty: String
    /// Prefix of the date-time field's interpretation line ("→ Sat 21 Nov 2026 14:05").
    public var understoodPrefix: String
    /// Shown by a chart with fewer points than it needs to mean anything.
    public var notEnoughData: String
    /// Legend entry for points outside their normal range or the plotted scale.
    public var outOfRange: String
    /// `{n}` is replaced: the out-of-range list was cut short.
    public var moreOutOfRange: String
    /// A chart's cursor readout for a series with no value at that instant.
    public var noReading: String
    /// Time-axis units, shown in the axis title.
    public var axisHours: String
    public var axisDays: String
    public var axisWeeks: String
    /// January…December, short, for time-axis labels ("21 Nov").
    public var monthAbbreviations: [String]
    /// "." or ",": how axis labels write a decimal ("36,5" in German).
    public var decimalMark: String = "."
    /// Sunday…Saturday, short, for the date a date-time field understood ("Sat 21 Nov 2026").
    public var weekdayAbbreviations: [String] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    /// How a date-time field says the day it understood: `EEE` the weekday, `d` the day, `MMM`
    /// the month's name, `M` its number, `yyyy` the year ("EEE d. MMM yyyy", "yyyy年M月d日 EEE").
    public var understoodDatePattern: String = "EEE d MMM yyyy"
    /// The words of "15 min ago" / "in 10 min" / "3 d" after the understood date, `{0}` the span.
    public var relativeNow = "now", relativeAgo = "{0} ago", relativeAhead = "in {0}", relativeDays = "{0} d"
    /// Those words as `TimeShortcut.relative` takes them.
    public var relativeWords: TimeShortcut.RelativeWords {
        let (ago, ahead, days) = (relativeAgo, relativeAhead, relativeDays)
        return TimeShortcut.RelativeWords(now: relativeNow, days: { days.replacingOccurrences(of: "{0}", with: String($0)) },
                                          ago: { ago.replacingOccurrences(of: "{0}", with: $0) },
                                          ahead: { ahead.replacingOccurrences(of: "{0}", with: $0) })
    }
    /// The message under a date-time field the parser cannot read, `{input}` and `{examples}`
    /// replaced; nil keeps the parser's own (English) message, which says more precisely why.
    public var dateTimeInvalid: String?
    /// A day with its month's name on a time axis: `d` the day, `MMM` the month ("d. MMM" →
    /// "21. Nov", "MMMd日" → "11月21日").
    public var dayMonthPattern: String = "d MMM"

    public init(
        tooSmall: String = "Enlarge the window to at least {minW}×{minH} (now {w}×{h})",
        noData: String = "no data",
        yes: String = "Yes", no: String = "No", ok: String = "OK",
        helpTitle: String = "Keys", helpFilterPrompt: String = "Filter: ", helpNoMatch: String = "No key matches",
        paletteTitle: String = "Commands", palettePrompt: String = ": ", paletteNoMatch: String = "No command matches",
        numberOutOfRange: String = "must be between {min} and {max} {unit}",
        numberNotANumber: String = "is not a number",
        required: String = "is required",
        textTooLong: String = "must be at most {max} characters",
        empty: String = "Nothing here yet",
        understoodPrefix: String = "→ ",
        notEnoughData: String = "not enough data",
        outOfRange: String = "out of range",
        moreOutOfRange: String = "+{n} more",
        noReading: String = "–",
        axisHours: String = "hours", axisDays: String = "days", axisWeeks: String = "weeks",
        monthAbbreviations: [String] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    ) {
        self.tooSmall = tooSmall
        self.noData = noData
        self.yes = yes
        self.no = no
        self.ok = ok
        self.helpTitle = helpTitle
        self.helpFilterPrompt = helpFilterPrompt
        self.helpNoMatch = helpNoMatch
        self.paletteTitle = paletteTitle
        self.palettePrompt = palettePrompt
        self.paletteNoMatch = paletteNoMatch
        self.numberOutOfRange = numberOutOfRange
        self.numberNotANumber = numberNotANumber
        self.required = required
        self.textTooLong = textTooLong
        self.empty = empty
        self.understoodPrefix = understoodPrefix
        self.notEnoughData = notEnoughData
        self.outOfRange = outOfRange
        self.moreOutOfRange = moreOutOfRange
        self.noReading = noReading
        self.axisHours = axisHours
        self.axisDays = axisDays
        self.axisWeeks = axisWeeks
        self.monthAbbreviations = monthAbbreviations
    }

    public static let english = UIStrings()

    /// A number's text with the language's decimal mark ("36.5" → "36,5").
    public func number(_ text: String) -> String {
        decimalMark == "." ? text : text.replacingOccurrences(of: ".", with: decimalMark)
    }

    /// "Sat 21 Nov 2026" in the language's order, from `understoodDatePattern`.
    public func understoodDay(year: Int, month: Int, day: Int, weekday: Int) -> String {
        var out = ""
        var rest = Substring(understoodDatePattern)
        while let ch = rest.first {
            if rest.hasPrefix("yyyy") { out += String(year); rest = rest.dropFirst(4) }
            else if rest.hasPrefix("EEE") { out += weekdayAbbreviations.indices.contains(weekday - 1) ? weekdayAbbreviations[weekday - 1] : ""; rest = rest.dropFirst(3) }
            else if rest.hasPrefix("MMM") { out += monthAbbreviations.indices.contains(month - 1) ? monthAbbreviations[month - 1] : String(month); rest = rest.dropFirst(3) }
            else if ch == "M" { out += String(month); rest = rest.dropFirst() }
            else if ch == "d" { out += String(day); rest = rest.dropFirst() }
            else { out.append(ch); rest = rest.dropFirst() }
        }
        return out
    }

    /// "21 Nov" in the language's order, from `dayMonthPattern`.
    public func dayMonth(day: Int, month: Int) -> String {
        let name = (1...monthAbbreviations.count).contains(month) ? monthAbbreviations[month - 1] : String(month)
        if dayMonthPattern == "d MMM" { return "\(day) \(name)" }
        return dayMonthPattern.replacingOccurrences(of: "MMM", with: "\u{1}").replacingOccurrences(of: "d", with: String(day))
            .replacingOccurrences(of: "\u{1}", with: name)
    }

    /// Replaces `{name}` placeholders in a template.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = template
        for (key, value) in values { out = out.replacingOccurrences(of: "{\(key)}", with: value) }
        return out
    }

    /// Catalogue keys with their English text: the app's `en` catalogue should hold these.
    public static let catalogueKeys: [String: String] = {
        var keys: [String: String] = [:]
        for (key, path) in fields { keys[key] = UIStrings.english[keyPath: path] }
        return keys
    }()

    /// Builds the strings from a catalogue lookup: `lookup(key, english)` returns the
    /// translation, or the English text when the catalogue lacks the key.
    public static func localized(_ lookup: (_ key: String, _ english: String) -> String) -> UIStrings {
        var strings = UIStrings.english
        for (key, path) in fields { strings[keyPath: path] = lookup(key, UIStrings.english[keyPath: path]) }
        return strings
    }

    private static var fields: [(String, WritableKeyPath<UIStrings, String>)] { [
        ("ui.tooSmall", \.tooSmall), ("ui.noData", \.noData), ("ui.yes", \.yes), ("ui.no", \.no),
        ("ui.ok", \.ok), ("ui.dateTime.pattern", \.understoodDatePattern), ("ui.help.title", \.helpTitle), ("ui.help.filter", \.helpFilterPrompt),
        ("ui.help.noMatch", \.helpNoMatch), ("ui.palette.title", \.paletteTitle),
        ("ui.palette.prompt", \.palettePrompt), ("ui.palette.noMatch", \.paletteNoMatch),
        ("ui.number.outOfRange", \.numberOutOfRange), ("ui.number.notANumber", \.numberNotANumber),
        ("ui.field.required", \.required), ("ui.text.tooLong", \.textTooLong), ("ui.list.empty", \.empty),
        ("ui.dateTime.understood", \.understoodPrefix), ("ui.chart.notEnoughData", \.notEnoughData),
        ("ui.chart.outOfRange", \.outOfRange), ("ui.chart.moreOutOfRange", \.moreOutOfRange),
        ("ui.chart.noReading", \.noReading), ("ui.axis.hours", \.axisHours), ("ui.axis.days", \.axisDays),
        ("ui.axis.weeks", \.axisWeeks),
    ] }
}
