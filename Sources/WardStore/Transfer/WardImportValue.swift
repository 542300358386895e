import Foundation

/// A JSON value as the export file holds it (`WardImportReader`), read without losing whole
/// numbers to doubles (an id must come back exact) nor confusing `true` with 1.
enum WardImportValue: Sendable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case text(String)
    case array([WardImportValue])
    case object([String: WardImportValue])

    /// How the value is named in messages: its type, or the value when short.
    var shown: String {
        switch self {
        case .null: return "null"
        case .boolean(let value): return String(value)
        case .integer(let value): return String(value)
        case .number(let value): return "\(value)"
        case .text(let value): return value.count > 40 ? "a text of \(value.count) characters" : "\"\(value)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
