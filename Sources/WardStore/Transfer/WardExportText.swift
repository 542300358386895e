import Clinical
import Foundation

/// The export's texts for stored values, written and read back exactly: instants as ISO 8601 UTC
/// with milliseconds (computed, not through a formatter: a million of them must stay cheap),
/// numbers in their shortest exact form, JSON strings and RFC 4180 CSV fields.
public enum WardExportText {
    /// `2026-11-25T08:30:00.123Z` for Unix milliseconds.
    public static func instant(milliseconds: Int64) -> String {
        var days = milliseconds / 86_400_000
        var rest = milliseconds % 86_400_000
        if rest < 0 { rest += 86_400_000; days -= 1 }
        let (year, month, day) = CalendarDate.civil(dayNumber: Int(days))
        let ms = Int(rest % 1000), seconds = Int(rest / 1000)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):"
            + "\(pad(seconds % 60, 2)).\(pad(ms, 3))Z"
    }

    /// Unix milliseconds for `YYYY-MM-DDTHH:MM:SS[.sss]Z`; nil for anything else.
    public static func milliseconds(instant text: String) -> Int64? {
        let u = Array(text.utf8)
        guard u.count == 20 || u.count == 24, u.last == UInt8(ascii: "Z"), u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"),
              u[10] == UInt8(ascii: "T"), u[13] == UInt8(ascii: ":"), u[16] == UInt8(ascii: ":") else { return nil }
        func number(_ from: Int, _ length: Int) -> Int? {
            var value = 0
            for byte in u[from..<(from + length)] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
              let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month), (1...31).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        var fraction = 0
        if u.count == 24 {
            guard u[19] == UInt8(ascii: "."), let ms = number(20, 3) else { return nil }
            fraction = ms
        }
        let days = Int64(CalendarDate.dayNumber(year: year, month: month, day: day))
        guard CalendarDate.civil(dayNumber: Int(days)) == (year, month, day) else { return nil }
        return (days * 86_400 + Int64(hour * 3600 + minute * 60 + second)) * 1000 + Int64(fraction)
    }

    /// The shortest text that reads back as the same Double (JSON has no NaN or infinity: null).
    public static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped; UTF-8 kept.
    public static func jsonString(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                out += "\\u" + pad(Int(scalar.value), 4, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// An RFC 4180 field: quoted (quotes doubled) when it holds a comma, quote, CR or LF, or
    /// starts or ends with a space.
    public static func csvField(_ text: String) -> String {
        let needsQuotes = text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func pad(_ value: Int, _ width: Int, radix: Int = 10) -> String {
        let text = String(value, radix: radix, uppercase: false)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
