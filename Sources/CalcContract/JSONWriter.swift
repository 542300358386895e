import Clinical
import Foundation

/// Appends JSON text to a byte buffer in the order it is written, so answers always
/// read `{"id":…,"ok":…,"tool":…,"result":{…},"warnings":[…]}` with keys in contract order.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func raw(_ b: [UInt8]) { bytes.append(contentsOf: b) }

    public mutating func byte(_ b: UInt8) { bytes.append(b) }

    /// Bytes copied as they are (text already in JSON form, such as an echoed `id`).
    mutating func raw(_ b: UnsafeRawBufferPointer) { bytes.append(contentsOf: b) }

    public mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    /// A JSON string with the escapes JSON requires (quotes, backslash, control characters).
    public mutating func string(_ s: String) {
        bytes.append(0x22)
        var copy = s
        copy.withUTF8 { buffer in
            if !JSONWriter.needsEscape(buffer) { bytes.append(contentsOf: buffer); return }
            for b in buffer {
                switch b {
                case 0x22: bytes.append(0x5C); bytes.append(0x22)
                case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
                case 0x0A: bytes.append(0x5C); bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(0x5C); bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(0x5C); bytes.append(UInt8(ascii: "t"))
                case 0..<0x20:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
                default: bytes.append(b)
                }
            }
        }
        bytes.append(0x22)
    }

    /// Whether any byte is a control character, a quote or a backslash. Eight bytes at a
    /// time (exact "has a byte below n" / "has a zero byte" tests): every answer's strings
    /// pass through here.
    @inline(__always)
    static func needsEscape(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let count = buffer.count
        var i = 0
        if let base = buffer.baseAddress {
            while i + 8 <= count {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let control = (v &- ones &* 0x20) & ~v & highs
                let q = v ^ (ones &* 0x22), bs = v ^ (ones &* 0x5C)
                let quote = (q &- ones) & ~q & highs
                let backslash = (bs &- ones) & ~bs & highs
                if control | quote | backslash != 0 { return true }
                i += 8
            }
        }
        while i < count {
            let b = buffer[i]
            if b < 0x20 || b == 0x22 || b == 0x5C { return true }
            i += 1
        }
        return false
    }

    /// `"key":`
    public mutating func key(_ k: String) {
        string(k)
        bytes.append(UInt8(ascii: ":"))
    }

    /// The shortest text that reads back as the same double; NaN and infinities (never
    /// produced by a tool) become null so the line stays valid JSON.
    public mutating func number(_ v: Double) {
        guard v.isFinite else { raw("null"); return }
        if v == v.rounded(), abs(v) < 1e15 {
            integer(Int(v))
            if v == 0, v.sign == .minus { return }
            raw(".0")
            return
        }
        // Double's own shortest round-trip text (as `description`), received straight into
        // the buffer: no String is allocated for the usual 17-19 character results.
        var sink = ByteSink()
        swap(&sink.bytes, &bytes)
        v.write(to: &sink)
        swap(&sink.bytes, &bytes)
    }

    public mutating func integer(_ v: Int) {
        if v >= 0 && v < 10 { bytes.append(UInt8(48 + v)); return }
        bytes.append(contentsOf: String(v).utf8)
    }

    public mutating func bool(_ v: Bool) { v ? raw("true") : raw("false") }

    public mutating func value(_ v: ResultValue) {
        switch v {
        case .number(let d): number(d)
        case .integer(let n): integer(n)
        case .bool(let b): bool(b)
        case .word(let w): string(w)
        case .object(let fields): object(fields)
        }
    }

    public mutating func object(_ fields: [ResultField]) {
        bytes.append(UInt8(ascii: "{"))
        for (n, field) in fields.enumerated() {
            if n > 0 { bytes.append(UInt8(ascii: ",")) }
            key(field.key)
            value(field.value)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func strings(_ list: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (n, s) in list.enumerated() {
            if n > 0 { bytes.append(UInt8(ascii: ",")) }
            string(s)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}

/// A text stream that appends into a byte buffer; `Double.write(to:)` hands it ASCII bytes.
private struct ByteSink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
