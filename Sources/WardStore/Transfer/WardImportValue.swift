import Foundation

/// A JSON value as the export file holds it, read without losing whole numbers to doubles (an
/// id or Unix time must come back exact) nor confusing `true` with 1.
enum WardImportValue: Decodable, Sendable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case text(String)
    case array([WardImportValue])
    case object([String: WardImportValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null
        } else if let value = try? container.decode(Bool.self) { self = .boolean(value)
        } else if let value = try? container.decode(Int64.self) { self = .integer(value)
        } else if let value = try? container.decode(Double.self) { self = .number(value)
        } else if let value = try? container.decode(String.self) { self = .text(value)
        } else if let value = try? container.decode([WardImportValue].self) { self = .array(value)
        } else { self = .object(try container.decode([String: WardImportValue].self)) }
    }

    /// Reads a whole export file; malformed JSON is refused saying where.
    static func parse(_ data: Data) throws -> WardImportValue {
        do {
            return try JSONDecoder().decode(WardImportValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let underlying = context.underlyingError.map { "\($0)" } ?? context.debugDescription
            throw WardStoreError("the file is not valid JSON: \(Self.where(underlying))")
        }
    }

    /// "Unexpected character 'x' around line 3, column 5." from the parser's words, or the words.
    private static func `where`(_ text: String) -> String {
        if let range = text.range(of: #"[^"]*line \d+, column \d+[^"]*"#, options: .regularExpression) {
            return String(text[range]).trimmingCharacters(in: .whitespaces)
        }
        return text
    }

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
