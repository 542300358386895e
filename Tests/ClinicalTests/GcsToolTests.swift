import XCTest
@testable import Clinical

/// Teasdale G, Jennett B, Lancet 1974;2:81-84 (E1–4, V1–5, M1–6, total 3–15); severity bands
/// as commonly applied: severe ≤ 8, moderate 9–12, mild 13–15. Paediatric verbal wording from
/// James & Trauner 1985 / Reilly 1988 for children under 5.
final class GcsToolTests: ClinicalTestCase {
    func raw(_ e: Int, _ v: Int, _ m: Int) -> [String: RawValue] {
        ["eye": n(Double(e)), "verbal": n(Double(v)), "motor": n(Double(m))]
    }

    func testTotalsAndBands() {
        XCTAssertEqual(number(GcsTool.self, raw(1, 1, 1), "score"), 3)
        XCTAssertEqual(number(GcsTool.self, raw(4, 5, 6), "score"), 15)
        XCTAssertEqual(word(GcsTool.self, raw(2, 2, 4), "severity"), "severe")   // 8
        XCTAssertEqual(word(GcsTool.self, raw(2, 2, 5), "severity"), "moderate") // 9
        XCTAssertEqual(word(GcsTool.self, raw(3, 4, 5), "severity"), "moderate") // 12
        XCTAssertEqual(word(GcsTool.self, raw(3, 4, 6), "severity"), "mild")     // 13
    }

    func testComponentRanges() {
        XCTAssertEqual(errorFields(GcsTool.self, raw(0, 5, 6)), ["eye"])
        XCTAssertEqual(errorFields(GcsTool.self, raw(5, 5, 6)), ["eye"])
        XCTAssertEqual(errorFields(GcsTool.self, raw(4, 6, 6)), ["verbal"])
        XCTAssertEqual(errorFields(GcsTool.self, raw(4, 5, 7)), ["motor"])
        var r = raw(4, 5, 6)
        r["age_years"] = n(18.5)
        XCTAssertEqual(errorFields(GcsTool.self, r), ["age_years"])
    }

    func testPaediatricVerbalWordingUnderFive() {
        let infant = GcsTool.verbalOptions(ageYears: 4.9)
        XCTAssertEqual(infant.map(\.value), [1, 2, 3, 4, 5])
        XCTAssertTrue(infant.first { $0.value == 5 }!.descriptor.contains("coos"))
        XCTAssertTrue(infant.first { $0.value == 4 }!.descriptor.contains("consolable"))
        XCTAssertEqual(GcsTool.verbalOptions(ageYears: 5).first { $0.value == 5 }?.descriptor, "Oriented")
        XCTAssertEqual(GcsTool.verbalOptions(ageYears: nil).first { $0.value == 3 }?.descriptor, "Inappropriate words")
        XCTAssertTrue(GcsTool.spec.input("verbal")?.help?.contains("Under 5 years") ?? false)
    }
}
