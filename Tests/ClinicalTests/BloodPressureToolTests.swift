import XCTest
@testable import Clinical

/// AAP 2017 (Flynn et al., Pediatrics 2017;140(3):e20171904) Table 3 categories on Table 4/5
/// thresholds. Boys age 10, 50th height column (141.3 cm): SBP 90th 112, 95th 116, 95th+12 128;
/// DBP 90th 74, 95th 77, 95th+12 89. Boys age 12, 95th column (165.5 cm): SBP 90th 122,
/// 95th 128, 95th+12 140; DBP 95th 79, 95th+12 91.
final class BloodPressureToolTests: XCTestCase {
    typealias R = RefRaw

    func bp(_ sex: String = "male", age: Double, height: Double, _ s: Double, _ d: Double) throws -> ToolResult {
        try refResult(BloodPressureTool.self, ["sex": R.s(sex), "age_years": R.n(age), "height_cm": R.n(height),
                                               "systolic_mmhg": R.n(s), "diastolic_mmhg": R.n(d)])
    }

    func testThresholdsOfTheNearestColumn() throws {
        let r = try bp(age: 10, height: 141, 100, 60)
        XCTAssertEqual(r.number("height_column_percentile"), 50)
        XCTAssertEqual(r.number("systolic_p90_mmhg"), 112)
        XCTAssertEqual(r.number("systolic_p95_mmhg"), 116)
        XCTAssertEqual(r.number("diastolic_p90_mmhg"), 74)
        XCTAssertEqual(r.number("diastolic_p95_mmhg"), 77)
        XCTAssertEqual(r.word("category"), "normal")
        let keys = r.fields.map(\.key)
        for key in ["height_column_percentile", "systolic_p90_mmhg", "systolic_p95_mmhg", "diastolic_p90_mmhg",
                    "diastolic_p95_mmhg", "systolic_band", "diastolic_band", "category"] {
            XCTAssertTrue(keys.contains(key), key)
        }
        XCTAssertEqual(keys.last, "category")
    }

    func testSystolicBandAndCategoryBoundaries() throws {
        let cases: [(Double, String, String)] = [
            (111.9, "below_p90", "normal"),
            (112, "p90_to_p95", "elevated"),
            (115.9, "p90_to_p95", "elevated"),
            (116, "p95_to_p95_plus_12", "stage1_hypertension"),
            (127.9, "p95_to_p95_plus_12", "stage1_hypertension"),
            (128, "p95_plus_12_or_more", "stage2_hypertension"),
        ]
        for (s, band, category) in cases {
            let r = try bp(age: 10, height: 141.3, s, 60)
            XCTAssertEqual(r.word("systolic_band"), band, "\(s)")
            XCTAssertEqual(r.word("category"), category, "\(s)")
        }
    }

    func testDiastolicBoundariesAndTheWorseComponentWins() throws {
        let cases: [(Double, String, String)] = [
            (73.9, "below_p90", "normal"),
            (74, "p90_to_p95", "elevated"),
            (77, "p95_to_p95_plus_12", "stage1_hypertension"),
            (89, "p95_plus_12_or_more", "stage2_hypertension"),
        ]
        for (d, band, category) in cases {
            let r = try bp(age: 10, height: 141.3, 100, d)
            XCTAssertEqual(r.word("diastolic_band"), band, "\(d)")
            XCTAssertEqual(r.word("category"), category, "\(d)")
        }
        // Systolic elevated, diastolic stage 1 → stage 1.
        XCTAssertEqual(try bp(age: 10, height: 141.3, 113, 78).word("category"), "stage1_hypertension")
    }

    /// Table 3's "whichever is lower": at age 12 (95th column) the 90th percentile 122 is above
    /// 120, so 120 mmHg is already elevated while still below the 90th percentile band.
    func testAdultCapsUnderThirteen() throws {
        XCTAssertEqual(try bp(age: 12, height: 165.5, 119, 60).word("category"), "normal")
        let capped = try bp(age: 12, height: 165.5, 120, 60)
        XCTAssertEqual(capped.word("category"), "elevated")
        XCTAssertEqual(capped.word("systolic_band"), "below_p90")
        XCTAssertEqual(try bp(age: 12, height: 165.5, 127.9, 60).word("category"), "elevated")
        XCTAssertEqual(try bp(age: 12, height: 165.5, 128, 60).word("category"), "stage1_hypertension")
        XCTAssertEqual(try bp(age: 12, height: 165.5, 139, 60).word("category"), "stage1_hypertension")
        XCTAssertEqual(try bp(age: 12, height: 165.5, 140, 60).word("category"), "stage2_hypertension")
        // Diastolic stage 2 at 95th + 12 (91) or 90, whichever is lower: 90.
        XCTAssertEqual(try bp(age: 12, height: 165.5, 100, 89).word("category"), "stage1_hypertension")
        let d90 = try bp(age: 12, height: 165.5, 100, 90)
        XCTAssertEqual(d90.word("category"), "stage2_hypertension")
        XCTAssertEqual(d90.word("diastolic_band"), "p95_to_p95_plus_12")
    }

    /// From 13 years the adult cut-offs apply (Table 3): normal < 120/< 80, elevated 120–129/< 80,
    /// stage 1 130–139 or 80–89, stage 2 ≥ 140 or ≥ 90; no percentile bands.
    func testAdultCutOffsFromThirteen() throws {
        let cases: [(Double, Double, String)] = [
            (119, 79, "normal"), (120, 79, "elevated"), (129, 79, "elevated"), (130, 70, "stage1_hypertension"),
            (110, 80, "stage1_hypertension"), (139, 89, "stage1_hypertension"), (140, 70, "stage2_hypertension"),
            (110, 90, "stage2_hypertension"),
        ]
        for (s, d, category) in cases {
            let r = try bp(age: 13, height: 160.3, s, d)
            XCTAssertEqual(r.word("category"), category, "\(s)/\(d)")
            XCTAssertNil(r["systolic_band"])
            XCTAssertNil(r["systolic_p95_mmhg"])
        }
        // 12.9 years still reads the age-12 table (completed year): 120/60 at the 95th column is elevated
        // by the cap, and percentile keys are present.
        let twelve = try bp(age: 12.9, height: 165.5, 120, 60)
        XCTAssertNotNil(twelve["systolic_p95_mmhg"])
        XCTAssertEqual(twelve.number("systolic_p95_mmhg"), 128)
    }

    func testRangeEdges() {
        func check(_ key: String, _ value: Double, valid: Bool) {
            var raw: [String: RawValue] = ["sex": R.s("female"), "age_years": R.n(8), "height_cm": R.n(130),
                                           "systolic_mmhg": R.n(100), "diastolic_mmhg": R.n(60)]
            raw[key] = R.n(value)
            switch BloodPressureTool.run(raw, origin: .json) {
            case .success: XCTAssertTrue(valid, "\(key)=\(value) should be rejected")
            case .failure(let e):
                XCTAssertFalse(valid, "\(key)=\(value): \(e.errors)")
                XCTAssertEqual(e.errors.first?.field, key)
            }
        }
        check("age_years", 0.9, valid: false); check("age_years", 1, valid: true)
        check("age_years", 17, valid: true); check("age_years", 17.1, valid: false)
        check("height_cm", 9.9, valid: false); check("height_cm", 10, valid: true)
        check("height_cm", 250, valid: true); check("height_cm", 250.1, valid: false)
        check("systolic_mmhg", 39.9, valid: false); check("systolic_mmhg", 40, valid: true)
        check("systolic_mmhg", 250, valid: true); check("systolic_mmhg", 250.1, valid: false)
        check("diastolic_mmhg", 19.9, valid: false); check("diastolic_mmhg", 20, valid: true)
        check("diastolic_mmhg", 180, valid: true); check("diastolic_mmhg", 180.1, valid: false)
    }

    func testUnusualInputsAreWarned() throws {
        XCTAssertTrue(try bp(age: 5, height: 60, 100, 60).warnings.contains { $0.contains("outside") })
        XCTAssertTrue(try bp(age: 5, height: 110, 80, 90).warnings.contains { $0.contains("not below systolic") })
        XCTAssertTrue(try bp(age: 5, height: 110, 100, 60).warnings.isEmpty)
    }
}
