import XCTest
@testable import Clinical

/// The growth tool against WHO's published expanded tables (WHO Child Growth Standards 2006):
/// boys weight-for-age day 0 median 3.3464 kg, −2 SD 2.459 kg; boys length-for-age day 365
/// median 75.7391 cm, +2 SD 80.491 cm.
final class GrowthToolTests: XCTestCase {
    typealias R = RefRaw

    func testMedianBoyAtBirthIsZeroAndFiftiethPercentile() throws {
        let r = try refResult(GrowthTool.self, ["sex": R.s("male"), "age_days": R.n(0), "weight_kg": R.n(3.3464)])
        XCTAssertEqual(refNested(r, "weight_for_age", "z")!, 0, accuracy: 1e-9)
        XCTAssertEqual(refNested(r, "weight_for_age", "percentile")!, 50, accuracy: 1e-7)
        XCTAssertNil(r["length_for_age"], "a measure not given has no key")
        XCTAssertEqual(r.fields.first?.key, "weight_for_age")
    }

    func testBothMeasuresInContractOrder() throws {
        let r = try refResult(GrowthTool.self, ["sex": R.s("male"), "age_days": R.n(365),
                                                "weight_kg": R.n(7.741), "length_cm": R.n(80.491)])
        XCTAssertEqual(r.fields.map(\.key).prefix(2), ["weight_for_age", "length_for_age"])
        XCTAssertEqual(refNested(r, "weight_for_age", "z")!, -2, accuracy: 0.003)
        // Φ(−2) = 2.275 %, Φ(2) = 97.725 % (standard normal table).
        XCTAssertEqual(refNested(r, "weight_for_age", "percentile")!, 2.275, accuracy: 0.02)
        XCTAssertEqual(refNested(r, "length_for_age", "z")!, 2, accuracy: 0.003)
        XCTAssertEqual(refNested(r, "length_for_age", "percentile")!, 97.725, accuracy: 0.02)
        if case .object(let inner)? = r["weight_for_age"] {
            XCTAssertEqual(inner.map(\.key), ["z", "percentile"])
        } else {
            XCTFail("weight_for_age is not an object")
        }
    }

    func testAgeInMonthsConvertsToDays() throws {
        // Girls length-for-age day 730 (24 months): median 86.4008 cm.
        let r = try refResult(GrowthTool.self, ["sex": R.s("female"), "age_months": R.n(24), "length_cm": R.n(86.4008)])
        XCTAssertEqual(refNested(r, "length_for_age", "z")!, 0, accuracy: 1e-9)
        if case .integer(let day)? = r["age_days"] { XCTAssertEqual(day, 730) } else { XCTFail("no age_days") }
        XCTAssertTrue(r.warnings.isEmpty, "a plain month age is not unusual")
        // 12 months → day 365: boys weight median 9.6460 kg.
        let year = try refResult(GrowthTool.self, ["sex": R.s("male"), "age_months": R.n(12), "weight_kg": R.n(9.646)])
        XCTAssertEqual(refNested(year, "weight_for_age", "z")!, 0, accuracy: 1e-9)
    }

    /// WHO's restricted adjustment through the tool: boys day 0, SD3 5.031 kg and SD2 4.419 kg
    /// (WHO expanded z-score table), so 5.643 kg is one SD2–SD3 gap above SD3: z +4.
    func testRestrictedAdjustmentThroughTheTool() throws {
        let r = try refResult(GrowthTool.self, ["sex": R.s("male"), "age_days": R.n(0), "weight_kg": R.n(5.643)])
        XCTAssertEqual(refNested(r, "weight_for_age", "z")!, 4, accuracy: 0.005)
        XCTAssertTrue(r.warnings.isEmpty, "z 4 is unusual but below the ±5 implausibility flag")
    }

    func testImplausibleZIsWarned() throws {
        let r = try refResult(GrowthTool.self, ["sex": R.s("female"), "age_days": R.n(100), "length_cm": R.n(90)])
        XCTAssertGreaterThan(refNested(r, "length_for_age", "z")!, 5)
        XCTAssertTrue(r.warnings.contains { $0.contains("±5 SD") })
        let normal = try refResult(GrowthTool.self, ["sex": R.s("female"), "age_days": R.n(100), "length_cm": R.n(60)])
        XCTAssertTrue(normal.warnings.isEmpty)
    }

    func testAgeRulesBetweenInputs() {
        let both = refErrors(GrowthTool.self, ["sex": R.s("male"), "age_days": R.n(10), "age_months": R.n(1), "weight_kg": R.n(4)])
        XCTAssertTrue(both.contains { $0.message.contains("not both") })
        let neither = refErrors(GrowthTool.self, ["sex": R.s("male"), "weight_kg": R.n(4)])
        XCTAssertEqual(neither.first?.field, "age_days")
        let noMeasure = refErrors(GrowthTool.self, ["sex": R.s("male"), "age_days": R.n(10)])
        XCTAssertEqual(noMeasure.first?.field, "weight_kg")
        XCTAssertTrue(noMeasure.first!.message.contains("length_cm"))
    }

    func testRangeEdges() throws {
        func ok(_ extra: [String: RawValue]) {
            var raw: [String: RawValue] = ["sex": R.s("male"), "weight_kg": R.n(5)]
            raw.merge(extra) { $1 }
            XCTAssertNoThrow(try refResult(GrowthTool.self, raw), "\(extra)")
        }
        func bad(_ extra: [String: RawValue], field: String) {
            var raw: [String: RawValue] = ["sex": R.s("male"), "weight_kg": R.n(5), "age_days": R.n(10)]
            raw.merge(extra) { $1 }
            XCTAssertTrue(refErrors(GrowthTool.self, raw).contains { $0.field == field }, "\(extra)")
        }
        ok(["age_days": R.n(0)]); ok(["age_days": R.n(730)])
        bad(["age_days": R.n(-1)], field: "age_days"); bad(["age_days": R.n(731)], field: "age_days")
        bad(["age_days": R.n(10.5)], field: "age_days")
        ok(["age_months": R.n(0)]); ok(["age_months": R.n(24)])
        var raw: [String: RawValue] = ["sex": R.s("male"), "weight_kg": R.n(5), "age_months": R.n(24.01)]
        XCTAssertTrue(refErrors(GrowthTool.self, raw).contains { $0.field == "age_months" && $0.message.contains("0–24") })
        raw["age_months"] = R.n(-0.01)
        XCTAssertTrue(refErrors(GrowthTool.self, raw).contains { $0.field == "age_months" })
        ok(["age_days": R.n(10), "weight_kg": R.n(0.1)]); ok(["age_days": R.n(10), "weight_kg": R.n(300)])
        bad(["weight_kg": R.n(0.09)], field: "weight_kg"); bad(["weight_kg": R.n(300.1)], field: "weight_kg")
        ok(["age_days": R.n(10), "length_cm": R.n(10)]); ok(["age_days": R.n(10), "length_cm": R.n(250)])
        bad(["length_cm": R.n(9.9)], field: "length_cm"); bad(["length_cm": R.n(250.1)], field: "length_cm")
        bad(["sex": R.s("boy")], field: "sex")
        bad(["weight_kg": R.s("5")], field: "weight_kg")
    }

    func testSpecDeclaresContractInputs() {
        XCTAssertEqual(GrowthTool.spec.id, "growth")
        XCTAssertEqual(GrowthTool.spec.inputs.map(\.key), ["sex", "age_days", "age_months", "weight_kg", "length_cm",
                                                              "gestational_age_weeks", "gestational_age_days"])
        XCTAssertEqual(GrowthTool.spec.input("weight_kg")?.chartField, .weightKg)
        XCTAssertFalse(GrowthTool.spec.references.isEmpty)
    }
}
