import XCTest
@testable import Clinical

final class StrokeTriageTests: XCTestCase {
    // Seed 002: Triage1 "GCS < 8" → coma module; Triage2 "can examine" → full, else limited.
    func testRouting() {
        XCTAssertEqual(StrokeModule.route(comatose: true, canBeExamined: true), .coma)
        XCTAssertEqual(StrokeModule.route(comatose: false, canBeExamined: true), .full)
        XCTAssertEqual(StrokeModule.route(comatose: false, canBeExamined: false), .limited)
    }

    // Band edges from seed 002 §6.1 RiskRingView: 0..<25 low, 25..<50 medium, 50..<70 high, else very high.
    func testRiskBandEdges() {
        XCTAssertEqual(StrokeRiskBand.of(probability: 0), .low)
        XCTAssertEqual(StrokeRiskBand.of(probability: 0.2499), .low)
        XCTAssertEqual(StrokeRiskBand.of(probability: 0.25), .medium)
        XCTAssertEqual(StrokeRiskBand.of(probability: 0.4999), .medium)
        XCTAssertEqual(StrokeRiskBand.of(probability: 0.5), .high)
        XCTAssertEqual(StrokeRiskBand.of(probability: 0.6999), .high)
        XCTAssertEqual(StrokeRiskBand.of(probability: 0.7), .veryHigh)
        XCTAssertEqual(StrokeRiskBand.of(probability: 1), .veryHigh)
    }

    // docs/calculators.md, notes on the stroke maths: the formula gives 23.94 mL at GFAP 1000
    // (large: 20 to <30; mortality 10-19 % for 10 to <30 mL) and 49.65 mL at 5000 (critical).
    func testComaModuleGivesVolumeSeverityMortalityAndNoProbability() throws {
        let r = try StrokeTriage.assess(.coma, ["gfap_pg_ml": .number(1000)], origin: .json).get()
        XCTAssertEqual(r.ichVolume.number("volume_ml")!, 23.94, accuracy: 0.01)
        XCTAssertEqual(r.ichVolume.word("severity"), "large")
        XCTAssertEqual(r.ichVolume.word("mortality_range"), "10-19%")
        XCTAssertNil(r.lvo)
        XCTAssertEqual(r.summary.word("ich_probability"), "not_available_offline")
        XCTAssertEqual(r.suggestedCapability, .thrombolysis)
        let big = try StrokeTriage.assess(.coma, ["gfap_pg_ml": .number(5000)], origin: .json).get()
        XCTAssertEqual(big.ichVolume.number("volume_ml")!, 49.65, accuracy: 0.01)
        XCTAssertEqual(big.suggestedCapability, .neurosurgery, "≥ 30 mL routes to neurosurgery")
    }

    func testFullModuleAddsTheLvoGaugeBandAndDrivers() throws {
        let raw: [String: RawValue] = ["age_years": .string("70"), "systolic_mmhg": .string("150"), "diastolic_mmhg": .string("85"),
                                       "gfap_pg_ml": .string("100"), "fast_ed": .string("9")]
        let r = try StrokeTriage.assess(.full, raw, origin: .text).get()
        let lvo = try XCTUnwrap(r.lvo)
        // Independent of the tool: the contract's model at GFAP 100, FAST-ED 9.
        let g = (pow(101.0, -0.825559) - 1) / -0.825559
        let logit = -0.408314 - 0.826450 * g + 1.651521 * (9 - 3.701422) / 2.306173
        let p = 1 / (1 + exp(-(1.117420 * logit - 1.032167)))
        XCTAssertEqual(lvo.number("probability")!, p, accuracy: 1e-12)
        XCTAssertEqual(r.lvoBand, StrokeRiskBand.of(probability: p))
        XCTAssertEqual(r.lvoBand, .veryHigh)
        XCTAssertEqual(r.suggestedCapability, .thrombectomy)
        XCTAssertEqual(r.summary.word("lvo_risk_band"), "very_high")
        XCTAssertTrue(r.summary.interpretation.contains("research use"))
    }

    func testModulesNameMissingAndOutOfRangeInputs() {
        guard case .failure(let e) = StrokeTriage.assess(.limited, ["gfap_pg_ml": .number(0)], origin: .json) else { return XCTFail("accepted") }
        let fields = Set(e.errors.map(\.field))
        XCTAssertTrue(fields.isSuperset(of: ["age_years", "systolic_mmhg", "diastolic_mmhg", "gfap_pg_ml"]), "\(e)")
        XCTAssertTrue(e.errors.contains { $0.field == "gfap_pg_ml" && $0.message.contains("outside 0.1–100000 pg/mL") }, "\(e)")
        XCTAssertNil(StrokeTriage.spec(for: .limited).input("fast_ed"), "FAST-ED belongs to the full module")
        XCTAssertNotNil(StrokeTriage.spec(for: .full).input("fast_ed"))
    }
}
