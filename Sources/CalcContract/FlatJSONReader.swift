import Clinical
import Foundation

/// One flat JSON object read from a batch line: its scalar members in order, the keys
/// whose values were objects or arrays (a wrong type for every input), and the raw
/// text of `id` so it can be echoed back exactly as given.
public struct FlatObject: Sendable, Equatable {
    public var members: [(key: String, value: RawValue)]
    /// Keys whose value was an object or an array, with the word for what it was.
    public var nested: [(key: String, kind: String)]
    /// The `id` member's JSON text as it appeared ("7", "\"a-1\""), if scalar.
    public var idText: [UInt8]?

    public init(members: [(key: String, value: RawValue)] = [], nested: [(key: String, kind: String)] = [], idText: [UInt8]? = nil) {
        self.members = members
        self.nested = nested
        self.idText = idText
    }

    public func value(_ key: String) -> RawValue? { members.first { $0.key == key }?.value }

    public static func == (a: FlatObject, b: FlatObject) -> Bool {
        a.idText == b.idText
            && a.members.map(\.key) == b.members.map(\.key) && a.members.map(\.value) == b.members.map(\.value)
            && a.nested.map(\.key) == b.nested.map(\.key) && a.nested.map(\.kind) == b.nested.map(\.kind)
    }
}

/// Why a line could not be read as a flat JSON object.
public struct JSONReadError: Error, Sendable, Equatable {
    public var message: String
    /// True when the text was JSON but not an object (an array, a number...).
    public var isJSONButNotObject: Bool

    init(_ message: String, notObject: Bool = false) {
        self.message = message
        isJSONButNotObject = notObject
    }
}

/// A hand-written reader for one batch line: a flat JSON object of strings, numbers,
/// booleans and nulls. It works on UTF-8 bytes without recursion (deep nesting cannot
/// overflow the stack) and is many times faster than JSONSerialization for this shape.
public enum FlatJSONReader {
    public static func read(_ text: String) -> Result<FlatObject, JSONReadError> {
        var copy = text
        return copy.withUTF8 { read(UnsafeRawBufferPointer($0)) }
    }

    public static func read(_ bytes: [UInt8]) -> Result<FlatObject, JSONReadError> {
        bytes.withUnsafeBytes { read($0) }
    }

    public static func read(_ bytes: UnsafeRawBufferPointer) -> Result<FlatObject, JSONReadError> {
        var parser = Parser(bytes: bytes)
        do { return .success(try parser.object()) } catch { return .failure(error) }
    }
}

private struct Parser {
    let bytes: UnsafeRawBufferPointer
    var i = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool { i >= bytes.count }
    var current: UInt8 { bytes[i] }

    mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    func describeHere() -> String {
        guard !atEnd else { return "the line ends early" }
        let b = current
        if b >= 0x21 && b < 0x7F { return "unexpected ‘\(Character(UnicodeScalar(b)))’ at byte \(i + 1)" }
        return "unexpected byte 0x\(String(b, radix: 16, uppercase: true)) at byte \(i + 1)"
    }

    /// `what` is only built when the byte is missing: string work per key would cost more
    /// than the whole parse.
    mutating func expect(_ byte: UInt8, _ what: @autoclosure () -> String) throws(JSONReadError) {
        skipSpace()
        guard !atEnd, current == byte else { throw JSONReadError("not valid JSON: expected \(what()), \(describeHere())") }
        i += 1
    }

    mutating func object() throws(JSONReadError) -> FlatObject {
        skipSpace()
        guard !atEnd else { throw JSONReadError("not valid JSON: the line is empty") }
        guard current == UInt8(ascii: "{") else {
            // Tell "valid JSON of the wrong shape" apart from garbage.
            let start = i
            if (try? skipValue()) != nil {
                skipSpace()
                if atEnd { throw JSONReadError("each line must be a JSON object with a \"tool\" key", notObject: true) }
            }
            i = start
            throw JSONReadError("not valid JSON: \(describeHere()); each line must be a JSON object")
        }
        i += 1
        var result = FlatObject()
        result.members.reserveCapacity(8)
        skipSpace()
        if !atEnd, current == UInt8(ascii: "}") {
            i += 1
        } else {
            while true {
                skipSpace()
                guard !atEnd, current == UInt8(ascii: "\"") else { throw JSONReadError("not valid JSON: expected a key in quotes, \(describeHere())") }
                let key = try string()
                try expect(UInt8(ascii: ":"), "‘:’ after key \"\(key)\"")
                skipSpace()
                guard !atEnd else { throw JSONReadError("not valid JSON: the value of \"\(key)\" is missing") }
                let start = i
                switch current {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    let kind = current == UInt8(ascii: "{") ? "an object" : "an array"
                    try skipValue()
                    result.nested.append((key, kind))
                default:
                    let value = try scalar(key: key)
                    if key == "id" { result.idText = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<i])) }
                    result.members.append((key, value))
                }
                skipSpace()
                guard !atEnd else { throw JSONReadError("not valid JSON: the object is not closed (missing ‘}’)") }
                if current == UInt8(ascii: ",") { i += 1; continue }
                if current == UInt8(ascii: "}") { i += 1; break }
                throw JSONReadError("not valid JSON: expected ‘,’ or ‘}’, \(describeHere())")
            }
        }
        skipSpace()
        guard atEnd else { throw JSONReadError("not valid JSON: text after the closing ‘}’ (\(describeHere()))") }
        return result
    }

    mutating func scalar(key: String) throws(JSONReadError) -> RawValue {
        switch current {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw JSONReadError("not valid JSON: the value of \"\(key)\" is not a string, number, true, false or null (\(describeHere()))")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONReadError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - i >= count else { throw JSONReadError("not valid JSON: \(describeHere())") }
        for k in 0..<count where bytes[i + k] != word.utf8Start[k] {
            throw JSONReadError("not valid JSON: \(describeHere())")
        }
        i += count
    }

    /// Strict JSON number grammar; exact fast path for short decimals, strtod otherwise.
    mutating func number() throws(JSONReadError) -> Double {
        let start = i
        var negative = false
        if current == UInt8(ascii: "-") { negative = true; i += 1 }
        guard !atEnd, isDigit(current) else { throw JSONReadError("not valid JSON: a number needs digits (\(describeHere()))") }
        var mantissa: UInt64 = 0
        var digits = 0
        if current == UInt8(ascii: "0") {
            i += 1
            if !atEnd, isDigit(current) { throw JSONReadError("not valid JSON: numbers must not have leading zeros (byte \(i))") }
        } else {
            while !atEnd, isDigit(current) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(current - 48) }
                digits += 1
                i += 1
            }
        }
        var fractionDigits = 0
        if !atEnd, current == UInt8(ascii: ".") {
            i += 1
            guard !atEnd, isDigit(current) else { throw JSONReadError("not valid JSON: digits must follow ‘.’ (\(describeHere()))") }
            while !atEnd, isDigit(current) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(current - 48) }
                if mantissa != 0 || digits > 0 { digits += 1 }
                fractionDigits += 1
                i += 1
            }
        }
        var hasExponent = false
        if !atEnd, current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            hasExponent = true
            i += 1
            if !atEnd, current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
            guard !atEnd, isDigit(current) else { throw JSONReadError("not valid JSON: digits must follow the exponent (\(describeHere()))") }
            while !atEnd, isDigit(current) { i += 1 }
        }
        // Clinger's fast path: mantissa and power of ten both exact in a Double.
        if !hasExponent, digits <= 15, fractionDigits <= 22 {
            let value = Double(mantissa) / Parser.powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        return slowNumber(start..<i)
    }

    static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }

    func slowNumber(_ range: Range<Int>) -> Double {
        var text = [CChar](repeating: 0, count: range.count + 1)
        for (k, b) in bytes[range].enumerated() { text[k] = CChar(bitPattern: b) }
        return strtod(text, nil)
    }

    func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    /// A string starting at the opening quote; escapes decoded, UTF-8 validated.
    mutating func string() throws(JSONReadError) -> String {
        i += 1
        let start = i
        var hasEscape = false
        var isASCII = true
        while true {
            guard !atEnd else { throw JSONReadError("not valid JSON: a string is not closed (missing ‘\"’)") }
            let b = current
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { throw JSONReadError("not valid JSON: control character 0x\(String(b, radix: 16, uppercase: true)) inside a string at byte \(i + 1); escape it") }
            if b >= 0x80 { isASCII = false }
            if b == UInt8(ascii: "\\") { hasEscape = true; i += 2; continue }
            i += 1
        }
        let end = i
        i += 1
        let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        // Plain ASCII needs no validation: the common case of keys and tool names.
        if !hasEscape && isASCII { return String(decoding: raw, as: UTF8.self) }
        if !hasEscape {
            guard let s = String(validating: raw, as: UTF8.self) else {
                throw JSONReadError("not valid JSON: a string is not valid UTF-8 (near byte \(start + 1))")
            }
            return s
        }
        return try unescape(raw, offset: start)
    }

    func unescape(_ raw: UnsafeRawBufferPointer, offset: Int) throws(JSONReadError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var k = 0
        func hex4(_ at: Int) throws(JSONReadError) -> UInt32 {
            guard at + 4 <= raw.count else { throw JSONReadError("not valid JSON: \\u needs four hex digits (byte \(offset + at))") }
            var v: UInt32 = 0
            for j in at..<(at + 4) {
                let c = raw[j]
                let d: UInt8
                switch c {
                case 48...57: d = c - 48
                case 65...70: d = c - 55
                case 97...102: d = c - 87
                default: throw JSONReadError("not valid JSON: \\u needs four hex digits (byte \(offset + j + 1))")
                }
                v = v << 4 | UInt32(d)
            }
            return v
        }
        while k < raw.count {
            let b = raw[k]
            guard b == UInt8(ascii: "\\") else { out.append(b); k += 1; continue }
            guard k + 1 < raw.count else { throw JSONReadError("not valid JSON: a string ends in a lone backslash") }
            let e = raw[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(k)
                k += 4
                if (0xD800...0xDBFF).contains(scalar), k + 6 <= raw.count, raw[k] == 0x5C, raw[k + 1] == UInt8(ascii: "u") {
                    let low = try hex4(k + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        k += 6
                    }
                }
                let us = UnicodeScalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(us)).utf8))
            default:
                throw JSONReadError("not valid JSON: unknown escape \\\(Character(UnicodeScalar(e))) in a string")
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else {
            throw JSONReadError("not valid JSON: a string is not valid UTF-8 (near byte \(offset + 1))")
        }
        return s
    }

    /// Skips any JSON value, nested to any depth, with a counter instead of recursion.
    mutating func skipValue() throws(JSONReadError) {
        var stack: [UInt8] = []
        repeat {
            skipSpace()
            guard !atEnd else { throw JSONReadError("not valid JSON: the line ends inside a value") }
            switch current {
            case UInt8(ascii: "{"):
                i += 1; skipSpace()
                if !atEnd, current == UInt8(ascii: "}") { i += 1 } else {
                    stack.append(UInt8(ascii: "}"))
                    skipSpace()
                    guard !atEnd, current == UInt8(ascii: "\"") else { throw JSONReadError("not valid JSON: expected a key in quotes, \(describeHere())") }
                    _ = try string()
                    try expect(UInt8(ascii: ":"), "‘:’")
                    continue
                }
            case UInt8(ascii: "["):
                i += 1; skipSpace()
                if !atEnd, current == UInt8(ascii: "]") { i += 1 } else {
                    stack.append(UInt8(ascii: "]"))
                    continue
                }
            default:
                _ = try scalar(key: "a nested member")
            }
            // After a value: close containers or move to the next member.
            while let close = stack.last {
                skipSpace()
                guard !atEnd else { throw JSONReadError("not valid JSON: the line ends inside a nested value") }
                if current == close { i += 1; stack.removeLast(); continue }
                guard current == UInt8(ascii: ",") else { throw JSONReadError("not valid JSON: \(describeHere()) inside a nested value") }
                i += 1
                if close == UInt8(ascii: "}") {
                    skipSpace()
                    guard !atEnd, current == UInt8(ascii: "\"") else { throw JSONReadError("not valid JSON: expected a key in quotes, \(describeHere())") }
                    _ = try string()
                    try expect(UInt8(ascii: ":"), "‘:’")
                }
                break
            }
        } while !stack.isEmpty
    }
}
