import XCTest
@testable import CotsideApp
import Clinical
import TerminalUI
import WardStore

/// The Tools tab at a fixed clock (2026-11-21 14:05 UTC), 80×24, headless.
final class ToolsPaneTests: ShellTestCase {
    @MainActor func toolsTab(_ shell: AppShell) -> ToolsTabScreen { shell.tabs[2] as! ToolsTabScreen }

    @MainActor func testToolListIsGroupedWithOneLineEach() async throws {
        let shell = try makeShell()
        assertScreen(screen(shell, keys: "3"), [
            " 1 Dashboard   2 History   3 Tools   4 Medications   5 Trends",
            " Filter: _",
            "",
            " Scores & assessment",
            " ▶ APGAR score                      Newborn condition at 1 and 5 minutes (0–10)",
            "   New Ballard Score                Gestational age estimate from neuromuscula…",
            "   PEWS (Brighton)                  Paediatric early warning score: behaviour,…",
            "   FLACC pain scale                 Behavioural pain score: face, legs, activi…",
            "   Glasgow Coma Scale (paediatric)  Conscious level: eye, verbal, motor (3–15)…",
            "   PRAM (asthma)                    Acute asthma severity: retractions, wheeze…",
            "   PECARN head injury               CT decision after minor head trauma, under…",
            "   Phoenix sepsis score             Paediatric sepsis and septic shock: respir…",
            " Calculators",
            "   Weight-based dosage              Dose in mg (and mL for a stocked strength)…",
            "   Maintenance fluids (Holliday–Se… Maintenance fluid per day (100/50/20 mL/kg…",
            "   Body surface area (Mosteller)    BSA = √(height cm × weight kg / 3600)",
            "   Corrected age                    Chronological, corrected and postmenstrual…",
            "   Growth percentiles (0–24 months) Weight-for-age and length-for-age z-score …",
            "   Dehydration deficit and 24 h pl… Deficit (kg × % × 10) plus Holliday–Segar …",
            "   FENa                             Fractional excretion of sodium: prerenal v…",
            "   Endotracheal tube size           ETT internal diameter, oral depth and suct…",
            "",
            " Ward                           no user selected               Sat 21 Nov 14:05",
            "Enter Open",
        ])
    }

    @MainActor func testEveryRegisteredToolAndBothStrokeScreensAreListed() async {
        let catalogue = ToolCatalogue(triageName: "T", triageSummary: "", centresName: "C", centresSummary: "")
        XCTAssertEqual(catalogue.rows.compactMap { if case .tool(let id) = $0.entry { return id } else { return nil } }.sorted(),
                       ToolRegistry.ids.sorted())
        XCTAssertEqual(catalogue.rows.filter { $0.group == .strokeTriage }.map(\.name).first, "T")
        XCTAssertEqual(catalogue.rows.filter { $0.group == .strokeTriage }.map(\.name).last, "C")
    }

    @MainActor func testTypingFiltersAndEnterOpensTheTool() async throws {
        let shell = try makeShell()
        let lines = screen(shell, keys: "3 b s a")
        assertShows(lines, "Filter: bsa_")
        assertShows(lines, "Body surface area (Mosteller)")
        assertDoesNotShow(lines, "APGAR")
        let form = screen(shell, keys: "Enter")
        assertShows(form, "Body surface area (Mosteller) — BSA")
        assertShows(form, "10–250 cm")
        // Opening a tool leaves the filter: back from it the whole list shows, on that tool.
        let back = screen(shell, keys: "Esc")
        assertShows(back, "Filter: _")
        assertShows(back, "▶ Body surface area (Mosteller)")
        assertShows(back, "APGAR score")
        assertShows(screen(shell, keys: "x y z"), "No tool matches “xyz”")
        // Out of the filter, ? and : open help and the palette and digits switch tabs.
        assertShows(screen(shell, keys: "Esc ?"), "Open the selected tool")
        _ = screen(shell, keys: "Esc 1")
        XCTAssertEqual(shell.activeTab, 0)
    }

    @MainActor func testEveryPrintableKeyIsFilterTextWhileTheFilterIsActive() async throws {
        let shell = try makeShell()
        let lines = screen(shell, keys: "3 g c s 2 ? :")
        XCTAssertEqual(shell.activeTab, 2, "a digit typed into the filter is text, not a tab key")
        XCTAssertTrue(shell.front is ToolsTabScreen, "? and : typed into the filter open nothing")
        assertShows(lines, "Filter: gcs2?:_")
        // Esc clears and leaves the filter; then the same keys are commands again.
        assertShows(screen(shell, keys: "Esc"), "▶ APGAR score")
        XCTAssertFalse(toolsTab(shell).filtering)
        _ = screen(shell, keys: "2")
        XCTAssertEqual(shell.activeTab, 1)
    }

    @MainActor func testSlashStartsAFilterThatTakesEveryKey() async throws {
        let shell = try makeShell()
        _ = screen(shell, keys: "3 / 4")
        XCTAssertEqual(shell.activeTab, 2)
        XCTAssertEqual(toolsTab(shell).query, "4")
        _ = screen(shell, keys: "Esc")
        XCTAssertEqual(toolsTab(shell).query, "")
        XCTAssertFalse(toolsTab(shell).filtering)
    }

    @MainActor func testANameOrIdStartingWithTheFilterRanksAboveADescriptionMatch() async throws {
        let catalogue = ToolCatalogue(triageName: "T", triageSummary: "", centresName: "C", centresSummary: "")
        let names = catalogue.filtered("bili").map(\.name)
        XCTAssertEqual(names.first, "Bilirubin thresholds (AAP 2022)")
        XCTAssertTrue(names.contains("FLACC pain scale"), "a description match still shows, below")
        XCTAssertEqual(catalogue.filtered("gcs").map(\.name).first, "Glasgow Coma Scale (paediatric)")
        // Without a filter the catalogue order (grouped) stands.
        XCTAssertEqual(catalogue.filtered("").map(\.name), catalogue.rows.map(\.name))
    }

    @MainActor func testApgarCriteriaShowEveryOptionWithPointsAndTheScore() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: "3 a p g a r Enter")
        // The focused criterion lists each option with its points and descriptor.
        assertShows(lines, "▶ Appearance (skin colour)")
        assertShows(lines, "( ) 0")
        assertShows(lines, "( ) 2   Completely pink, no cyanosis")
        assertShows(lines, "Still to enter: Appearance (skin colour), Pulse")
        // Digits pick by points and move on: 2 1 2 2 1 = 8, "reassuring" (7–10) per the contract.
        lines = screen(shell, keys: "2 1 2 2 1")
        assertShows(lines, "Appearance (skin colour)      2 points  Completely pink, no cyanosis")
        assertShows(lines, "Pulse                         1 point   < 100 bpm")
        assertShows(lines, "Score 8 points")
        assertShows(lines, "✔ Category: Reassuring")
        // Arrows change the focused row (the last, respiration): 1 → 2 makes 9.
        lines = screen(shell, keys: "Right")
        assertShows(lines, "Score 9 points")
    }

    @MainActor func testBsaInvalidWeightIsShownInDangerWithTheRangeAndNoResult() async throws {
        let shell = try makeShell()
        var lines = screen(shell, keys: "3 b s a Enter 1 1 0 Tab 0")
        assertShows(lines, "✖ 0 kg is outside 0.1–300 kg")
        assertShows(lines, "✖ fix Weight: 0 kg is outside 0.1–300 kg")
        assertDoesNotShow(lines, "Body surface area 0")
        let buffer = shell.render(width: 80, height: 24)
        let row = buffer.lines.firstIndex { $0.contains("✖ 0 kg is outside") }!
        let column = Array(buffer.lines[row]).firstIndex(of: "✖")!
        XCTAssertEqual(buffer[column, row].role, .danger)
        // Corrected to 19 kg: Mosteller √(110 × 19 / 3600).
        lines = screen(shell, keys: "Backspace 1 9")
        assertShows(lines, "Body surface area \(NumberText.rounded((110.0 * 19 / 3600).squareRoot(), digits: 3)) m²")
        assertDoesNotShow(lines, "bsa_m2")
        assertDoesNotShow(lines, "✖")
    }

    @MainActor func testDosageFormShowsDoseInMgAndMlCapAndFrequencyWithALoudWeightWarning() async throws {
        let shell = try makeShell()
        // Paracetamol (first drug), 12 kg, 120 mg/5 mL (24 mg/mL): 15 mg/kg → 180 mg = 7.5 mL (formulary.json).
        let lines = screen(shell, keys: "3 d o s a g e Enter Right Down 1 2 Down Right")
        assertShows(lines, "Drug        paracetamol  Paracetamol")
        assertShows(lines, "Strength  ◀ 120mg_5ml ▶  120 mg/5 mL oral suspension")
        assertShows(lines, "Dose 180 mg")
        assertShows(lines, "Volume 7.5 mL")
        assertShows(lines, "Maximum single dose 1000 mg")
        assertShows(lines, "Capped at the maximum no")
        assertShows(lines, "Frequency every 4–6 hours")
        assertDoesNotShow(lines, "dose_mg")
        assertShows(lines, "!! WEIGHT NOT FROM TODAY'S CHART")
    }

    /// Gentamicin 1.2 kg, day 3, 29 weeks: 6 mg every 48 h with no maximum in the source, so
    /// the screen gives the regimen's 24-hour figure as such, not as a "maximum" under the dose.
    @MainActor func testDosageWithoutAStatedMaximumDoesNotShowOne() async throws {
        let shell = try makeShell()
        let raw: [String: RawValue] = ["drug": .string("gentamicin"), "weight_kg": .number(1.2), "age_days": .number(3),
                                       "gestational_age_weeks": .number(29)]
        guard case .success(let result) = DosageTool.run(raw, origin: .json) else { return XCTFail("no result") }
        let bar = ResultBar(evaluation: .result(result), spec: DosageTool.spec, glyphs: .unicode, strings: ToolStrings(shell.context))
        let text = bar.lines(width: 200).map(\.0).joined(separator: "\n")
        XCTAssertTrue(text.contains("Dose 6 mg"), text)
        XCTAssertTrue(text.contains("Dose per 24 h (regimen) 3 mg"), text)
        XCTAssertFalse(text.contains("Maximum"), text)
    }

    @MainActor func testDosageStrengthPickerOffersOnlyTheChosenDrugsStrengths() async throws {
        let form = ToolForm(tool: DosageTool.self, context: FormContext(now: Self.fixedNow), today: CalendarDate(year: 2026, month: 11, day: 21)!)
        var f = form
        _ = f.handle(.right) // paracetamol
        guard case .choice(let options) = f.state["concentration"]!.kind else { return XCTFail("not a choice") }
        XCTAssertEqual(options.map(\.title), ["—", "120mg_5ml", "250mg_5ml"])
    }

    @MainActor func testWeightFromTodaysChartSilencesTheWarning() async throws {
        var form = ToolForm(tool: DosageTool.self, context: FormContext(now: Self.fixedNow, timeZone: TimeZone(identifier: "UTC")!),
                            today: CalendarDate(year: 2026, month: 11, day: 21)!)
        let utc = TimeZone(identifier: "UTC")!
        form.prefill("weight_kg", text: "12", note: "from chart, 2 h ago", recordedAt: Self.fixedNow.addingTimeInterval(-7200))
        XCTAssertTrue(form.weightIsFromTodaysChart(now: Self.fixedNow, timeZone: utc))
        form.prefill("weight_kg", text: "12", note: "from chart, yesterday", recordedAt: Self.fixedNow.addingTimeInterval(-86_400))
        XCTAssertFalse(form.weightIsFromTodaysChart(now: Self.fixedNow, timeZone: utc))
        // Editing the pre-filled value makes it a typed weight again.
        form.prefill("weight_kg", text: "12", note: "from chart", recordedAt: Self.fixedNow)
        form.state.focus = 1
        _ = form.handle(.char("5"))
        XCTAssertFalse(form.weightIsFromTodaysChart(now: Self.fixedNow, timeZone: utc))
        XCTAssertNil(form.chartNotes["weight_kg"])
    }

    @MainActor func testReferencesScreenShowsSourcesApplicabilityAndLimitations() async throws {
        let shell = try makeShell()
        let lines = screen(shell, keys: "3 p e c a r n Enter r")
        assertShows(lines, "PECARN head injury: references")
        assertShows(lines, "Kuppermann")
        assertShows(lines, "Where it applies")
        assertShows(lines, "Limitations")
    }

    @MainActor func testDatesTakeTheShortcuts() async throws {
        let today = CalendarDate(year: 2026, month: 11, day: 21)!
        XCTAssertEqual(CalendarDateText.parse("today", today: today), today)
        XCTAssertEqual(CalendarDateText.parse("yesterday", today: today)?.description, "2026-11-20")
        XCTAssertEqual(CalendarDateText.parse("T-30", today: today)?.description, "2026-10-22")
        XCTAssertEqual(CalendarDateText.parse("-1d", today: today)?.description, "2026-11-20")
        XCTAssertEqual(CalendarDateText.parse("2026-02-28", today: today)?.description, "2026-02-28")
        XCTAssertNil(CalendarDateText.parse("31/02/2026", today: today))
        // The same day shortcuts as a time's day (TimeShortcut.dayOffset): tomorrow too, never T--5.
        XCTAssertEqual(CalendarDateText.parse("tomorrow", today: today)?.description, "2026-11-22")
        XCTAssertEqual(CalendarDateText.parse("y", today: today)?.description, "2026-11-20")
        XCTAssertNil(CalendarDateText.parse("T--5", today: today))
        let shell = try makeShell()
        let lines = screen(shell, keys: "3 c o r r e c t e d Enter T - 3 0")
        assertShows(lines, "= 2026-10-22")
    }

    // MARK: Save to chart with review

    @MainActor final class RecordingSaver: ToolResultSaving {
        var selectedPatient: (id: Int64, label: String)? = (7, "Bed 3 Ava Smith")
        var drafts: [CalculatorResultDraft] = []
        func save(_ draft: CalculatorResultDraft) -> Intent {
            drafts.append(draft)
            return .message(.success("saved"))
        }
    }

    @MainActor func testSaveNeedsAPatientAndAResult() async throws {
        let shell = try makeShell()
        _ = screen(shell, keys: "3 b s a Enter S")
        XCTAssertEqual(shell.message?.text, "Nothing to save yet: complete the form first.")
        _ = screen(shell, keys: "1 1 0 Tab 1 9 S")
        XCTAssertEqual(shell.message?.text, "Select a patient first: saving to a chart needs the selected patient.")
    }

    @MainActor func testReviewStepMustBeTickedBeforeTheResultIsSaved() async throws {
        let shell = try makeShell()
        let saver = RecordingSaver()
        toolsTab(shell).saver = saver
        var lines = screen(shell, keys: "3 b s a Enter 1 1 0 Tab 1 9 S")
        assertShows(lines, "Save Body surface area (Mosteller) to the chart of Bed 3 Ava Smith")
        assertShows(lines, "Height / length: 110 cm")
        assertShows(lines, "Weight: 19 kg")
        assertShows(lines, "Body surface area 0.762 m²")
        assertShows(lines, "Limitations")
        assertShows(lines, "[ ] I have reviewed this result")
        _ = screen(shell, keys: "Enter")
        XCTAssertEqual(saver.drafts.count, 0, "not saved before the tick")
        XCTAssertTrue(shell.message?.text.contains("I have reviewed this result") == true)
        lines = screen(shell, keys: "Space")
        assertShows(lines, "[✔] I have reviewed this result")
        _ = screen(shell, keys: "Enter")
        XCTAssertEqual(saver.drafts.count, 1)
        let draft = saver.drafts[0]
        XCTAssertEqual(draft.patientId, 7)
        XCTAssertEqual(draft.toolId, "bsa")
        XCTAssertTrue(draft.reviewed)
        XCTAssertEqual(draft.inputsJSON, #"{"height_cm":110,"weight_kg":19}"#)
        XCTAssertTrue(draft.resultJSON.hasPrefix(#"{"bsa_m2":0.76"#), draft.resultJSON)
        XCTAssertEqual(shell.message?.text, "saved")
        assertShows(screen(shell), "Body surface area (Mosteller) — BSA")
    }
}
