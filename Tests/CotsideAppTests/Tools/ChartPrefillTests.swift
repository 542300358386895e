import XCTest
@testable import CotsideApp
import Clinical
import TerminalUI

/// Pre-fill from the selected patient's chart, at the fixed clock 2026-11-21 14:05 UTC.
final class ChartPrefillTests: ShellTestCase {
    static let utc = TimeZone(identifier: "UTC")!
    static let today = CalendarDate(year: 2026, month: 11, day: 21)!
    /// Girl born 2026-05-21 at 34+2 weeks; 7.1 kg weighed 2 h ago, 66 cm measured 3 days ago.
    static let facts = ChartFacts(birthDate: CalendarDate(year: 2026, month: 5, day: 21), sex: "female",
                                  gestationalAgeWeeks: 34, gestationalAgeDays: 2,
                                  weightKg: .init(value: 7.1, at: fixedNow.addingTimeInterval(-7200)),
                                  lengthCm: .init(value: 66, at: fixedNow.addingTimeInterval(-3 * 86_400)))

    func form(_ tool: any ClinicalTool.Type) -> ToolForm {
        var f = ToolForm(tool: tool, context: FormContext(now: Self.fixedNow, timeZone: Self.utc), today: Self.today)
        ChartPrefill.apply(Self.facts, to: &f, now: Self.fixedNow, timeZone: Self.utc) { at in
            at.map { "from chart, \(TimeShortcut.relative($0, now: Self.fixedNow))" } ?? "from chart"
        }
        return f
    }

    func testGrowthIsFilledWithSexAgeInDaysWeightAndLength() throws {
        let f = form(GrowthTool.self)
        XCTAssertEqual(f.selectedWord("sex"), "female")
        // 21 May → 21 Nov 2026: 10 + 30 + 31 + 31 + 30 + 31 + 21 = 184 days.
        XCTAssertEqual(f.state.text("age_days"), "184")
        XCTAssertEqual(f.state.text("age_months"), "", "days or months, not both")
        XCTAssertEqual(f.state.text("weight_kg"), "7.1")
        XCTAssertEqual(f.state.text("length_cm"), "66")
        XCTAssertEqual(f.chartNotes["weight_kg"], "from chart, 2 h ago")
        XCTAssertEqual(f.chartNotes["length_cm"], "from chart, 3 d ago")
        XCTAssertEqual(f.chartNotes["sex"], "from chart")
        guard case .result = f.evaluation else { return XCTFail("pre-filled growth form computes: \(f.evaluation)") }
    }

    func testValuesOutsideAnInputsRangeAreNotPrefilled() {
        // ETT by age starts at 1 year and by weight stops at 6 kg: a 6-month-old of 7.1 kg fits neither.
        let f = form(EttTool.self)
        XCTAssertEqual(f.state.text("age_years"), "")
        XCTAssertEqual(f.state.text("weight_kg"), "")
        XCTAssertTrue(f.chartNotes.isEmpty)
    }

    func testCorrectedAgeTakesBirthDateAndGestation() {
        let f = form(CorrectedAgeTool.self)
        XCTAssertEqual(f.state.text("birth_date"), "2026-05-21")
        XCTAssertEqual(f.state.text("gestational_age_weeks"), "34")
        XCTAssertEqual(f.state.text("gestational_age_days"), "2")
    }

    /// An older child admitted without gestation or birth weight, not yet weighed: those inputs
    /// stay empty, marked "not recorded", and the tool waits for them instead of guessing.
    func testGestationAndWeightTheChartDoesNotHoldAreMarkedNotRecorded() {
        let facts = ChartFacts(birthDate: CalendarDate(year: 2022, month: 7, day: 1), sex: "male")
        for tool in [CorrectedAgeTool.self, BsaTool.self] as [any ClinicalTool.Type] {
            var f = ToolForm(tool: tool, context: FormContext(now: Self.fixedNow, timeZone: Self.utc), today: Self.today)
            ChartPrefill.apply(facts, to: &f, now: Self.fixedNow, timeZone: Self.utc, notRecorded: "not recorded") { _ in "from chart" }
            for key in ["gestational_age_weeks", "weight_kg"] where f.state[key] != nil {
                XCTAssertEqual(f.state.text(key), "", key)
                XCTAssertEqual(f.chartNotes[key], "not recorded", key)
            }
            guard case .incomplete = f.evaluation else { return XCTFail("\(tool): computed without the missing input: \(f.evaluation)") }
        }
    }

    func testTodaysChartWeightSilencesTheDosageWarningAndEditingKeepsItEditable() {
        var f = form(DosageTool.self)
        XCTAssertTrue(f.weightIsFromTodaysChart(now: Self.fixedNow, timeZone: Self.utc))
        f.state.focus = 1
        _ = f.handle(.backspace)
        XCTAssertEqual(f.state.text("weight_kg"), "7.")
        XCTAssertNil(f.chartNotes["weight_kg"], "an edited value is no longer the chart's")
    }

    @MainActor func testFormsOpenPrefilledFromTheSelectedPatientsChart() async throws {
        let shell = try makeShell()
        (shell.tabs[2] as! ToolsTabScreen).chartFacts = Self.facts
        let lines = screen(shell, keys: "3 b s a Enter")
        assertShows(lines, "Height / length 66")
        assertShows(lines, "i from chart, 3 d ago")
        assertShows(lines, "i from chart, 2 h ago")
        assertShows(lines, "Body surface area \(NumberText.rounded((66 * 7.1 / 3600).squareRoot(), digits: 3)) m²")
    }
}
