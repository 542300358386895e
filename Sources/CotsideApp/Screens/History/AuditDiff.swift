import Foundation
import WardStore

/// A JSON value of an audit image, kept with its type so it can be shown in words (a time,
/// yes/no) and compared exactly.
public enum AuditValue: Hashable, Sendable, Decodable {
    case text(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case list([AuditValue])
    case object([String: AuditValue])
    case null

    /// The value read as a stored instant (Unix milliseconds, or a number written as text in a
    /// note), for the screen and `cotside audit` alike.
    public var instant: Date? {
        switch self {
        case .integer(let ms): return Date(timeIntervalSince1970: Double(ms) / 1000)
        case .text(let text): return Int64(text).map { Date(timeIntervalSince1970: Double($0) / 1000) }
        default: return nil
        }
    }

    public init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null; return }
        if let value = try? single.decode(Bool.self) { self = .bool(value); return }
        if let value = try? single.decode(Int64.self) { self = .integer(value); return }
        if let value = try? single.decode(Double.self) { self = .number(value); return }
        if let value = try? single.decode(String.self) { self = .text(value); return }
        if let value = try? single.decode([AuditValue].self) { self = .list(value); return }
        self = .object(try single.decode([String: AuditValue].self))
    }

    /// The value as compact JSON-like text (lists and objects; leaves are shown by `AuditValueText`).
    public var compact: String {
        switch self {
        case .text(let s): return s
        case .integer(let n): return String(n)
        case .number(let d): return String(d)
        case .bool(let b): return String(b)
        case .null: return "null"
        case .list(let items): return "[" + items.map(\.compact).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { "\($0): \(fields[$0]!.compact)" }.joined(separator: ", ") + "}"
        }
    }
}

/// One field that differs between two versions of a record. `before` nil: the field had no
/// value (absent or null); `after` nil: it has none now.
public struct AuditFieldChange: Hashable, Sendable {
    /// The field's path in the record's JSON image: "nappyWeightGrams", "removed.feed".
    public let field: String
    public let before: AuditValue?
    public let after: AuditValue?
}

/// The field diff of an audit entry: what its before-image and after-image say differently.
/// Pure: JSON text in, changed fields out, in the images' field order (sorted keys). Nested
/// objects are compared field by field ("removed.feed"); lists as a whole. Shared by the
/// trail on screen and `cotside audit`.
public enum AuditDiff {
    /// Bookkeeping every version carries: the record's id (the trail is about one record) and
    /// its created/updated stamps (the version line already says when).
    static let bookkeeping: Set<String> = ["id", "createdAt", "updatedAt"]

    /// The fields whose values differ; with no before-image, every field the after-image gives
    /// a value (a created record); with no after-image, every field the before-image had.
    /// An image that is not a JSON object (or a redacted one) yields nothing.
    public static func changes(before: String?, after: String?) -> [AuditFieldChange] {
        guard !isRedacted(before), !isRedacted(after) else { return [] }
        let old = flatten(before.flatMap(object) ?? [:])
        let new = flatten(after.flatMap(object) ?? [:])
        let fields = Set(old.keys).union(new.keys).subtracting(bookkeeping).sorted()
        return fields.compactMap { field in
            let was = old[field].flatMap(meaningful), now = new[field].flatMap(meaningful)
            return was == now ? nil : AuditFieldChange(field: field, before: was, after: now)
        }
    }

    /// True when an image was replaced by the erasure's marker (its content is gone for good).
    public static func isRedacted(_ image: String?) -> Bool { image == AuditRedaction.marker }

    /// True when either image of the entry was redacted.
    static func isRedacted(_ entry: AuditEntry) -> Bool { isRedacted(entry.beforeJSON) || isRedacted(entry.afterJSON) }

    /// The image's top-level fields, or nil when it is not a JSON object.
    static func object(_ json: String) -> [String: AuditValue]? {
        guard case .object(let fields)? = try? JSONDecoder().decode(AuditValue.self, from: Data(json.utf8)) else { return nil }
        return fields
    }

    /// Nested objects become dotted paths, so a change deep inside shows as its own field.
    private static func flatten(_ fields: [String: AuditValue], prefix: String = "") -> [String: AuditValue] {
        var flat: [String: AuditValue] = [:]
        for (key, value) in fields {
            if case .object(let inner) = value, !inner.isEmpty {
                flat.merge(flatten(inner, prefix: prefix + key + ".")) { $1 }
            } else {
                flat[prefix + key] = value
            }
        }
        return flat
    }

    /// Null and an absent field say the same: no value.
    private static func meaningful(_ value: AuditValue) -> AuditValue? { value == .null ? nil : value }
}
