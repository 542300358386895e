import XCTest
@testable import Clinical

/// Kuppermann N et al. (PECARN), Lancet 2009;374(9696):1160-1170. Under 2 years: ciTBI risk
/// 4.4 % with GCS 14, altered mental status or palpable skull fracture; 0.9 % with another
/// predictor; < 0.02 % with none. From 2 years: 4.3 %, 0.9 %, < 0.05 %.
final class PecarnToolTests: ClinicalTestCase {
    func raw(months: Double, gcs: Int = 15, _ extra: [String: RawValue] = [:]) -> [String: RawValue] {
        var r: [String: RawValue] = ["age_months": n(months), "gcs": n(Double(gcs))]
        r.merge(extra) { $1 }
        return r
    }

    func testUnderTwoBranches() {
        let none = result(PecarnTool.self, raw(months: 12))
        XCTAssertEqual(none?.word("recommendation"), "ct_not_recommended")
        XCTAssertEqual(none?.number("risk_percent"), 0.02)
        XCTAssertEqual(none?.bool("risk_is_upper_bound"), true)

        let gcs14 = result(PecarnTool.self, raw(months: 12, gcs: 14))
        XCTAssertEqual(gcs14?.word("recommendation"), "ct_recommended")
        XCTAssertEqual(gcs14?.number("risk_percent"), 4.4)
        XCTAssertEqual(gcs14?.bool("risk_is_upper_bound"), false)
        XCTAssertEqual(word(PecarnTool.self, raw(months: 12, ["palpable_skull_fracture": b(true)]), "recommendation"), "ct_recommended")
        XCTAssertEqual(word(PecarnTool.self, raw(months: 12, ["altered_mental_status": b(true)]), "recommendation"), "ct_recommended")

        for key in ["non_frontal_scalp_hematoma", "severe_mechanism", "acting_abnormally"] {
            let r = result(PecarnTool.self, raw(months: 23.9, [key: b(true)]))
            XCTAssertEqual(r?.word("recommendation"), "observation_or_ct", key)
            XCTAssertEqual(r?.number("risk_percent"), 0.9)
        }
    }

    func testLossOfConsciousnessCountsFromFiveSecondsUnderTwo() {
        XCTAssertEqual(word(PecarnTool.self, raw(months: 10, ["loss_of_consciousness_seconds": n(4.9)]), "recommendation"), "ct_not_recommended")
        XCTAssertEqual(word(PecarnTool.self, raw(months: 10, ["loss_of_consciousness_seconds": n(5)]), "recommendation"), "observation_or_ct")
        XCTAssertEqual(word(PecarnTool.self, raw(months: 24, ["loss_of_consciousness_seconds": n(1)]), "recommendation"), "observation_or_ct")
    }

    func testFromTwoBranchesAndIgnoredPredictors() {
        let none = result(PecarnTool.self, raw(months: 24))
        XCTAssertEqual(none?.number("risk_percent"), 0.05)
        XCTAssertEqual(result(PecarnTool.self, raw(months: 100, ["basilar_skull_fracture_signs": b(true)]))?.number("risk_percent"), 4.3)
        XCTAssertEqual(word(PecarnTool.self, raw(months: 100, ["vomiting": b(true)]), "recommendation"), "observation_or_ct")
        XCTAssertEqual(word(PecarnTool.self, raw(months: 100, ["severe_headache": b(true)]), "recommendation"), "observation_or_ct")
        // Predictors of the other age group are ignored.
        XCTAssertEqual(word(PecarnTool.self, raw(months: 100, ["palpable_skull_fracture": b(true), "acting_abnormally": b(true)]), "recommendation"), "ct_not_recommended")
        XCTAssertEqual(word(PecarnTool.self, raw(months: 6, ["vomiting": b(true), "basilar_skull_fracture_signs": b(true)]), "recommendation"), "ct_not_recommended")
    }

    func testRuleDoesNotApplyBelowGcs14() {
        XCTAssertEqual(errorFields(PecarnTool.self, raw(months: 30, gcs: 13)), ["gcs"])
        XCTAssertTrue(errorMessages(PecarnTool.self, raw(months: 30, gcs: 13)).first?.contains("does not apply below 14") ?? false)
        XCTAssertEqual(errorFields(PecarnTool.self, raw(months: 30, gcs: 16)), ["gcs"])
    }

    func testAgeRange() {
        assertRangeEdges(PecarnTool.self, base: raw(months: 30), key: "age_months", low: 0, high: 215)
    }
}
