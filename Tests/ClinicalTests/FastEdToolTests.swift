import XCTest
@testable import Clinical

/// Lima FO et al., "Field Assessment Stroke Triage for Emergency Destination", Stroke
/// 2016;47(8):1997-2002: facial palsy 0–1; arm weakness, speech changes, eye deviation,
/// denial/neglect 0–2 each; total 0–9 (0 is valid).
final class FastEdToolTests: ClinicalTestCase {
    func raw(_ v: [Int]) -> [String: RawValue] {
        Dictionary(uniqueKeysWithValues: zip(FastEdTool.criteria, v.map { n(Double($0)) }))
    }

    func testTotals() {
        XCTAssertEqual(number(FastEdTool.self, raw([0, 0, 0, 0, 0]), "score"), 0)
        XCTAssertEqual(number(FastEdTool.self, raw([1, 2, 2, 2, 2]), "score"), 9)
        XCTAssertEqual(number(FastEdTool.self, raw([1, 1, 0, 2, 0]), "score"), 4)
    }

    func testCriterionRanges() {
        XCTAssertEqual(optionValues(FastEdTool.self, "facial_palsy"), [0, 1])
        for key in FastEdTool.criteria.dropFirst() { XCTAssertEqual(optionValues(FastEdTool.self, key), [0, 1, 2]) }
        XCTAssertEqual(errorFields(FastEdTool.self, raw([2, 0, 0, 0, 0])), ["facial_palsy"])
        XCTAssertEqual(errorFields(FastEdTool.self, raw([0, 3, 0, 0, 0])), ["arm_weakness"])
    }

    func testLimitationsSayResearchUseOnly() {
        XCTAssertTrue(FastEdTool.spec.limitations.contains("Research use only"))
    }
}
