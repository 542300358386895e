import Foundation

/// Urine output from weighed nappies: (nappy weight − dry nappy weight) grams ≈ mL
/// (urine density ≈ 1 g/mL), divided by body weight in kg and by hours.
public enum UrineOutput {
    /// Urine in one weighed nappy, in mL; nil when no dry weight is set (0) or the nappy weighs
    /// no more than a dry one.
    public static func urineML(nappyWeightGrams: Int, dryNappyWeightGrams: Int) -> Int? {
        guard dryNappyWeightGrams > 0 else { return nil }
        return max(0, nappyWeightGrams - dryNappyWeightGrams)
    }

    /// mL/kg/h over a window. The window is shortened to the time since admission when the baby
    /// arrived more recently (nothing could be weighed before). Nil without a weight or time.
    public static func mlPerKgPerHour(urineML: Double, weightGrams: Int, windowHours: Double,
                                      hoursSinceAdmission: Double) -> Double? {
        let hours = min(windowHours, hoursSinceAdmission)
        guard weightGrams > 0, hours > 0 else { return nil }
        return urineML / (Double(weightGrams) / 1000) / hours
    }
}
