/// A wall-clock time of day (hours and minutes), as written on a drug chart: "06:00".
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Parses "HH:MM", "H:MM" or "HHMM" (00:00–23:59).
    public init?(_ text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        let parts = t.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
           let h = Int(parts[0]), let m = Int(parts[1]) {
            self.init(hour: h, minute: m)
        } else if parts.count == 1, t.count == 4, t.allSatisfy(\.isASCII), let v = Int(t) {
            self.init(hour: v / 100, minute: v % 100)
        } else {
            return nil
        }
    }

    public var minutesSinceMidnight: Int { hour * 60 + minute }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutesSinceMidnight < b.minutesSinceMidnight }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = TimeOfDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a time HH:MM")
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

import GRDB

extension TimeOfDay: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { description.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> TimeOfDay? {
        String.fromDatabaseValue(dbValue).flatMap(TimeOfDay.init(_:))
    }
}
