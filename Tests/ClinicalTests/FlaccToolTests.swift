import XCTest
@testable import Clinical

/// Merkel SI et al., "The FLACC: a behavioral scale for scoring postoperative pain in young
/// children", Pediatr Nurs 1997;23(3):293-297: five categories 0–2, total 0–10; bands
/// 0 relaxed, 1–3 mild, 4–6 moderate, 7–10 severe.
final class FlaccToolTests: ClinicalTestCase {
    func raw(_ v: [Int]) -> [String: RawValue] {
        Dictionary(uniqueKeysWithValues: zip(FlaccTool.criteria, v.map { n(Double($0)) }))
    }

    func testBandBoundaries() {
        let cases: [([Int], String)] = [
            ([0, 0, 0, 0, 0], "relaxed"), ([1, 0, 0, 0, 0], "mild"), ([1, 1, 1, 0, 0], "mild"),
            ([2, 1, 1, 0, 0], "moderate"), ([2, 2, 2, 0, 0], "moderate"), ([2, 2, 2, 1, 0], "severe"),
            ([2, 2, 2, 2, 2], "severe"),
        ]
        for (values, expected) in cases {
            XCTAssertEqual(number(FlaccTool.self, raw(values), "score"), Double(values.reduce(0, +)))
            XCTAssertEqual(word(FlaccTool.self, raw(values), "category"), expected, "\(values)")
        }
    }

    func testOutOfRange() {
        XCTAssertEqual(errorFields(FlaccTool.self, raw([3, 0, 0, 0, 0])), ["face"])
        XCTAssertEqual(errorFields(FlaccTool.self, raw([0, 0, 0, 0, -1])), ["consolability"])
        XCTAssertEqual(Set(errorFields(FlaccTool.self, [:])), Set(FlaccTool.criteria))
    }
}
