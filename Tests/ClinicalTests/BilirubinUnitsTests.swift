import XCTest
@testable import Clinical

/// TSB in µmol/L as well as mg/dL (1 mg/dL = 17.1 µmol/L: 10 000 / 584.66 g/mol, bilirubin's
/// molar mass), and the guideline's scope: AAP 2022 (Kemper AR et al., Pediatrics
/// 2022;150(3):e2022058859) is for infants of 35 weeks or more, so below that no number is given.
final class BilirubinUnitsTests: XCTestCase {
    typealias R = RefRaw

    func run(weeks: Double = 38, hours: Double = 48, _ tsb: [String: Double], risk: Bool = false) throws -> ToolResult {
        var raw: [String: RawValue] = ["gestational_age_weeks": R.n(weeks), "age_hours": R.n(hours),
                                       "neurotoxicity_risk_factors": R.b(risk)]
        for (key, value) in tsb { raw[key] = R.n(value) }
        return try refResult(BilirubinTool.self, raw)
    }

    /// The guideline's worked figures (38 weeks, no risk factors, 48 h: phototherapy 16.0,
    /// exchange 24.0 mg/dL) read the same in µmol/L: 273.6, escalation 376.2, exchange 410.4.
    func testMicromolarThresholdsAreTheMilligramOnesTimesSeventeenPointOne() throws {
        let r = try run(["tsb_umol_l": 250])
        XCTAssertEqual(r.fields.map(\.key), ["phototherapy_threshold_umol_l", "escalation_threshold_umol_l",
                                             "exchange_threshold_umol_l", "above_phototherapy", "above_exchange",
                                             "thresholds_apply", "status"])
        XCTAssertEqual(r.number("phototherapy_threshold_umol_l")!, 273.6, accuracy: 1e-9)
        XCTAssertEqual(r.number("escalation_threshold_umol_l")!, 376.2, accuracy: 1e-9)
        XCTAssertEqual(r.number("exchange_threshold_umol_l")!, 410.4, accuracy: 1e-9)
        XCTAssertEqual(r.word("status"), "below_phototherapy")
        XCTAssertTrue(r.interpretation.contains("µmol/L"), r.interpretation)
        XCTAssertNil(r.number("phototherapy_threshold_mg_dl"), "thresholds come in the unit of the TSB only")
    }

    /// A TSB converted from the other unit (250 µmol/L typed in a mg/dL ward) is said to a
    /// sensible precision in the interpretation, not with every digit of the division.
    func testAConvertedTsbIsSaidToTwoDecimals() throws {
        let r = try run(["tsb_mg_dl": 250 / BilirubinTool.umolPerMg])
        XCTAssertTrue(r.interpretation.hasPrefix("TSB 14.62 mg/dL at 48 h"), r.interpretation)
    }

    /// The same bilirubin in either unit lands in the same band, edges included.
    func testRoundTripBetweenUnitsKeepsTheDecision() throws {
        for mg in [5.0, 15.9, 16.0, 21.9, 22.0, 23.9, 24.0, 30] {
            let inMg = try run(["tsb_mg_dl": mg])
            let inUmol = try run(["tsb_umol_l": mg * BilirubinTool.umolPerMg])
            XCTAssertEqual(inMg.word("status"), inUmol.word("status"), "\(mg) mg/dL")
            XCTAssertEqual(inMg.bool("above_phototherapy"), inUmol.bool("above_phototherapy"), "\(mg) mg/dL")
            XCTAssertEqual(inMg.bool("above_exchange"), inUmol.bool("above_exchange"), "\(mg) mg/dL")
            XCTAssertEqual(inMg.number("exchange_threshold_mg_dl")! * 17.1, inUmol.number("exchange_threshold_umol_l")!, accuracy: 1e-9)
        }
        XCTAssertEqual(try run(["tsb_umol_l": 273.6]).word("status"), "phototherapy", "the threshold includes its edge")
        XCTAssertEqual(try run(["tsb_umol_l": 273.5]).word("status"), "below_phototherapy")
    }

    func testExactlyOneUnitIsGiven() {
        let both = refErrors(BilirubinTool.self, ["gestational_age_weeks": R.n(38), "age_hours": R.n(48),
                                                  "tsb_mg_dl": R.n(10), "tsb_umol_l": R.n(171)])
        XCTAssertEqual(both.first?.field, "tsb_umol_l")
        XCTAssertTrue(both.first?.message.contains("not both") ?? false)
        let neither = refErrors(BilirubinTool.self, ["gestational_age_weeks": R.n(38), "age_hours": R.n(48)])
        XCTAssertEqual(neither.first?.field, "tsb_mg_dl")
        XCTAssertTrue(neither.first?.message.contains("tsb_umol_l") ?? false)
        let outside = refErrors(BilirubinTool.self, ["gestational_age_weeks": R.n(38), "age_hours": R.n(48), "tsb_umol_l": R.n(900)])
        XCTAssertEqual(outside.first?.field, "tsb_umol_l")
        XCTAssertTrue(outside.first?.message.contains("1.7–855 µmol/L") ?? false, outside.first?.message ?? "")
    }

    /// Below 35 weeks: no threshold, no above/below, a status that says so and where to look.
    func testBelowThirtyFiveWeeksGivesNoNumber() throws {
        for weeks in [22.0, 30, 34] {
            let r = try run(weeks: weeks, ["tsb_umol_l": 200])
            XCTAssertEqual(r.fields.map(\.key), ["thresholds_apply", "status"], "\(weeks) weeks")
            XCTAssertEqual(r.bool("thresholds_apply"), false)
            XCTAssertEqual(r.word("status"), "not_applicable")
            XCTAssertTrue(r.interpretation.contains("35 weeks or later"), r.interpretation)
            XCTAssertTrue(r.interpretation.contains("NICE CG98"), r.interpretation)
            XCTAssertFalse(r.interpretation.contains("µmol/L") || r.interpretation.contains("mg/dL"), "no number in a unit")
        }
        XCTAssertEqual(try run(weeks: 35, ["tsb_mg_dl": 5]).bool("thresholds_apply"), true)
    }

    func testTheToolSaysSoForAPretermPatient() {
        XCTAssertEqual(BilirubinTool.spec.problems(for: PatientFacts(ageDays: 2, gestationDays: 34 * 7 + 6)).count, 1)
        XCTAssertEqual(BilirubinTool.spec.problems(for: PatientFacts(ageDays: 2, gestationDays: 35 * 7)), [])
    }
}
