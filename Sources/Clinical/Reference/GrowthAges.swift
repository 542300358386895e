/// Both ages of a baby born preterm (before 37+0 weeks), shown together on a growth result:
/// chronological (days since birth) and corrected (chronological − (40 weeks − gestation)),
/// as `corrected_age` computes it. The growth tool covers 0–24 months, the span over which
/// corrected age is used for preterm babies, so both are always shown for them.
public struct GrowthAges: Sendable, Equatable {
    public var ageDays: Int
    /// Gestation at birth in days when preterm; nil for term babies or when not given.
    public var gestationDays: Int?

    public init(ageDays: Int, gestationDays: Int?) {
        self.ageDays = ageDays
        self.gestationDays = gestationDays
    }

    /// Corrected age in days (negative before the due date); nil when not preterm.
    public var correctedDays: Int? {
        gestationDays.map { ageDays - (GrowthChartChoice.dueDays - $0) }
    }

    /// "Born at 30+0 weeks: chronological age 70 days (10+0 weeks); corrected age 0 days (term-equivalent)."
    public var sentence: String? {
        guard let ga = gestationDays, let corrected = correctedDays else { return nil }
        let correctedText: String
        if corrected < 0 {
            correctedText = "not yet due (\(-corrected) days before 40+0 weeks)"
        } else if corrected == 0 {
            correctedText = "0 days (term-equivalent)"
        } else {
            correctedText = "\(corrected) days (\(GrowthChartChoice.weeksText(corrected)) weeks)"
        }
        return "Born at \(GrowthChartChoice.weeksText(ga)) weeks: chronological age \(ageDays) days (\(GrowthChartChoice.weeksText(ageDays)) weeks); corrected age \(correctedText)."
    }
}
