import XCTest
@testable import Clinical

/// Bands from AAP Committee on Fetus and Newborn / ACOG, "The Apgar score",
/// Pediatrics 2015;136(4):819-822: 7–10 reassuring, 4–6 moderately abnormal, 0–3 low.
final class ApgarToolTests: ClinicalTestCase {
    func inputs(_ a: Int, _ p: Int, _ g: Int, _ ac: Int, _ r: Int) -> [String: RawValue] {
        ["appearance": n(Double(a)), "pulse": n(Double(p)), "grimace": n(Double(g)), "activity": n(Double(ac)), "respiration": n(Double(r))]
    }

    func testScoreIsTheSumOfTheFiveSigns() {
        // Apgar 1953: each sign 0, 1 or 2; a pink, vigorous, crying baby with blue hands scores 9.
        XCTAssertEqual(number(ApgarTool.self, inputs(1, 2, 2, 2, 2), "score"), 9)
        XCTAssertEqual(number(ApgarTool.self, inputs(0, 0, 0, 0, 0), "score"), 0)
        XCTAssertEqual(number(ApgarTool.self, inputs(2, 2, 2, 2, 2), "score"), 10)
    }

    func testCategoryBoundaries() {
        XCTAssertEqual(word(ApgarTool.self, inputs(0, 0, 0, 0, 0), "category"), "low")
        XCTAssertEqual(word(ApgarTool.self, inputs(1, 1, 1, 0, 0), "category"), "low")
        XCTAssertEqual(word(ApgarTool.self, inputs(1, 1, 1, 1, 0), "category"), "moderately_abnormal")
        XCTAssertEqual(word(ApgarTool.self, inputs(2, 2, 1, 1, 0), "category"), "moderately_abnormal")
        XCTAssertEqual(word(ApgarTool.self, inputs(2, 2, 1, 1, 1), "category"), "reassuring")
        XCTAssertEqual(word(ApgarTool.self, inputs(2, 2, 2, 2, 2), "category"), "reassuring")
    }

    func testEachSignAcceptsOnlyZeroToTwo() {
        for key in ApgarTool.criteria {
            var raw = inputs(1, 1, 1, 1, 1)
            raw[key] = n(3)
            XCTAssertEqual(errorFields(ApgarTool.self, raw), [key])
            raw[key] = n(-1)
            XCTAssertEqual(errorFields(ApgarTool.self, raw), [key])
            raw[key] = n(1.5)
            XCTAssertEqual(errorFields(ApgarTool.self, raw), [key])
        }
    }

    func testPulseCarriesTheClinicalWording() {
        guard case .choice(let options)? = ApgarTool.spec.input("pulse")?.kind else { return XCTFail("pulse is not a choice") }
        XCTAssertEqual(options.map(\.descriptor), ["Absent", "< 100 bpm", "≥ 100 bpm"])
    }
}
