import XCTest
@testable import Clinical

/// Tools that were not made for the selected patient say so. Phoenix: "children under 18
/// years; not for newborns ... before 37 weeks' postmenstrual age" (Schlapbach LJ et al.,
/// JAMA 2024;331:665–674). FAST-ED, GFAP ICH volume and the LVO model: adults with suspected
/// stroke. Holliday–Segar: not in the first 28 days (NICE NG29).
final class PatientRuleTests: XCTestCase {
    /// Born 31+0, 3 days old: 31+3 weeks' postmenstrual age.
    let preterm = PatientFacts(ageDays: 3, gestationDays: 217)
    let fourYearOld = PatientFacts(ageDays: 1629, gestationDays: 280)

    func testPhoenixDoesNotApplyBeforeThirtySevenWeeks() {
        XCTAssertEqual(PhoenixTool.spec.problems(for: preterm),
                       ["not for babies before 37 weeks' postmenstrual age (this baby is 31+3)"])
        XCTAssertEqual(PhoenixTool.spec.problems(for: PatientFacts(ageDays: 42, gestationDays: 217)), [], "37+0 is in")
        XCTAssertEqual(PhoenixTool.spec.problems(for: fourYearOld), [])
    }

    /// An older child admitted without a recorded gestation: past 37 weeks of life the rule holds
    /// whatever the gestation was; younger, it says the gestation is not recorded, never guesses.
    func testPhoenixWithoutARecordedGestationNeverGuesses() {
        XCTAssertEqual(PhoenixTool.spec.problems(for: PatientFacts(ageDays: 1629, gestationDays: nil)), [])
        XCTAssertEqual(PhoenixTool.spec.problems(for: PatientFacts(ageDays: 259, gestationDays: nil)), [], "37 weeks of life")
        XCTAssertEqual(PhoenixTool.spec.problems(for: PatientFacts(ageDays: 40, gestationDays: nil)),
                       ["not for babies before 37 weeks' postmenstrual age (this baby's gestation at birth is not recorded)"])
        XCTAssertNil(PatientFacts(ageDays: 40, gestationDays: nil).postmenstrualDays)
    }

    /// The AAP 2022 bilirubin thresholds are for babies born at 35 weeks or more: without a
    /// recorded gestation the tool says so rather than assume a term baby.
    func testBilirubinWithoutARecordedGestationSaysSo() {
        XCTAssertEqual(BilirubinTool.spec.problems(for: PatientFacts(ageDays: 2, gestationDays: nil)),
                       ["for babies of 35 weeks or more (this baby's gestation at birth is not recorded)"])
        XCTAssertEqual(BilirubinTool.spec.problems(for: PatientFacts(ageDays: 2, gestationDays: 36 * 7)), [])
    }

    func testStrokeToolsAreForAdults() {
        for spec in [FastEdTool.spec, IchVolumeTool.spec, LvoTool.spec] {
            XCTAssertEqual(spec.problems(for: fourYearOld).count, 1, spec.id)
            XCTAssertTrue(spec.problems(for: fourYearOld)[0].contains("under 18"), spec.id)
            XCTAssertEqual(spec.problems(for: PatientFacts(ageDays: 18 * 366, gestationDays: 280)), [], spec.id)
        }
    }

    func testHollidaySegarNotUnderTwentyEightDays() {
        XCTAssertEqual(IvFluidTool.spec.problems(for: preterm), ["not for babies under 28 days old (this baby is 3 days)"])
        XCTAssertEqual(IvFluidTool.spec.problems(for: PatientFacts(ageDays: 28, gestationDays: 280)), [])
    }

    func testOtherToolsApplyToEveryone() {
        XCTAssertEqual(ApgarTool.spec.problems(for: preterm), [])
        XCTAssertEqual(GcsTool.spec.problems(for: fourYearOld), [])
    }
}

/// The same fault elsewhere: the dehydration plan's maintenance is Holliday–Segar, and the
/// iGFAP triage modules are adult maths.
final class PatientRuleElsewhereTests: XCTestCase {
    func testDehydrationPlanAndStrokeModulesSaySo() {
        let neonate = PatientFacts(ageDays: 3, gestationDays: 280)
        XCTAssertEqual(DehydrationTool.spec.problems(for: neonate).count, 1)
        for module in StrokeModule.allCases {
            XCTAssertEqual(StrokeTriage.spec(for: module).problems(for: neonate).count, 1, "\(module)")
        }
    }
}
