import Foundation

/// Gestational age as staff write it: "38+2" (weeks+days) or "38" (whole weeks).
/// One parser for the admission form and `cotside admit`; ranges are checked by `WardValidation`.
public enum GestationText {
    /// Weeks and days, or nil when the text is not in that form.
    public static func parse(_ text: String) -> (weeks: Int, days: Int)? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "+", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let weeks = Int(parts[0]) else { return nil }
        guard parts.count == 2 else { return (weeks, 0) }
        return Int(parts[1]).map { (weeks, $0) }
    }
}
