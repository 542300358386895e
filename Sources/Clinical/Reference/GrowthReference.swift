import Foundation

/// The growth standards together, read through `GrowthChartChoice`: the same rule for the
/// growth tool, the Tools growth chart and the Trends charts and insights.
public struct GrowthReference: Sendable {
    public let who: WHOGrowthStandard
    public let preterm: IntergrowthPretermStandard

    public static let shared: Result<GrowthReference, ReferenceDataError> = {
        switch (WHOGrowthStandard.shared, IntergrowthPretermStandard.shared) {
        case (.success(let who), .success(let preterm)): return .success(GrowthReference(who: who, preterm: preterm))
        case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
        }
    }()

    public init(who: WHOGrowthStandard, preterm: IntergrowthPretermStandard) {
        self.who = who
        self.preterm = preterm
    }

    /// The chart for a chronological age and gestation at birth (days), or nil where no
    /// shipped standard covers it (before 27 weeks' postmenstrual age, WHO beyond day 730).
    public func choice(ageDays: Int, gestationDays: Int?) -> GrowthChartChoice? {
        guard ageDays >= 0, case .success(let choice) = GrowthChartChoice.choose(ageDays: ageDays, gestationDays: gestationDays)
        else { return nil }
        if choice.chart == .who, !WHOGrowthStandard.days.contains(choice.ageDays) { return nil }
        return choice
    }

    public func zScore(_ indicator: GrowthIndicator, _ sex: ReferenceSex, _ choice: GrowthChartChoice, value: Double) -> Double {
        switch choice.chart {
        case .who: return who.zScore(indicator, sex, day: choice.ageDays, value: value)
        case .intergrowthPreterm: return preterm.zScore(indicator, sex, postmenstrualDays: choice.ageDays, value: value)
        }
    }

    /// The measurement at a percentile (0 < p < 100) on the chosen chart.
    public func value(_ indicator: GrowthIndicator, _ sex: ReferenceSex, _ choice: GrowthChartChoice, percentile: Double) -> Double {
        switch choice.chart {
        case .who: return who.value(indicator, sex, day: choice.ageDays, percentile: percentile)
        case .intergrowthPreterm:
            return preterm.value(indicator, sex, postmenstrualDays: choice.ageDays, z: NormalDistribution.quantile(percentile / 100))
        }
    }
}
