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
    public var sentence: String? { sentenceText?.englishText }

    /// Both ages as a catalogue text; nil when not preterm.
    public var sentenceText: ClinicalText? {
        guard let ga = gestationDays, let corrected = correctedDays else { return nil }
        let correctedText: ClinicalText
        if corrected < 0 {
            correctedText = ClinicalText("calc.growth.corrected.not_yet_due", "not yet due ({0} days before 40+0 weeks)", plain: [-corrected])
        } else if corrected == 0 {
            correctedText = ClinicalText("calc.growth.corrected.term_equivalent", "0 days (term-equivalent)")
        } else {
            correctedText = ClinicalText("calc.growth.corrected.days", "{0} days ({1} weeks)",
                                         plain: [corrected, GrowthChartChoice.weeksText(corrected)])
        }
        return ClinicalText("calc.growth.ages", "Born at {0} weeks: chronological age {1} days ({2} weeks); corrected age {3}.",
                            [.plain(GrowthChartChoice.weeksText(ga)), .plain(String(ageDays)), .plain(GrowthChartChoice.weeksText(ageDays)),
                             .text(correctedText)])
    }
}
