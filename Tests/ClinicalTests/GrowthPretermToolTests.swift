import XCTest
@testable import Clinical

/// The growth tool picks the chart that fits the baby. Rule (INTERGROWTH-21st's own handover,
/// Villar J et al., Lancet Glob Health 2015;3:e681–e691: the preterm postnatal standards run to
/// 64 weeks' postmenstrual age, where they meet the WHO Child Growth Standards): a baby born
/// before 37+0 weeks is read on the INTERGROWTH-21st preterm postnatal standard by postmenstrual
/// age from 27+0 to 64+0 weeks, then on WHO by corrected age (chronological − (40 weeks −
/// gestation)); a term baby, or one whose gestation is not given, on WHO by chronological age.
final class GrowthPretermToolTests: XCTestCase {
    typealias R = RefRaw

    func word(_ r: ToolResult, _ key: String) -> String? {
        if case .word(let w)? = r[key] { return w }
        return nil
    }

    func integer(_ r: ToolResult, _ key: String) -> Int? {
        if case .integer(let i)? = r[key] { return i }
        return nil
    }

    /// The baby: born at 31 weeks, day 3, 1.4 kg. On WHO's term chart by chronological
    /// age this was z −4.87; on the preterm standard at 31+3 weeks (published boys' median
    /// 1.39 kg at 31 weeks) it is close to the median.
    func testThirtyOneWeekBabyOnDayThreeUsesThePretermStandard() throws {
        let r = try refResult(GrowthTool.self, ["sex": R.s("male"), "age_days": R.n(3), "weight_kg": R.n(1.4),
                                                "gestational_age_weeks": R.n(31)])
        XCTAssertEqual(word(r, "chart"), "intergrowth_21st_preterm_postnatal")
        XCTAssertEqual(word(r, "chart_age"), "postmenstrual")
        XCTAssertEqual(integer(r, "chart_age_days"), 31 * 7 + 3)
        XCTAssertEqual(integer(r, "age_days"), 3, "age_days stays the chronological age given")
        let z = try XCTUnwrap(refNested(r, "weight_for_age", "z"))
        XCTAssertTrue((-0.5...0).contains(z), "z \(z)")
        XCTAssertTrue(r.interpretation.contains("INTERGROWTH-21st preterm postnatal"), r.interpretation)
        XCTAssertTrue(r.interpretation.contains("postmenstrual age 31+3 weeks"), r.interpretation)
    }

    /// Born 30+0, 70 days old = 40+0 weeks: the published girls' median at 40 weeks is
    /// 3.13 kg and the −2 SD length 45.8 cm (INTERGROWTH-21st preterm postnatal tables).
    func testPublishedValuesThroughTheTool() throws {
        let r = try refResult(GrowthTool.self, ["sex": R.s("female"), "age_days": R.n(70), "weight_kg": R.n(3.13),
                                                "length_cm": R.n(45.8), "gestational_age_weeks": R.n(30),
                                                "gestational_age_days": R.n(0)])
        XCTAssertEqual(refNested(r, "weight_for_age", "z")!, 0, accuracy: 0.02)
        XCTAssertEqual(refNested(r, "weight_for_age", "percentile")!, 50, accuracy: 1)
        XCTAssertEqual(refNested(r, "length_for_age", "z")!, -2, accuracy: 0.03)
    }

    func testHandoverToWHOByCorrectedAgeAfterSixtyFourWeeks() throws {
        let who = try WHOGrowthStandard.shared.get()
        // Born 28+0 (196 days): 64+0 weeks (448 days) is day 252, still the preterm standard.
        let last = try refResult(GrowthTool.self, ["sex": R.s("male"), "age_days": R.n(252), "weight_kg": R.n(7.5),
                                                   "gestational_age_weeks": R.n(28)])
        XCTAssertEqual(word(last, "chart"), "intergrowth_21st_preterm_postnatal")
        // Day 253: WHO at corrected age 253 − (280 − 196) = 169 days.
        let next = try refResult(GrowthTool.self, ["sex": R.s("male"), "age_days": R.n(253), "weight_kg": R.n(7.5),
                                                   "gestational_age_weeks": R.n(28)])
        XCTAssertEqual(word(next, "chart"), "who_child_growth_standards")
        XCTAssertEqual(word(next, "chart_age"), "corrected")
        XCTAssertEqual(integer(next, "chart_age_days"), 169)
        XCTAssertEqual(refNested(next, "weight_for_age", "z")!, who.zScore(.weightForAge, .male, day: 169, value: 7.5), accuracy: 1e-12)
        XCTAssertTrue(next.interpretation.contains("WHO Child Growth Standards, corrected age 169 days"), next.interpretation)
    }

    func testTermBabyAndUnknownGestationUseWHOByChronologicalAge() throws {
        let who = try WHOGrowthStandard.shared.get()
        for extra in [["gestational_age_weeks": R.n(39)], ["gestational_age_weeks": R.n(37), "gestational_age_days": R.n(0)], [:]] {
            var raw: [String: RawValue] = ["sex": R.s("female"), "age_days": R.n(3), "weight_kg": R.n(3.1)]
            raw.merge(extra) { $1 }
            let r = try refResult(GrowthTool.self, raw)
            XCTAssertEqual(word(r, "chart"), "who_child_growth_standards", "\(extra)")
            XCTAssertEqual(word(r, "chart_age"), "chronological", "\(extra)")
            XCTAssertEqual(integer(r, "chart_age_days"), 3)
            XCTAssertEqual(refNested(r, "weight_for_age", "z")!, who.zScore(.weightForAge, .female, day: 3, value: 3.1), accuracy: 1e-12)
        }
    }

    /// Below 27+0 weeks postmenstrual age no postnatal standard applies: an error, not a guess.
    func testBeforeTwentySevenWeeksNoStandardApplies() {
        let errors = refErrors(GrowthTool.self, ["sex": R.s("male"), "age_days": R.n(5), "weight_kg": R.n(0.7),
                                                 "gestational_age_weeks": R.n(24), "gestational_age_days": R.n(2)])
        XCTAssertEqual(errors.first?.field, "age_days")
        XCTAssertTrue(errors.first!.message.contains("25+0"), errors.first!.message)
        XCTAssertTrue(errors.first!.message.contains("27+0"), errors.first!.message)
    }

    func testGestationDaysNeedWeeks() {
        let errors = refErrors(GrowthTool.self, ["sex": R.s("male"), "age_days": R.n(5), "weight_kg": R.n(3),
                                                 "gestational_age_days": R.n(2)])
        XCTAssertEqual(errors.first?.field, "gestational_age_weeks")
    }
}
