import XCTest
@testable import Clinical

/// Brighton PEWS, Monaghan A, "Detecting and managing deterioration in children",
/// Paediatr Nurs 2005;17(1):32-35: three components 0–3, +2 for 15-minutely nebulisers,
/// +2 for persistent post-operative vomiting; escalation at 3 and at 4 or a 3 in any component.
final class PewsToolTests: ClinicalTestCase {
    func raw(_ b: Int, _ c: Int, _ r: Int, neb: Bool = false, vomit: Bool = false) -> [String: RawValue] {
        ["behavior": n(Double(b)), "cardiovascular": n(Double(c)), "respiratory": n(Double(r)),
         "nebulizer_every_15min": .bool(neb), "persistent_vomiting": .bool(vomit)]
    }

    func testBands() {
        XCTAssertEqual(word(PewsTool.self, raw(0, 0, 0), "category"), "routine")
        XCTAssertEqual(word(PewsTool.self, raw(1, 1, 0), "category"), "routine")
        XCTAssertEqual(word(PewsTool.self, raw(1, 1, 1), "category"), "increase_observation")
        XCTAssertEqual(word(PewsTool.self, raw(2, 1, 1), "category"), "urgent_review")
        XCTAssertEqual(word(PewsTool.self, raw(3, 3, 3, neb: true, vomit: true), "category"), "urgent_review")
    }

    func testAThreeInOneComponentIsUrgentWhateverTheTotal() {
        for key in PewsTool.components {
            var r = raw(0, 0, 0)
            r[key] = n(3)
            XCTAssertEqual(number(PewsTool.self, r, "score"), 3)
            XCTAssertEqual(word(PewsTool.self, r, "category"), "urgent_review", key)
        }
    }

    func testNebuliserAndVomitingAddTwoEach() {
        XCTAssertEqual(number(PewsTool.self, raw(1, 0, 0, neb: true), "score"), 3)
        XCTAssertEqual(number(PewsTool.self, raw(1, 0, 0, neb: true, vomit: true), "score"), 5)
        XCTAssertEqual(number(PewsTool.self, raw(3, 3, 3, neb: true, vomit: true), "score"), 13)
        // Booleans default to false when absent.
        XCTAssertEqual(number(PewsTool.self, ["behavior": n(1), "cardiovascular": n(0), "respiratory": n(0)], "score"), 1)
    }

    func testComponentRange() {
        XCTAssertEqual(errorFields(PewsTool.self, raw(4, 0, 0)), ["behavior"])
        XCTAssertEqual(errorFields(PewsTool.self, raw(0, -1, 0)), ["cardiovascular"])
        XCTAssertEqual(errorFields(PewsTool.self, ["behavior": n(0), "cardiovascular": n(0), "respiratory": n(0),
                                                   "persistent_vomiting": s("yes")]), ["persistent_vomiting"])
    }
}
