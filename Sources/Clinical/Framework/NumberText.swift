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
        return plain((value * factor).rounded() / factor)
    }
}
