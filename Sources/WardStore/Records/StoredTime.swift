import Foundation
import GRDB

/// Times are stored in UTC as Unix milliseconds (INTEGER): integers make range queries and
/// keyset paging cheap. Dates are rounded to whole milliseconds on the way in so a record
/// returned by a write equals the one read back (and the one in the audit JSON).
public enum StoredTime {
    /// Unix milliseconds for a date, rounded to the nearest (so ms → Date → ms is stable).
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The date for Unix milliseconds.
    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The date rounded to whole milliseconds, as it will be stored.
    public static func truncated(_ date: Date) -> Date {
        self.date(milliseconds: milliseconds(date))
    }
}

/// Shared date strategies for every ward record: Unix milliseconds (INTEGER) in SQLite.
public protocol MillisecondDates: FetchableRecord, EncodableRecord {}

extension MillisecondDates {
    public static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom { value in Int64.fromDatabaseValue(value).map(StoredTime.date(milliseconds:)) }
    }
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .custom { date in StoredTime.milliseconds(date) }
    }
}

/// JSON for the audit trail: sorted keys, dates as Unix milliseconds (same rounding as the table).
enum AuditJSON {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(StoredTime.milliseconds(date))
        }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            StoredTime.date(milliseconds: try decoder.singleValueContainer().decode(Int64.self))
        }
        return try decoder.decode(type, from: Data(json.utf8))
    }
}
