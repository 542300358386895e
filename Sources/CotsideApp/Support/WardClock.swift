import Foundation

/// The one source of "now" for the app, so snapshots, tests and demos can fix it
/// (`COTSIDE_NOW=2026-11-21T14:05:00Z` or `--now`). The ward's time zone comes with it.
public struct WardClock: Sendable {
    private let fixed: Date?
    public let timeZone: TimeZone

    public init(fixed: Date? = nil, timeZone: TimeZone = .current) {
        self.fixed = fixed
        self.timeZone = timeZone
    }

    public var now: Date { fixed ?? Date() }
    public var isFixed: Bool { fixed != nil }

    /// Parses an ISO 8601 instant with a zone (`2026-11-21T14:05:00Z`, `...+01:00`).
    public static func parseInstant(_ text: String) -> Date? {
        // The usual form (`2026-11-21T14:05:00Z`, what COTSIDE_NOW holds) without an ICU formatter,
        // which costs more at start-up than the whole due-board query; other forms go to it.
        let ascii = Array(text.utf8)
        if ascii.count == 20, ascii[19] == UInt8(ascii: "Z"), ascii[10] == UInt8(ascii: "T"),
           let date = try? Date.ISO8601FormatStyle().parse(text),
           date.formatted(Date.ISO8601FormatStyle()) == text {  // canonical, so no leniency creeps in
            return date
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
