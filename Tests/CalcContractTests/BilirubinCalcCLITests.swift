import XCTest
@testable import CalcContract
import Clinical

/// `cotside calc bilirubin` with either TSB unit (17.1 µmol/L per mg/dL) and below 35 weeks,
/// where the AAP 2022 thresholds (Kemper AR et al., Pediatrics 2022;150(3):e2022058859) do
/// not apply. Exit codes from the contract: 0 answered, 2 bad input.
final class BilirubinCalcCLITests: XCTestCase {
    func testMicromolarInMicromolarOut() {
        let out = CalcCLI.run(["bilirubin", "gestational_age_weeks=38", "age_hours=48", "tsb_umol_l=290", "--json"])
        XCTAssertEqual(out.exitCode, 0)
        XCTAssertTrue(out.stdout.hasPrefix(#"{"ok":true,"tool":"bilirubin","result":{"phototherapy_threshold_umol_l":273.6"#), out.stdout)
        XCTAssertTrue(out.stdout.contains(#""above_phototherapy":true,"above_exchange":false,"thresholds_apply":true,"status":"phototherapy""#), out.stdout)
        XCTAssertFalse(out.stdout.contains("_mg_dl"), out.stdout)
        let text = CalcCLI.run(["bilirubin", "gestational_age_weeks=38", "age_hours=48", "tsb_umol_l=290"])
        XCTAssertEqual(text.exitCode, 0)
        XCTAssertTrue(text.stdout.contains("µmol/L"), text.stdout)
        XCTAssertTrue(text.stdout.contains("At or above the phototherapy threshold"), text.stdout)
    }

    func testBothOrNeitherUnitExitsTwoSayingWhichToGive() {
        let both = CalcCLI.run(["bilirubin", "gestational_age_weeks=38", "age_hours=48", "tsb_mg_dl=10", "tsb_umol_l=171"])
        XCTAssertEqual(both.exitCode, 2)
        XCTAssertTrue(both.stderr.contains("give tsb_mg_dl (0.1–50 mg/dL) or tsb_umol_l (1.7–855 µmol/L), not both"), both.stderr)
        let neither = CalcCLI.run(["bilirubin", "gestational_age_weeks=38", "age_hours=48", "--json"])
        XCTAssertEqual(neither.exitCode, 2)
        XCTAssertTrue(neither.stdout.contains(#""field":"tsb_mg_dl","message":"tsb_mg_dl (0.1–50 mg/dL) or tsb_umol_l (1.7–855 µmol/L) is required""#),
                      neither.stdout)
        let outside = CalcCLI.run(["bilirubin", "gestational_age_weeks=38", "age_hours=48", "tsb_umol_l=1000"])
        XCTAssertEqual(outside.exitCode, 2)
        XCTAssertTrue(outside.stderr.contains("tsb_umol_l: 1000 µmol/L is outside 1.7–855 µmol/L"), outside.stderr)
    }

    func testBelowThirtyFiveWeeksPrintsNoThreshold() {
        let out = CalcCLI.run(["bilirubin", "gestational_age_weeks=33", "age_hours=48", "tsb_mg_dl=12", "--json"])
        XCTAssertEqual(out.exitCode, 0)
        XCTAssertTrue(out.stdout.hasPrefix(#"{"ok":true,"tool":"bilirubin","result":{"thresholds_apply":false,"status":"not_applicable","summary":"The AAP 2022 thresholds are for infants born at 35 weeks or later"#),
                      out.stdout)
        XCTAssertFalse(out.stdout.contains("threshold_"), out.stdout)
        XCTAssertFalse(out.stdout.contains("above_"), out.stdout)
        let text = CalcCLI.run(["bilirubin", "gestational_age_weeks=33", "age_hours=48", "tsb_mg_dl=12"])
        XCTAssertEqual(text.exitCode, 0)
        XCTAssertTrue(text.stdout.contains("AAP 2022 thresholds do not apply below 35 weeks"), text.stdout)
        XCTAssertEqual(CalcCLI.run(["bilirubin", "gestational_age_weeks=21", "age_hours=48", "tsb_mg_dl=12"]).exitCode, 2)
    }

    func testHelpListsBothUnits() {
        let help = CalcCLI.run(["bilirubin", "--help"])
        XCTAssertEqual(help.exitCode, 0)
        XCTAssertTrue(help.stdout.contains("tsb_umol_l"), help.stdout)
        XCTAssertTrue(help.stdout.contains("17.1 µmol/L per mg/dL"), help.stdout)
    }
}
