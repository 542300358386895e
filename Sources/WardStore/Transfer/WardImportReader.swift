import Foundation

/// Where an import reads from: a file (read in chunks: a million records never sit in memory
/// at once) or bytes already in memory (tests, small files).
public enum WardImportSource: Sendable {
    case file(String)
    case data(Data)
}

/// Reads an export one record at a time: the top-level object's header values whole, and each
/// kind's list element by element, handing every record to the importer as it is parsed. A
/// malformed file is refused saying what was expected at which line and column.
final class WardImportReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private var finished = false
    private var line = 1
    private var column = 1
    private static let chunk = 1 << 20

    init(_ source: WardImportSource) throws {
        switch source {
        case .data(let data):
            fd = -1
            buffer = Array(data)
            finished = true
        case .file(let path):
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw WardStoreError("cannot read \(path): \(String(cString: strerror(errno)).lowercased())") }
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Walks the whole file: `header` gets each top-level key whose value is not a kind's list,
    /// `begin` each kind's name as its list starts (and returns false for an unknown name),
    /// `record` each element of the list, `end` the list's close.
    func read(header: (String, WardImportValue) throws -> Void, begin: (String) throws -> Void,
              record: (WardImportValue) throws -> Void, end: (String) throws -> Void) throws {
        try skipSpace()
        try expect(UInt8(ascii: "{"), "the file to start with “{” (a Cotside export is one JSON object)")
        try skipSpace()
        if try peek() == UInt8(ascii: "}") { _ = try next(); return try expectEnd() }
        while true {
            try skipSpace()
            guard try peek() == UInt8(ascii: "\"") else { throw failure("a key in quotes") }
            let key = try string()
            try skipSpace()
            try expect(UInt8(ascii: ":"), "“:” after the key \"\(key)\"")
            try skipSpace()
            if WardExportKind.named(key) != nil, try peek() == UInt8(ascii: "[") {
                _ = try next()
                try begin(key)
                try skipSpace()
                if try peek() == UInt8(ascii: "]") {
                    _ = try next()
                } else {
                    while true {
                        try record(try value())
                        try skipSpace()
                        let byte = try next()
                        if byte == UInt8(ascii: "]") { break }
                        guard byte == UInt8(ascii: ",") else { throw failure("“,” or “]” in the list \"\(key)\"", back: 1) }
                        try skipSpace()
                    }
                }
                try end(key)
            } else {
                try header(key, try value())
            }
            try skipSpace()
            let byte = try next()
            if byte == UInt8(ascii: "}") { break }
            guard byte == UInt8(ascii: ",") else { throw failure("“,” or “}” after the value of \"\(key)\"", back: 1) }
        }
        try expectEnd()
    }

    // MARK: - Values

    private func value() throws -> WardImportValue {
        switch try peek() {
        case UInt8(ascii: "{"):
            _ = try next()
            var object: [String: WardImportValue] = [:]
            try skipSpace()
            if try peek() == UInt8(ascii: "}") { _ = try next(); return .object(object) }
            while true {
                try skipSpace()
                guard try peek() == UInt8(ascii: "\"") else { throw failure("a key in quotes") }
                let key = try string()
                try skipSpace()
                try expect(UInt8(ascii: ":"), "“:” after the key \"\(key)\"")
                try skipSpace()
                object[key] = try value()
                try skipSpace()
                let byte = try next()
                if byte == UInt8(ascii: "}") { return .object(object) }
                guard byte == UInt8(ascii: ",") else { throw failure("“,” or “}” in a record", back: 1) }
            }
        case UInt8(ascii: "["):
            _ = try next()
            var list: [WardImportValue] = []
            try skipSpace()
            if try peek() == UInt8(ascii: "]") { _ = try next(); return .array(list) }
            while true {
                try skipSpace()
                list.append(try value())
                try skipSpace()
                let byte = try next()
                if byte == UInt8(ascii: "]") { return .array(list) }
                guard byte == UInt8(ascii: ",") else { throw failure("“,” or “]” in a list", back: 1) }
            }
        case UInt8(ascii: "\""): return .text(try string())
        case UInt8(ascii: "t"): try word("true"); return .boolean(true)
        case UInt8(ascii: "f"): try word("false"); return .boolean(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case let byte? where byte == UInt8(ascii: "-") || (48...57).contains(byte): return try number()
        case nil: throw failure("a value, but the file ends (cut short?)")
        default: throw failure("a value (a text in quotes, a number, true, false, null, a list or an object)")
        }
    }

    private func word(_ text: String) throws {
        for expected in text.utf8 where try next() != expected {
            throw failure("\(text)", back: 1)
        }
    }

    private func number() throws -> WardImportValue {
        var text = ""
        var isInteger = true
        while let byte = try peek(), byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") || (48...57).contains(byte) {
            if !(48...57).contains(byte) && byte != UInt8(ascii: "-") { isInteger = false }
            text.unicodeScalars.append(Unicode.Scalar(try next()!))
        }
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw failure("a number, not \(text)", back: text.count) }
        return .number(double)
    }

    private func string() throws -> String {
        _ = try next()  // the opening quote
        var bytes: [UInt8] = []
        while true {
            guard let byte = try next() else { throw failure("the closing quote of a text, but the file ends") }
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: bytes, as: UTF8.self) else { throw failure("UTF-8 text") }
                return text
            case UInt8(ascii: "\\"):
                guard let escaped = try next() else { throw failure("an escape, but the file ends") }
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escaped)
                case UInt8(ascii: "b"): bytes.append(8)
                case UInt8(ascii: "f"): bytes.append(12)
                case UInt8(ascii: "n"): bytes.append(10)
                case UInt8(ascii: "r"): bytes.append(13)
                case UInt8(ascii: "t"): bytes.append(9)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard try next() == UInt8(ascii: "\\"), try next() == UInt8(ascii: "u") else {
                            throw failure("the second half of a \\u surrogate pair")
                        }
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw failure("the second half of a \\u surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw failure("a character, not \\u\(String(scalar, radix: 16))") }
                    bytes.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: throw failure("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", back: 1)
                }
            case 0..<0x20: throw failure("no control character inside a text (write it as \\n, \\t or \\uXXXX)", back: 1)
            default: bytes.append(byte)
            }
        }
    }

    private func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try next(), let digit = Int(String(Unicode.Scalar(byte)), radix: 16) else {
                throw failure("four hexadecimal digits after \\u", back: 1)
            }
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    // MARK: - Bytes

    private func expectEnd() throws {
        try skipSpace()
        if try peek() != nil { throw failure("the end of the file after the export's closing “}”") }
    }

    private func expect(_ byte: UInt8, _ what: String) throws {
        guard try next() == byte else { throw failure(what, back: 1) }
    }

    private func skipSpace() throws {
        while let byte = try peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { _ = try next() }
    }

    private func peek() throws -> UInt8? {
        if position == buffer.count, !(try refill()) { return nil }
        return buffer[position]
    }

    private func next() throws -> UInt8? {
        guard let byte = try peek() else { return nil }
        position += 1
        if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        return byte
    }

    private func refill() throws -> Bool {
        guard !finished else { return false }
        var chunk = [UInt8](repeating: 0, count: Self.chunk)
        let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, Self.chunk) }
        guard count >= 0 else { throw WardStoreError("cannot read the export: \(String(cString: strerror(errno)).lowercased())") }
        if count == 0 { finished = true; return false }
        buffer = Array(chunk[0..<count])
        position = 0
        return true
    }

    /// "the file is not valid JSON: expected … at line L, column C" (`back`: characters already read).
    private func failure(_ expected: String, back: Int = 0) -> WardStoreError {
        WardStoreError("the file is not valid JSON: expected \(expected) at line \(line), column \(max(1, column - back))")
    }
}
