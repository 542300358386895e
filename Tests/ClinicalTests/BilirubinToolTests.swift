import XCTest
@testable import Clinical

/// The bilirubin tool on AAP 2022 thresholds (Kemper AR et al., Pediatrics
/// 2022;150(3):e2022058859): 38 weeks, no risk factors, 48 h: phototherapy 16.0 mg/dL,
/// exchange 24.0 mg/dL, so escalation of care (exchange − 2) at 22.0 mg/dL.
final class BilirubinToolTests: XCTestCase {
    typealias R = RefRaw

    func run(weeks: Double = 38, hours: Double = 48, tsb: Double, risk: Bool? = false) throws -> ToolResult {
        var raw: [String: RawValue] = ["gestational_age_weeks": R.n(weeks), "age_hours": R.n(hours), "tsb_mg_dl": R.n(tsb)]
        if let risk { raw["neurotoxicity_risk_factors"] = R.b(risk) }
        return try refResult(BilirubinTool.self, raw)
    }

    func testContractKeysAndValues() throws {
        let r = try run(tsb: 15)
        XCTAssertEqual(r.fields.map(\.key), ["phototherapy_threshold_mg_dl", "escalation_threshold_mg_dl",
                                             "exchange_threshold_mg_dl", "above_phototherapy", "above_exchange",
                                             "thresholds_apply", "status"])
        XCTAssertEqual(r.number("phototherapy_threshold_mg_dl")!, 16.0, accuracy: 1e-9)
        XCTAssertEqual(r.number("exchange_threshold_mg_dl")!, 24.0, accuracy: 1e-9)
        XCTAssertEqual(r.number("escalation_threshold_mg_dl")!, 22.0, accuracy: 1e-9)
        XCTAssertEqual(r.bool("above_phototherapy"), false)
        XCTAssertEqual(r.bool("above_exchange"), false)
    }

    func testThresholdsIncludeTheirEdge() throws {
        XCTAssertEqual(try run(tsb: 15.9).bool("above_phototherapy"), false)
        XCTAssertEqual(try run(tsb: 16.0).bool("above_phototherapy"), true)
        XCTAssertEqual(try run(tsb: 23.9).bool("above_exchange"), false)
        let exchange = try run(tsb: 24.0)
        XCTAssertEqual(exchange.bool("above_exchange"), true)
        XCTAssertEqual(exchange.categories.first?.word, "exchange")
        XCTAssertEqual(try run(tsb: 22.0).categories.first?.word, "escalation")
        XCTAssertEqual(try run(tsb: 17).categories.first?.word, "phototherapy")
        XCTAssertEqual(try run(tsb: 5).categories.first?.word, "below_phototherapy")
    }

    func testRiskFactorsAndTheFortyWeekCurve() throws {
        // 38 weeks with risk factors at 24 h: phototherapy 10.5 mg/dL.
        XCTAssertEqual(try run(hours: 24, tsb: 5, risk: true).number("phototherapy_threshold_mg_dl")!, 10.5, accuracy: 1e-9)
        // Absent boolean means no risk factors.
        XCTAssertEqual(try run(tsb: 5, risk: nil).number("phototherapy_threshold_mg_dl")!, 16.0, accuracy: 1e-9)
        // 40 weeks at 72 h: 19.8 mg/dL, and 44 weeks reads the same ≥40-week curve.
        XCTAssertEqual(try run(weeks: 40, hours: 72, tsb: 5).number("phototherapy_threshold_mg_dl")!, 19.8, accuracy: 1e-9)
        XCTAssertEqual(try run(weeks: 44, hours: 72, tsb: 5).number("phototherapy_threshold_mg_dl")!, 19.8, accuracy: 1e-9)
    }

    func testInterpolationIsWarned() throws {
        let r = try run(hours: 48.5, tsb: 5)
        XCTAssertEqual(r.number("phototherapy_threshold_mg_dl")!, 16.05, accuracy: 1e-9)
        XCTAssertTrue(r.warnings.contains { $0.contains("interpolated between hours 48 and 49") })
        XCTAssertTrue(try run(hours: 21, tsb: 5).warnings.isEmpty, "every hour of the reconciled table is the guideline's own")
        XCTAssertTrue(try run(tsb: 5).warnings.isEmpty)
    }

    func testRangeEdges() {
        func check(_ key: String, _ value: Double, valid: Bool) {
            var raw: [String: RawValue] = ["gestational_age_weeks": R.n(38), "age_hours": R.n(48), "tsb_mg_dl": R.n(10),
                                           "neurotoxicity_risk_factors": R.b(false)]
            raw[key] = R.n(value)
            switch BilirubinTool.run(raw, origin: .json) {
            case .success: XCTAssertTrue(valid, "\(key)=\(value) should be rejected")
            case .failure(let e):
                XCTAssertFalse(valid, "\(key)=\(value): \(e.errors)")
                XCTAssertEqual(e.errors.first?.field, key)
            }
        }
        check("gestational_age_weeks", 21, valid: false); check("gestational_age_weeks", 22, valid: true)
        check("gestational_age_weeks", 34, valid: true); check("gestational_age_weeks", 35, valid: true)
        check("gestational_age_weeks", 44, valid: true); check("gestational_age_weeks", 45, valid: false)
        check("gestational_age_weeks", 37.5, valid: false)
        check("age_hours", 0.9, valid: false); check("age_hours", 1, valid: true)
        check("age_hours", 336, valid: true); check("age_hours", 336.1, valid: false)
        check("tsb_mg_dl", 0.09, valid: false); check("tsb_mg_dl", 0.1, valid: true)
        check("tsb_mg_dl", 50, valid: true); check("tsb_mg_dl", 50.1, valid: false)
        let wrongType = refErrors(BilirubinTool.self, ["gestational_age_weeks": R.n(38), "age_hours": R.n(48),
                                                       "tsb_mg_dl": R.n(10), "neurotoxicity_risk_factors": R.s("yes")])
        XCTAssertEqual(wrongType.first?.field, "neurotoxicity_risk_factors")
    }
}
