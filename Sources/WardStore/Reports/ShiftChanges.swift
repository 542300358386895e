import Foundation

/// The times of day the ward's shifts change ("07:30, 19:30"): the handover covers the shift
/// since the latest of them. One to six times, each HH:MM, no time twice; kept in clock order.
public struct ShiftChanges: Sendable, Hashable, Codable, CustomStringConvertible {
    public static let maximumCount = 6
    public static let standard = ShiftChanges(checked: [TimeOfDay(hour: 7, minute: 30)!, TimeOfDay(hour: 19, minute: 30)!])

    /// In clock order, never empty.
    public let times: [TimeOfDay]

    private init(checked times: [TimeOfDay]) { self.times = times }

    /// Parses "07:30, 19:30" (commas, semicolons or spaces between times); nil when `problem` is not.
    public init?(text: String) {
        guard case .success(let times) = Self.parse(text) else { return nil }
        self.times = times
    }

    /// What is wrong with `text` in words, or nil when it is a valid list.
    public static func problem(_ text: String) -> String? {
        if case .failure(let message) = parse(text) { return message.text }
        return nil
    }

    private struct Problem: Error { let text: String }

    private static func parse(_ text: String) -> Result<[TimeOfDay], Problem> {
        let words = text.split { $0 == "," || $0 == ";" || $0.isWhitespace }.map(String.init)
        guard !words.isEmpty else { return .failure(Problem(text: "has no time")) }
        var times: [TimeOfDay] = []
        for word in words {
            guard let time = TimeOfDay(word) else { return .failure(Problem(text: "‘\(word)’ is not a time of day HH:MM")) }
            guard !times.contains(time) else { return .failure(Problem(text: "has \(time) twice")) }
            times.append(time)
        }
        guard times.count <= maximumCount else { return .failure(Problem(text: "has \(times.count) times")) }
        return .success(times.sorted())
    }

    /// "07:30, 19:30": how it is stored and shown.
    public var description: String { times.map(\.description).joined(separator: ", ") }

    /// The start of the shift running at `now`: the latest change at or before `now` in ward time,
    /// looking back across midnight (today's changes, then yesterday's). Each change is placed
    /// with `WardLocalTime`, so a change in a skipped DST hour falls just after the gap and one
    /// in a repeated hour counts at its first occurrence.
    public func shiftStart(at now: Date, timeZone: TimeZone) -> Date {
        let today = CalendarDay(now, in: timeZone)
        for day in [today, today.adding(days: -1), today.adding(days: -2)] {
            let starts = times.map { WardLocalTime.instant(on: day, at: $0, in: timeZone) }.filter { $0 <= now }
            if let latest = starts.max() { return latest }
        }
        return now
    }

    /// How long after a change a handover is still about the shift that just ended: at 07:30
    /// the outgoing nurse hands over the night, not the minutes since.
    public static let handoverGrace: TimeInterval = 60 * 60

    /// Where a handover made at `now` starts: the running shift's start, or — within
    /// `handoverGrace` of a change — the start of the shift that has just ended.
    public func handoverStart(at now: Date, timeZone: TimeZone) -> Date {
        let start = shiftStart(at: now, timeZone: timeZone)
        guard now.timeIntervalSince(start) < Self.handoverGrace else { return start }
        return shiftStart(at: start.addingTimeInterval(-1), timeZone: timeZone)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = ShiftChanges(text: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a list of shift changes")
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
