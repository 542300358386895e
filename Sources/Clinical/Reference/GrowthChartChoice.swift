import Foundation

/// Which growth standard fits a baby, and at which age it is read. The rule (INTERGROWTH-21st's
/// handover, Villar et al. 2015): born before 37+0 weeks → INTERGROWTH-21st preterm postnatal
/// by postmenstrual age from 27+0 to 64+0 weeks, then WHO by corrected age; born at term or
/// gestation unknown → WHO by chronological age. One rule for `calc growth` and the charts.
public struct GrowthChartChoice: Sendable, Equatable {
    public enum Chart: String, Sendable {
        case who = "who_child_growth_standards"
        case intergrowthPreterm = "intergrowth_21st_preterm_postnatal"

        /// The standard's name as people say it.
        public var name: String {
            self == .who ? "WHO Child Growth Standards" : "INTERGROWTH-21st preterm postnatal standard"
        }
    }

    public enum Age: String, Sendable {
        case chronological, corrected, postmenstrual
    }

    /// No standard yet: the baby is below 27+0 weeks postmenstrual age.
    public struct TooEarly: Error, Equatable {
        public var postmenstrualDays: Int
        public var message: String { text.englishText }
        public var text: ClinicalText {
            ClinicalText("calc.growth.error.too_early",
                         "postmenstrual age {0} weeks is before 27+0 weeks, where the INTERGROWTH-21st preterm postnatal standard starts; no growth standard applies yet",
                         plain: [GrowthChartChoice.weeksText(postmenstrualDays)])
        }
    }

    public static let termDays = 37 * 7
    /// 40+0 weeks: the reference for corrected age.
    public static let dueDays = 40 * 7

    public var chart: Chart
    public var age: Age
    /// The age at which the chart is read, in days (postmenstrual for INTERGROWTH).
    public var ageDays: Int
    /// Gestation at birth in days when preterm (for the wording).
    public var gestationDays: Int?

    /// The chart for a chronological age (days since birth) and gestation at birth in days.
    public static func choose(ageDays: Int, gestationDays: Int?) -> Result<GrowthChartChoice, TooEarly> {
        guard let ga = gestationDays, ga < termDays else {
            return .success(GrowthChartChoice(chart: .who, age: .chronological, ageDays: ageDays, gestationDays: nil))
        }
        let pma = ga + ageDays
        if pma < IntergrowthPretermStandard.postmenstrualDays.lowerBound { return .failure(TooEarly(postmenstrualDays: pma)) }
        if pma <= IntergrowthPretermStandard.postmenstrualDays.upperBound {
            return .success(GrowthChartChoice(chart: .intergrowthPreterm, age: .postmenstrual, ageDays: pma, gestationDays: ga))
        }
        return .success(GrowthChartChoice(chart: .who, age: .corrected, ageDays: ageDays - (dueDays - ga), gestationDays: ga))
    }

    /// "INTERGROWTH-21st preterm postnatal standard, postmenstrual age 31+3 weeks." and the like.
    public var description: String { descriptionText.englishText }

    /// The chart and the age it is read at, as a catalogue text.
    public var descriptionText: ClinicalText {
        let name = ClinicalText.Argument.text(ResultWording.valueText(group: "chart", chart.rawValue)!)
        switch age {
        case .chronological: return ClinicalText("calc.growth.chart.chronological", "{0}, chronological age.", [name])
        case .corrected:
            return ClinicalText("calc.growth.chart.corrected", "{0}, corrected age {1} days (born at {2} weeks).",
                                [name, .plain(String(ageDays)), .plain(Self.weeksText(gestationDays ?? 0))])
        case .postmenstrual:
            return ClinicalText("calc.growth.chart.postmenstrual", "{0}, postmenstrual age {1} weeks.", [name, .plain(Self.weeksText(ageDays))])
        }
    }

    /// "31+3" for 220 days.
    public static func weeksText(_ days: Int) -> String { "\(days / 7)+\(days % 7)" }
}
