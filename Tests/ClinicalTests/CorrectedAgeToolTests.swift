import XCTest
@testable import Clinical

/// Engle WA / AAP Committee on Fetus and Newborn, "Age terminology during the perinatal
/// period", Pediatrics 2004;114(5):1362-1364: corrected age = chronological age minus the
/// weeks born before 40 weeks; a baby born at 28 weeks who is 24 weeks old has a corrected
/// age of 12 weeks and a postmenstrual age of 52 weeks.
final class CorrectedAgeToolTests: ClinicalTestCase {
    func testAapExample() {
        // 24 weeks (168 days) after 2026-01-01 is 2026-06-18.
        let r = result(CorrectedAgeTool.self, ["birth_date": s("2026-01-01"), "gestational_age_weeks": n(28), "as_of": s("2026-06-18")])
        XCTAssertEqual(r?.number("chronological_age_days"), 168)
        XCTAssertEqual(r?.number("corrected_age_days"), 84)
        XCTAssertEqual(r?.number("postmenstrual_age_days"), 364)
    }

    func testDaysOfGestationAndNoCorrectionAtTerm() {
        let r = result(CorrectedAgeTool.self, ["birth_date": s("2024-02-28"), "gestational_age_weeks": n(33), "gestational_age_days": n(4), "as_of": s("2024-03-01")])
        XCTAssertEqual(r?.number("chronological_age_days"), 2, "leap day counted")
        XCTAssertEqual(r?.number("corrected_age_days"), 2 - (280 - 235))
        XCTAssertEqual(r?.number("postmenstrual_age_days"), 237)
        for weeks in [40.0, 42] {
            let term = result(CorrectedAgeTool.self, ["birth_date": s("2026-01-01"), "gestational_age_weeks": n(weeks), "as_of": s("2026-01-31")])
            XCTAssertEqual(term?.number("corrected_age_days"), 30, "no correction at \(weeks) weeks")
        }
        let almost = result(CorrectedAgeTool.self, ["birth_date": s("2026-01-01"), "gestational_age_weeks": n(39), "gestational_age_days": n(6), "as_of": s("2026-01-31")])
        XCTAssertEqual(almost?.number("corrected_age_days"), 29)
    }

    func testAsOfBeforeBirthIsAnError() {
        XCTAssertEqual(errorFields(CorrectedAgeTool.self, ["birth_date": s("2026-01-02"), "gestational_age_weeks": n(30), "as_of": s("2026-01-01")]), ["as_of"])
        XCTAssertNotNil(result(CorrectedAgeTool.self, ["birth_date": s("2026-01-02"), "gestational_age_weeks": n(30), "as_of": s("2026-01-02")]))
    }

    func testRangesAndDates() {
        let base: [String: RawValue] = ["birth_date": s("2026-01-01"), "as_of": s("2026-02-01")]
        assertRangeEdges(CorrectedAgeTool.self, base: base, key: "gestational_age_weeks", low: 22, high: 44, step: 1)
        var raw = base
        raw["gestational_age_weeks"] = n(30)
        raw["gestational_age_days"] = n(7)
        XCTAssertEqual(errorFields(CorrectedAgeTool.self, raw), ["gestational_age_days"])
        raw["gestational_age_days"] = nil
        raw["birth_date"] = s("2026-02-30")
        XCTAssertEqual(errorFields(CorrectedAgeTool.self, raw), ["birth_date"])
        raw["birth_date"] = n(20260101)
        XCTAssertEqual(errorFields(CorrectedAgeTool.self, raw), ["birth_date"])
    }
}
