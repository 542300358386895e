import Foundation

/// What a PIN may be: 4 to 64 characters (digits only is allowed), no control characters.
/// Messages never repeat the PIN typed.
public enum PinRules {
    public static let lengths = 4...64

    public static func issues(_ pin: String, field: String = "pin") -> [ValidationIssue] {
        if pin.isEmpty { return [ValidationIssue(field: field, message: "the PIN is empty; it must be 4 to 64 characters")] }
        if pin.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return [ValidationIssue(field: field, message: "the PIN holds a control character; use letters, digits and symbols")]
        }
        if !lengths.contains(pin.count) {
            return [ValidationIssue(field: field, message: "the PIN has \(pin.count) characters; it must be 4 to 64")]
        }
        return []
    }
}
