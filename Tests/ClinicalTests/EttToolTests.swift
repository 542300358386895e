import XCTest
@testable import Clinical

/// Cole 1957 (uncuffed = age/4 + 4), AHA PALS 2020 (cuffed = age/4 + 3.5), depth 3 × ID,
/// suction 2 × ID; neonates by weight (NRP 8th ed: < 1 kg 2.5, 1–2 kg 3.0, 2–3 kg 3.5,
/// > 3 kg 3.5) and Tochen 1979 "7-8-9": oral depth = weight kg + 6 cm (1 kg 7 cm, 3 kg 9 cm).
final class EttToolTests: ClinicalTestCase {
    func testByAge() {
        let four = result(EttTool.self, ["age_years": n(4)])
        XCTAssertEqual(four?.number("uncuffed_id_mm"), 5.0)
        XCTAssertEqual(four?.number("cuffed_id_mm"), 4.5)
        XCTAssertEqual(four?.number("oral_depth_cm"), 15.0)
        XCTAssertEqual(four?.number("suction_catheter_fr"), 10.0)
        let eight = result(EttTool.self, ["age_years": n(8)])
        XCTAssertEqual(eight?.number("uncuffed_id_mm"), 6.0)
        XCTAssertEqual(eight?.number("cuffed_id_mm"), 5.5)
    }

    func testTiesRoundDownToTheSmallerTube() {
        // Age 1: 4.25 → 4.0 uncuffed, 3.75 → 3.5 cuffed; age 3: 4.75 → 4.5 and 4.25 → 4.0.
        let one = result(EttTool.self, ["age_years": n(1)])
        XCTAssertEqual(one?.number("uncuffed_id_mm"), 4.0)
        XCTAssertEqual(one?.number("cuffed_id_mm"), 3.5)
        XCTAssertEqual(one?.number("oral_depth_cm"), 12.0)
        let three = result(EttTool.self, ["age_years": n(3)])
        XCTAssertEqual(three?.number("uncuffed_id_mm"), 4.5)
        XCTAssertEqual(three?.number("cuffed_id_mm"), 4.0)
        XCTAssertEqual(EttTool.roundToHalfMillimetre(4.26), 4.5)
        XCTAssertEqual(EttTool.roundToHalfMillimetre(4.24), 4.0)
    }

    func testByWeight() {
        let cases: [(Double, Double)] = [(0.3, 2.5), (0.99, 2.5), (1, 3.0), (1.99, 3.0), (2, 3.5), (2.99, 3.5), (3, 3.5), (6, 3.5)]
        for (kg, id) in cases {
            let r = result(EttTool.self, ["weight_kg": n(kg)])
            XCTAssertEqual(r?.number("id_mm"), id, "\(kg) kg")
            XCTAssertEqual(r?.number("oral_depth_cm") ?? 0, kg + 6, accuracy: 1e-12)
            XCTAssertEqual(r?.number("suction_catheter_fr"), 2 * id)
        }
        XCTAssertEqual(number(EttTool.self, ["weight_kg": n(1)], "oral_depth_cm"), 7)
        XCTAssertEqual(number(EttTool.self, ["weight_kg": n(3)], "oral_depth_cm"), 9)
    }

    func testAgeOrWeightNotBoth() {
        XCTAssertEqual(Set(errorFields(EttTool.self, ["age_years": n(4), "weight_kg": n(3)])), ["age_years", "weight_kg"])
        XCTAssertFalse(errorFields(EttTool.self, [:]).isEmpty)
    }

    func testRanges() {
        assertRangeEdges(EttTool.self, base: [:], key: "age_years", low: 1, high: 18)
        assertRangeEdges(EttTool.self, base: [:], key: "weight_kg", low: 0.3, high: 6)
    }
}
