import Foundation

/// A value axis: its ends and evenly spaced ticks at "nice" numbers (1, 2, 2.5 or 5 × 10ⁿ),
/// so labels read like a hand-drawn chart (0 · 25 · 50) rather than 0 · 23.7 · 47.4.
public struct AxisScale: Hashable, Sendable {
    public var lower: Double
    public var upper: Double
    public var step: Double
    public var ticks: [Double]

    public init(lower: Double, upper: Double, step: Double, ticks: [Double]) {
        self.lower = lower
        self.upper = upper
        self.step = step
        self.ticks = ticks
    }

    /// The label of one tick of this axis (same decimals and suffix for every tick).
    public func label(_ value: Double) -> String {
        NiceScale.label(value, step: step, magnitude: max(abs(lower), abs(upper)))
    }
}

/// Tick selection and tick labels for value axes.
public enum NiceScale {
    /// The mantissas of a nice step. 2.5 keeps quarter steps (0, 2.5, 5) available.
    public static let mantissas: [Double] = [1, 2, 2.5, 5, 10]

    /// The smallest nice number (mantissa × 10ⁿ) at least `raw`; 1 for zero or non-finite input.
    public static func niceStep(atLeast raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let base = pow(10, floor(log10(raw)))
        for m in mantissas where m * base >= raw * (1 - 1e-12) { return m * base }
        return 10 * base
    }

    /// The next larger nice step after `step` (1 → 2 → 2.5 → 5 → 10 …).
    static func nextStep(after step: Double) -> Double {
        niceStep(atLeast: step * (1 + 1e-9))
    }

    /// A scale covering `low…high` with at most `maxTicks` ticks (at least 2), ends on ticks.
    /// Equal ends are widened around the value so a flat series still has an axis;
    /// non-finite ends fall back to 0…1.
    public static func scale(low: Double, high: Double, maxTicks: Int) -> AxisScale {
        var lo = min(low, high), hi = max(low, high)
        if !lo.isFinite || !hi.isFinite { lo = 0; hi = 1 }
        if hi - lo <= abs(hi) * 1e-12 {
            let pad = lo == 0 ? 1 : abs(lo) * 0.1
            lo -= pad
            hi += pad
        }
        let count = max(2, maxTicks)
        var step = niceStep(atLeast: (hi - lo) / Double(count - 1))
        while true {
            let first = (lo / step).rounded(.down), last = (hi / step).rounded(.up)
            let n = Int(last - first) + 1
            if n <= count || !step.isFinite {
                let ticks = (0..<n).map { clean((first + Double($0)) * step, step: step) }
                return AxisScale(lower: ticks.first ?? lo, upper: ticks.last ?? hi, step: step, ticks: ticks)
            }
            step = nextStep(after: step)
        }
    }

    /// Rounds away floating-point dust (0.30000000000000004 → 0.3) relative to the step.
    static func clean(_ value: Double, step: Double) -> Double {
        let d = Double(decimals(for: step) + 2)
        let f = pow(10, d)
        let cleaned = (value * f).rounded() / f
        return cleaned == 0 ? 0 : cleaned  // no "-0"
    }

    /// Decimals needed to write multiples of `step` exactly (2.5 → 1, 0.25 → 2, 50 → 0).
    public static func decimals(for step: Double) -> Int {
        guard step.isFinite, step > 0 else { return 0 }
        for d in 0...12 {
            let scaled = step * pow(10, Double(d))
            if abs(scaled - scaled.rounded()) < 1e-6 * max(1, scaled) { return d }
        }
        return 12
    }

    /// Suffixes for large magnitudes: 12 500 → "12.5k", 3 000 000 → "3M".
    static let suffixes: [(Double, String)] = [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]

    /// A tick label: decimals from the step; thousands and beyond with a k/M/G/T suffix when the
    /// axis reaches 10 000, so a label never grows wider than about six columns.
    public static func label(_ value: Double, step: Double, magnitude: Double) -> String {
        guard value.isFinite else { return "?" }
        if value == 0 { return "0" }
        var divisor = 1.0, suffix = ""
        if magnitude >= 1e4 {
            for (size, name) in suffixes where magnitude >= size {
                divisor = size
                suffix = name
                break
            }
        }
        let decimals = min(6, self.decimals(for: step / divisor))
        return format(value / divisor, decimals: decimals) + suffix
    }

    /// Fixed decimals, no "-0".
    static func format(_ value: Double, decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        if Double(text) == 0, text.hasPrefix("-") { return String(text.dropFirst()) }
        return text
    }
}
