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
            // JSONDecoder's words do not always say where; JSONSerialization's do.
            var words = context.underlyingError.map { "\($0)" } ?? context.debugDescription
            do { _ = try JSONSerialization.jsonObject(with: data) } catch { words += " " + "\(error)" }
            throw WardStoreError("the file is not valid JSON: \(Self.where(words, in: data))")
        }
    }

    /// Where the parser stopped, as a line and column (its words give a character offset, or
    /// the end of the file), else its words.
    private static func `where`(_ text: String, in data: Data) -> String {
        if let match = text.firstMatch(of: /(.*) around character (\d+)/), let offset = Int(match.2) {
            let before = data.prefix(offset)
            let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
            let words = String(match.1).split(separator: "=").last.map(String.init) ?? "invalid value"
            return "\(words.lowercased()) at line \(line), column \(column)"
        }
        if text.contains("end of file") {
            let lines = data.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            return "the file ends at line \(lines) before the JSON does (cut short?)"
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
