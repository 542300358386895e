import Clinical
import Foundation

/// When a piece of evidence happened: a calendar day (daily totals) or an instant (a reading).
public enum EvidenceMoment: Hashable, Sendable, CustomStringConvertible {
    case day(CalendarDay)
    case instant(Date)

    public var description: String {
        switch self {
        case .day(let day): return day.description
        case .instant(let date): return ISO8601DateFormatter().string(from: date)
        }
    }
}

/// One value that made a rule fire, with when it was and what it was.
public struct InsightEvidence: Hashable, Sendable {
    public var moment: EvidenceMoment
    public var value: Double
    /// What the value is, e.g. "wet nappies", "withheld", "below 90 % of 110 mL/kg/day", as a
    /// catalogue key with arguments: the screen words it in the user's language.
    public var wording: ClinicalText
    /// The note in English (logs and tests).
    public var note: String { wording.englishText }

    public init(moment: EvidenceMoment, value: Double, note: ClinicalText) {
        self.moment = moment
        self.value = value
        self.wording = note
    }
}

/// What a rule found, in a sentence, with the evidence that triggered it. It cannot exist
/// without evidence: the initialiser fails on an empty list, so no insight is ever unexplained.
public struct Insight: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case dailyCountFell, centileCrossed, dosesNotGiven, intakeBelowMaintenance, repeatedOutOfRange, latestOutOfRange,
             noWetNappy
    }

    /// How urgent: `info` is worth knowing; `warning` and `urgent` are alerts (the Dashboard
    /// counts them and shows the most urgent on the cot's row); `urgent` needs someone now.
    public enum Severity: String, Hashable, Sendable, Comparable {
        case info, warning, urgent

        private var rank: Int {
            switch self {
            case .info: return 0
            case .warning: return 1
            case .urgent: return 2
            }
        }

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
        public var isAlert: Bool { self >= .warning }
    }

    public let kind: Kind
    public let severity: Severity
    /// What it is about: "wet nappies", "weight", "Paracetamol", "heart rate".
    public let subject: String
    /// "wet nappies fell from 7 to 3 a day over 3 days", as a catalogue key with arguments (the
    /// store knows no language; the screens and reports word it).
    public let wording: ClinicalText
    /// The summary in English (logs and tests).
    public var summary: String { wording.englishText }
    /// Never empty.
    public let evidence: [InsightEvidence]

    public init?(kind: Kind, severity: Severity, subject: String, summary: ClinicalText, evidence: [InsightEvidence]) {
        guard !evidence.isEmpty else { return nil }
        self.kind = kind
        self.severity = severity
        self.subject = subject
        self.wording = summary
        self.evidence = evidence
    }
}

/// A daily total (nappies, intake) on one calendar day.
public struct DailyValue: Hashable, Sendable {
    public var day: CalendarDay
    public var value: Double
    public init(day: CalendarDay, value: Double) {
        self.day = day
        self.value = value
    }
}

/// Number text for insight sentences: whole numbers plain, others with one decimal.
enum InsightNumber {
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(format: "%.1f", value)
    }

    /// "above 180", "below 100": which side of its range a reading fell.
    static func side(above: Bool, limit: String) -> ClinicalText {
        above ? ClinicalText("insight.note.above", "above {0}", plain: [limit])
            : ClinicalText("insight.note.below", "below {0}", plain: [limit])
    }

    /// A number as a sentence argument.
    static func arg(_ value: Double) -> ClinicalText.Argument { .plain(text(value)) }

    /// "1st", "2nd", "3rd", "15th", "97th" for centile lines (each language its own ordinal).
    static func ordinal(_ value: Double) -> ClinicalText {
        let n = Int(value.rounded())
        guard Double(n) == value else { return ClinicalText("insight.ordinal.n", "{0}th", plain: [text(value)]) }
        switch (n % 10, n % 100) {
        case (1, let h) where h != 11: return ClinicalText("insight.ordinal.1", "{0}st", plain: [n])
        case (2, let h) where h != 12: return ClinicalText("insight.ordinal.2", "{0}nd", plain: [n])
        case (3, let h) where h != 13: return ClinicalText("insight.ordinal.3", "{0}rd", plain: [n])
        default: return ClinicalText("insight.ordinal.n", "{0}th", plain: [n])
        }
    }

    /// "192, 60 and 195", "3rd, 15th and 50th": a list in the language's words.
    static func list(_ items: [ClinicalText.Argument]) -> ClinicalText.Argument {
        guard var joined = items.first else { return .plain("") }
        for (index, item) in items.enumerated().dropFirst() {
            joined = .text(index == items.count - 1 ? ClinicalText("insight.list.and", "{0} and {1}", [joined, item])
                           : ClinicalText("insight.list.comma", "{0}, {1}", [joined, item]))
        }
        return joined
    }
}
