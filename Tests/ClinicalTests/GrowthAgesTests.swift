import XCTest
@testable import Clinical

/// A baby born at 30+0 weeks, 10 weeks (70 days) old: chronological age 70 days, corrected age
/// 70 − (280 − 210) = 0 days (term-equivalent), postmenstrual age 40+0 weeks — read on the
/// INTERGROWTH-21st preterm postnatal standard (Villar et al. 2015, to 64 weeks PMA); the
/// corrected-age rule is the `corrected_age` tool's (chronological − (40 weeks − gestation)).
final class GrowthAgesTests: ClinicalTestCase {
    func testThirtyWeekBabyAtTenWeeksShowsBothAgesAndTheChart() throws {
        let r = try XCTUnwrap(result(GrowthTool.self, ["sex": s("male"), "age_days": n(70), "weight_kg": n(3.3),
                                                       "gestational_age_weeks": n(30)]))
        XCTAssertEqual(r.number("chronological_age_days"), 70)
        XCTAssertEqual(r.number("corrected_age_days"), 0)
        XCTAssertEqual(r.word("chart"), "intergrowth_21st_preterm_postnatal")
        XCTAssertEqual(r.number("chart_age_days"), 280)
        XCTAssertTrue(r.interpretation.contains("INTERGROWTH-21st preterm postnatal standard, postmenstrual age 40+0 weeks"), r.interpretation)
        XCTAssertTrue(r.interpretation.contains("chronological age 70 days (10+0 weeks); corrected age 0 days (term-equivalent)"), r.interpretation)
    }

    func testBeforeTheDueDateAndAfterTheHandover() {
        XCTAssertEqual(GrowthAges(ageDays: 14, gestationDays: 30 * 7).correctedDays, -56)
        XCTAssertTrue(GrowthAges(ageDays: 14, gestationDays: 210).sentence!.contains("not yet due (56 days before 40+0 weeks)"))
        // 30 weeks at 200 days: PMA 58+4, corrected 130 days.
        XCTAssertEqual(GrowthAges(ageDays: 200, gestationDays: 210).correctedDays, 130)
    }

    func testTermBabiesShowOnlyTheirAge() throws {
        let r = try XCTUnwrap(result(GrowthTool.self, ["sex": s("female"), "age_days": n(70), "weight_kg": n(5)]))
        XCTAssertNil(r["corrected_age_days"])
        XCTAssertEqual(r.word("chart"), "who_child_growth_standards")
    }
}
