import Foundation

/// How large to draw an intracerebral haematoma on an axial slice of the brain, so that the
/// picture carries the estimated volume and nothing else.
///
/// Scaling rule: two solids of the same shape cut through their middles have cross-sections
/// whose areas are in the ratio of their volumes to the power 2/3. The haematoma's share of the
/// slice's area is therefore (V / V_brain)^(2/3), with V_brain = 1,200 mL, a typical adult brain
/// volume. A 10 mL bleed covers about 4 % of the slice, 30 mL about 9 %, 100 mL about 19 %.
/// Where the bleed is drawn is schematic; only its area means anything.
public enum HaematomaScale {
    /// A typical adult brain volume (mL): the reference the haematoma is scaled against.
    public static let adultBrainMl = 1200.0
    /// The largest share drawn: a haematoma stays within one hemisphere of the picture.
    public static let largestFraction = 0.45

    /// The haematoma's share (0 to `largestFraction`) of the axial slice's area for `volumeMl`.
    /// Monotone: a larger volume never gets a smaller share. Zero or less draws nothing.
    public static func areaFraction(volumeMl: Double) -> Double {
        guard volumeMl.isFinite, volumeMl > 0 else { return volumeMl == .infinity ? largestFraction : 0 }
        return min(largestFraction, pow(volumeMl / adultBrainMl, 2.0 / 3.0))
    }

    /// The number of `sliceCells` cells the haematoma fills: the share rounded, at least one
    /// cell for any bleed at all (a small bleed is still drawn).
    public static func cells(volumeMl: Double, sliceCells: Int) -> Int {
        let fraction = areaFraction(volumeMl: volumeMl)
        guard fraction > 0, sliceCells > 0 else { return 0 }
        return max(1, Int((fraction * Double(sliceCells)).rounded()))
    }
}
