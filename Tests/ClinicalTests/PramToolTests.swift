import XCTest
@testable import Clinical

/// Ducharme FM et al., "The Pediatric Respiratory Assessment Measure", J Pediatr
/// 2008;152(4):476-480: suprasternal 0/2, scalene 0/2, wheeze 0–3, air entry 0–3,
/// SpO2 ≥ 95 % 0, 92–94 % 1, < 92 % 2; total 0–12; mild 0–3, moderate 4–7, severe 8–12.
final class PramToolTests: ClinicalTestCase {
    func raw(_ sup: Int, _ sca: Int, _ w: Int, _ a: Int, _ spo2: Double) -> [String: RawValue] {
        ["suprasternal_retractions": n(Double(sup)), "scalene_retractions": n(Double(sca)),
         "wheezing": n(Double(w)), "air_entry": n(Double(a)), "spo2_percent": n(spo2)]
    }

    func testSaturationPoints() {
        XCTAssertEqual(number(PramTool.self, raw(0, 0, 0, 0, 95), "score"), 0)
        XCTAssertEqual(number(PramTool.self, raw(0, 0, 0, 0, 94), "score"), 1)
        XCTAssertEqual(number(PramTool.self, raw(0, 0, 0, 0, 92), "score"), 1)
        XCTAssertEqual(number(PramTool.self, raw(0, 0, 0, 0, 91.9), "score"), 2)
    }

    func testBands() {
        XCTAssertEqual(word(PramTool.self, raw(0, 0, 3, 0, 99), "severity"), "mild")     // 3
        XCTAssertEqual(word(PramTool.self, raw(2, 0, 2, 0, 99), "severity"), "moderate") // 4
        XCTAssertEqual(word(PramTool.self, raw(2, 2, 3, 0, 99), "severity"), "moderate") // 7
        XCTAssertEqual(word(PramTool.self, raw(2, 2, 3, 1, 99), "severity"), "severe")   // 8
        XCTAssertEqual(number(PramTool.self, raw(2, 2, 3, 3, 80), "score"), 12)
    }

    func testRetractionsAreZeroOrTwoAndSpo2Range() {
        XCTAssertEqual(errorFields(PramTool.self, raw(1, 0, 0, 0, 98)), ["suprasternal_retractions"])
        assertRangeEdges(PramTool.self, base: raw(0, 0, 0, 0, 98), key: "spo2_percent", low: 50, high: 100)
    }
}
