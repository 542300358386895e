import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Opened with a patient selected, a tool not made for that patient says so above its form:
/// Phoenix before 37 weeks' postmenstrual age (Schlapbach LJ et al., JAMA 2024;331:665–674),
/// the adult stroke tools for a child, Holliday–Segar under 28 days (NICE NG29), whose
/// calculator also refuses with the neonatal day-of-life target.
@MainActor
final class ToolApplicabilityTests: WardTestCase {
    func open(_ tool: String) async {
        await press(.char("3"))
        // `/` starts the filter, so a name that begins with p is typed, not the patient picker.
        await press(.char("/"))
        await type(tool)
        await press(.enter)
    }

    func testPretermBabyIsToldPhoenixAndHollidaySegarDoNotApply() async throws {
        let bo = try await admit(bed: "10", given: "Bo", family: "Preterm", dob: "2026-11-18", ga: (31, 0), weight: 1400)
        try await startShell()
        shell.apply(.session(.selectedPatient(bo)), from: shell.front)
        await shell.settle()
        await open("phoenix")
        var text = screenText(width: 140, height: 40)
        XCTAssertTrue(text.contains("! Does not apply to Bo Preterm: not for babies before 37 weeks' postmenstrual age (this baby is 31+3)"), text)
        await press(.escape, .escape)
        await open("maintenance")
        text = screenText(width: 140, height: 40)
        XCTAssertTrue(text.contains("! Does not apply to Bo Preterm: not for babies under 28 days old (this baby is 3 days)"), text)
        // The age is pre-filled from the chart, so the calculator refuses with the neonatal target.
        XCTAssertTrue(text.contains("on day 4 of life the NICE NG29 guide for term neonates is 100–120 mL/kg/day"), text)
        // And the ward's own table (WardSettings, default NICE NG29) is shown for the weight.
        XCTAssertTrue(text.contains("i Ward neonatal target, day 4 of life: 100–120 mL/kg/day = 140–168 mL/day at 1.4 kg"), text)
    }

    func testChildIsToldTheStrokeToolsAreForAdults() async throws {
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace", dob: "2022-06-15", ga: (39, 0))
        try await startShell()
        shell.apply(.session(.selectedPatient(ada)), from: shell.front)
        await shell.settle()
        await open("fast")
        let text = screenText(width: 140, height: 40)
        XCTAssertTrue(text.contains("! Does not apply to Ada Lovelace: an adult tool, not made or validated for children under 18"), text)
        await press(.escape, .escape)
        await open("apgar")
        XCTAssertFalse(screenText(width: 140, height: 40).contains("Does not apply"))
        await press(.escape, .escape)
        await open("stroke triage")
        XCTAssertTrue(screenText(width: 140, height: 40).contains("! Does not apply to Ada Lovelace: an adult tool"),
                      screenText(width: 140, height: 40))
    }

    /// GCS opened for a 3-year-old: the age comes from the chart and the verbal row reads the
    /// under-5 wording at once (Reilly PL et al., Childs Nerv Syst 1988;4:30–33).
    func testGcsForAChildUnderFiveFromTheChartUsesTheUnderFiveWording() async throws {
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace", dob: "2023-06-15", ga: (39, 0))
        try await startShell()
        shell.apply(.session(.selectedPatient(ada)), from: shell.front)
        await shell.settle()
        await open("glasgow")
        await press(.down)
        let text = screenText(width: 120, height: 40)
        XCTAssertTrue(text.contains("Cries but consolable; irritable"), text)
        XCTAssertFalse(text.contains("Oriented"), text)
    }

    /// The growth form pre-filled for a baby born at 31 weeks, 3 days old, 1.4 kg: the chart's
    /// gestation takes it to the INTERGROWTH-21st preterm standard (Villar et al. 2015), not
    /// WHO's term chart by chronological age.
    func testGrowthFormForAPretermBabyUsesThePretermStandard() async throws {
        let bo = try await admit(bed: "10", given: "Bo", family: "Preterm", dob: "2026-11-18", ga: (31, 0), weight: 1400)
        try await startShell()
        shell.apply(.session(.selectedPatient(bo)), from: shell.front)
        await shell.settle()
        await open("growth")
        let text = screenText(width: 140, height: 40)
        XCTAssertTrue(text.contains("Growth chart INTERGROWTH-21st preterm postnatal standard"), text)
        XCTAssertTrue(text.contains("postmenstrual age 31+3 weeks"), text)
    }
}
