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

    /// Rounded to at most `digits` decimals, trailing zeros dropped ("8.43", "24", "0.5").
    public static func rounded(_ value: Double, digits: Int) -> String {
        let factor = pow(10.0, Double(digits))
        let scaled = (value * factor).rounded()
        // k / 10^d with |k| < 10^15 has at most 15 significant digits, so that decimal is the
        // shortest text of the nearest double: `plain` would print exactly these digits.
        // Writing them from the integer avoids the general double-to-text path (hot in batches).
        if (1...4).contains(digits), abs(scaled) < 1e15 {
            return decimal(Int64(scaled), digits: digits)
        }
        return plain(scaled / factor)
    }

    /// `units / 10^digits` as decimal text, trailing fractional zeros dropped.
    static func decimal(_ units: Int64, digits: Int) -> String {
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
        return String(unsafeUninitializedCapacity: 32) { buffer in
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
