import XCTest
@testable import Clinical

/// Schlapbach LJ et al., "International Consensus Criteria for Pediatric Sepsis and Septic
/// Shock", JAMA 2024;331(8):665-674, Table (Phoenix Sepsis Score): respiratory 0–3,
/// cardiovascular 0–6, coagulation 0–2, neurologic 0–2; sepsis = suspected infection and
/// score ≥ 2; septic shock = sepsis with ≥ 1 cardiovascular point.
final class PhoenixToolTests: ClinicalTestCase {
    func raw(months: Double = 72, _ extra: [String: RawValue]) -> [String: RawValue] {
        var r: [String: RawValue] = ["age_months": n(months)]
        r.merge(extra) { $1 }
        return r
    }

    func testRespiratoryPoints() {
        XCTAssertEqual(number(PhoenixTool.self, raw(["pf_ratio": n(350)]), "respiratory"), 0, "no support scores 0")
        XCTAssertEqual(number(PhoenixTool.self, raw(["pf_ratio": n(399), "on_respiratory_support": b(true)]), "respiratory"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(["pf_ratio": n(400), "on_respiratory_support": b(true)]), "respiratory"), 0)
        XCTAssertEqual(number(PhoenixTool.self, raw(["pf_ratio": n(200), "on_imv": b(true)]), "respiratory"), 2)
        XCTAssertEqual(number(PhoenixTool.self, raw(["pf_ratio": n(201), "on_imv": b(true)]), "respiratory"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(["pf_ratio": n(100), "on_imv": b(true)]), "respiratory"), 2)
        XCTAssertEqual(number(PhoenixTool.self, raw(["pf_ratio": n(99), "on_imv": b(true)]), "respiratory"), 3)
        XCTAssertEqual(number(PhoenixTool.self, raw(["sf_ratio": n(291), "on_respiratory_support": b(true)]), "respiratory"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(["sf_ratio": n(220), "on_imv": b(true)]), "respiratory"), 2)
        XCTAssertEqual(number(PhoenixTool.self, raw(["sf_ratio": n(147), "on_imv": b(true)]), "respiratory"), 3)
        // PF is used when both are given.
        XCTAssertEqual(number(PhoenixTool.self, raw(["pf_ratio": n(450), "sf_ratio": n(100), "on_imv": b(true)]), "respiratory"), 0)
    }

    func testCardiovascularPoints() {
        XCTAssertEqual(number(PhoenixTool.self, raw(["vasoactive_count": n(1)]), "cardiovascular"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(["vasoactive_count": n(3)]), "cardiovascular"), 2)
        XCTAssertEqual(number(PhoenixTool.self, raw(["lactate_mmol_l": n(4.9)]), "cardiovascular"), 0)
        XCTAssertEqual(number(PhoenixTool.self, raw(["lactate_mmol_l": n(5)]), "cardiovascular"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(["lactate_mmol_l": n(11)]), "cardiovascular"), 2)
        // MAP, 5 to < 12 years: 2 points < 36, 1 point 36–48.
        XCTAssertEqual(number(PhoenixTool.self, raw(months: 72, ["map_mmhg": n(35)]), "cardiovascular"), 2)
        XCTAssertEqual(number(PhoenixTool.self, raw(months: 72, ["map_mmhg": n(36)]), "cardiovascular"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(months: 72, ["map_mmhg": n(48)]), "cardiovascular"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(months: 72, ["map_mmhg": n(49)]), "cardiovascular"), 0)
        // < 1 month: < 17 and 17–30.
        XCTAssertEqual(number(PhoenixTool.self, raw(months: 0.5, ["map_mmhg": n(16)]), "cardiovascular"), 2)
        XCTAssertEqual(number(PhoenixTool.self, raw(months: 0.5, ["map_mmhg": n(30)]), "cardiovascular"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(months: 0.5, ["map_mmhg": n(31)]), "cardiovascular"), 0)
        // 12–17 years: < 38 and 38–51.
        XCTAssertEqual(number(PhoenixTool.self, raw(months: 200, ["map_mmhg": n(51)]), "cardiovascular"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(months: 200, ["map_mmhg": n(37)]), "cardiovascular"), 2)
        XCTAssertEqual(number(PhoenixTool.self, raw(["vasoactive_count": n(2), "lactate_mmol_l": n(12), "map_mmhg": n(20)]), "cardiovascular"), 6)
    }

    func testCoagulationAndNeurologic() {
        XCTAssertEqual(number(PhoenixTool.self, raw(["platelets_k_ul": n(99)]), "coagulation"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(["platelets_k_ul": n(100), "inr": n(1.3)]), "coagulation"), 0)
        XCTAssertEqual(number(PhoenixTool.self, raw(["platelets_k_ul": n(50), "inr": n(1.4), "d_dimer_mg_l_feu": n(3), "fibrinogen_mg_dl": n(90)]), "coagulation"), 2)
        XCTAssertEqual(number(PhoenixTool.self, raw(["gcs": n(10)]), "neurologic"), 1)
        XCTAssertEqual(number(PhoenixTool.self, raw(["gcs": n(11)]), "neurologic"), 0)
        XCTAssertEqual(number(PhoenixTool.self, raw(["gcs": n(15), "pupils_fixed_bilateral": b(true)]), "neurologic"), 2)
    }

    func testSepsisAndShock() {
        let twoRespiratory: [String: RawValue] = ["pf_ratio": n(150), "on_imv": b(true)]
        var r = result(PhoenixTool.self, raw(twoRespiratory))
        XCTAssertEqual(r?.bool("sepsis"), false, "no suspected infection")
        r = result(PhoenixTool.self, raw(twoRespiratory.merging(["suspected_infection": b(true)]) { $1 }))
        XCTAssertEqual(r?.number("score"), 2)
        XCTAssertEqual(r?.bool("sepsis"), true)
        XCTAssertEqual(r?.bool("septic_shock"), false)
        r = result(PhoenixTool.self, raw(["suspected_infection": b(true), "vasoactive_count": n(1), "platelets_k_ul": n(80)]))
        XCTAssertEqual(r?.bool("sepsis"), true)
        XCTAssertEqual(r?.bool("septic_shock"), true)
        r = result(PhoenixTool.self, raw(["suspected_infection": b(true), "vasoactive_count": n(1)]))
        XCTAssertEqual(r?.bool("sepsis"), false, "score 1")
    }

    func testRanges() {
        assertRangeEdges(PhoenixTool.self, base: raw([:]), key: "pf_ratio", low: 1, high: 700)
        assertRangeEdges(PhoenixTool.self, base: raw([:]), key: "sf_ratio", low: 1, high: 500)
        assertRangeEdges(PhoenixTool.self, base: raw([:]), key: "lactate_mmol_l", low: 0, high: 30)
        assertRangeEdges(PhoenixTool.self, base: raw([:]), key: "inr", low: 0.5, high: 20)
        assertRangeEdges(PhoenixTool.self, base: raw([:]), key: "age_months", low: 0, high: 215)
    }
}
