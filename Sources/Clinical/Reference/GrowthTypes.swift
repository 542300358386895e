import Foundation

/// Sex as the growth and blood-pressure tables are split.
public enum ReferenceSex: String, Sendable, CaseIterable {
    case male, female
}

/// The two WHO growth indicators Cotside ships (0–24 months).
public enum GrowthIndicator: String, Sendable, CaseIterable {
    case weightForAge = "weight_for_age"
    case lengthForAge = "length_for_age"

    /// Unit of the measurement the indicator describes.
    public var unit: String { self == .weightForAge ? "kg" : "cm" }
}

/// Box-Cox power (L), median (M) and coefficient of variation (S) for one day of age.
public struct LMS: Sendable, Equatable {
    public var l: Double
    public var m: Double
    public var s: Double

    public init(l: Double, m: Double, s: Double) {
        self.l = l
        self.m = m
        self.s = s
    }

    /// Plain LMS z-score: ((X/M)^L − 1)/(L·S), or ln(X/M)/S when L is 0.
    @inlinable
    public func zScore(_ x: Double) -> Double {
        if l == 1 { return (x / m - 1) / s }
        if abs(l) < 1e-10 { return log(x / m) / s }
        return (pow(x / m, l) - 1) / (l * s)
    }

    /// The measurement at z on the LMS curve: M·(1 + L·S·z)^(1/L), or M·e^(S·z) when L is 0.
    @inlinable
    public func value(atZ z: Double) -> Double {
        if l == 1 { return m * (1 + s * z) }
        if abs(l) < 1e-10 { return m * exp(s * z) }
        return m * pow(1 + l * s * z, 1 / l)
    }
}
