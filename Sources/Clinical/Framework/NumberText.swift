import Foundation

/// Formats numbers for messages and human output without trailing zeros
/// ("0.1", "300", "2.5"); results in JSON stay unrounded doubles.
public enum NumberText {
    /// Shortest form that round-trips, without a trailing ".0".
    public static func plain(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A number as a person types it: the decimal mark may be a point or a comma ("36.8",
    /// "36,8"), with spaces around. Cotside never reads digit grouping, so a comma is always
    /// the decimal mark ("1,5" is 1.5), on the command line as in the Tools forms; a text
    /// with both marks, or two commas, is not a number.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Double(trimmed) { return number }
        guard !trimmed.contains("."), trimmed.firstIndex(of: ",") == trimmed.lastIndex(of: ",") else { return nil }
        return Double(trimmed.replacingOccurrences(of: ",", with: "."))
    }

    /// Rounded to at most `digits` decimals, trailing zeros dropped ("8.43", "24", "0.5").
    public static func rounded(_ value: Double, digits: Int) -> String {
        let factor = powerOfTen(digits)
        let scaled = (value * factor).rounded()
        // k / 10^d with |k| < 10^15 has at most 15 significant digits, so that decimal is the
        // shortest text of the nearest double: `plain` would print exactly these digits.
        // Writing them from the integer avoids the general double-to-text path (hot in batches).
        if (1...4).contains(digits), abs(scaled) < 1e15 {
            return String(unsafeUninitializedCapacity: maxDecimalBytes) {
                writeDecimal(Int64(scaled), digits: digits, into: $0)
            }
        }
        return plain(scaled / factor)
    }

    /// `text` with the decimal point of each number in it written as `mark` ("3.25 kg · 36.8 °C"
    /// → "3,25 kg · 36,8 °C"). Only a point between digits in a number with one point changes, so
    /// versions (1.2.3), dates and words stay as they are. One rule for the app's screens
    /// (`LanguageFormat`) and the calculators' text in a language (`ClinicalText`).
    public static func withDecimalMark(_ text: String, _ mark: Character) -> String {
        guard mark != ".", let markByte = mark.asciiValue, text.utf8.contains(UInt8(ascii: ".")) else { return text }
        let bytes = Array(text.utf8)
        var out = bytes
        var i = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 97 && (byte | 0x20) <= 122 }
        while i < bytes.count {
            guard isDigit(bytes[i]) else { i += 1; continue }
            // A run of digits and points that starts and ends with a digit.
            let start = i
            var points: [Int] = []
            while i < bytes.count, isDigit(bytes[i]) || (bytes[i] == UInt8(ascii: ".") && i + 1 < bytes.count && isDigit(bytes[i + 1])) {
                if bytes[i] == UInt8(ascii: ".") { points.append(i) }
                i += 1
            }
            let joinedToWord = start > 0 && (isLetter(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: "."))
            if points.count == 1, !joinedToWord { out[points[0]] = markByte }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `rounded(value, digits:)` as UTF-8, without a String in between when it can.
    static func appendRounded(_ value: Double, digits: Int, to bytes: inout [UInt8]) {
        let scaled = (value * powerOfTen(digits)).rounded()
        guard (1...4).contains(digits), abs(scaled) < 1e15 else {
            bytes.append(contentsOf: rounded(value, digits: digits).utf8)
            return
        }
        appendDecimal(Int64(scaled), digits: digits, to: &bytes)
    }

    /// Appends `units / 10^digits` (0 ≤ digits ≤ 4) as decimal text, trailing zeros dropped;
    /// with 0 digits, the integer itself.
    static func appendDecimal(_ units: Int64, digits: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxDecimalBytes) { buffer in
            let count = writeDecimal(units, digits: digits, into: buffer)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Sign, 19 digits, point, 4 decimals.
    private static let maxDecimalBytes = 32

    /// 10^digits; exact table values for the usual digit counts (the same doubles `pow` gives).
    public static func powerOfTen(_ digits: Int) -> Double {
        switch digits {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1000
        case 4: return 10000
        default: return pow(10.0, Double(digits))
        }
    }

    /// Writes `units / 10^digits` as decimal text, trailing fractional zeros dropped;
    /// returns the byte count. Public so the batch writes numbers byte-equal to `rounded`.
    public static func writeDecimal(_ units: Int64, digits: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var divisor: UInt64 = 1
        for _ in 0..<digits { divisor *= 10 }
        let magnitude = units.magnitude
        let whole = magnitude / divisor
        var fraction = magnitude % divisor
        var fractionDigits = digits
        while fractionDigits > 0, fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        var n = 0
        if units < 0 { buffer[n] = UInt8(ascii: "-"); n += 1 }
        n += writeDigits(whole, minimumCount: 1, into: buffer, at: n)
        if fractionDigits > 0 {
            buffer[n] = UInt8(ascii: ".")
            n += 1
            n += writeDigits(fraction, minimumCount: fractionDigits, into: buffer, at: n)
        }
        return n
    }

    /// Writes `value` in decimal, zero-padded to `minimumCount` digits; returns the count written.
    private static func writeDigits(_ value: UInt64, minimumCount: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var count = 0
        var v = value
        repeat { count += 1; v /= 10 } while v > 0
        count = max(count, minimumCount)
        v = value
        for k in stride(from: start + count - 1, through: start, by: -1) {
            buffer[k] = UInt8(48 + v % 10)
            v /= 10
        }
        return count
    }
}
