import XCTest
@testable import CotsideApp
import Clinical
import TerminalUI
import WardStore

/// The bilirubin form: one TSB field in the ward's unit that honours a unit typed after the
/// number (1 mg/dL = 17.1 µmol/L), and an age typed as hours or as the date and time of birth,
/// read in ward time (WardLocalTime) across midnight and daylight-saving changes. AAP 2022
/// (Kemper AR et al., Pediatrics 2022;150(3):e2022058859): 38 weeks, no risk factors, 48 h:
/// phototherapy 16.0 mg/dL (273.6 µmol/L).
final class BilirubinFormTests: XCTestCase {
    static let utc = TimeZone(identifier: "UTC")!
    static let london = TimeZone(identifier: "Europe/London")!
    /// 2026-11-21 14:05 UTC, the shell tests' fixed clock.
    static let now = Date(timeIntervalSince1970: 1_795_269_900)

    func form(unit: String = "mg/dL", now: Date = now, zone: TimeZone = utc) -> ToolForm {
        ToolForm(tool: BilirubinTool.self, context: FormContext(now: now, timeZone: zone),
                 today: CalendarDate.on(now, in: zone), preferredUnits: [unit])
    }

    func filled(_ f: ToolForm, weeks: String = "38", age: String, tsb: String) -> ToolForm {
        var f = f
        f.state["gestational_age_weeks"]?.text = weeks
        f.state["age_hours"]?.text = age
        let tsbKey = f.inputs.first { $0.key.hasPrefix("tsb_") }!.key
        f.state[tsbKey]?.text = tsb
        return f
    }

    func result(_ f: ToolForm, file: StaticString = #filePath, line: UInt = #line) -> ToolResult? {
        guard case .result(let r) = f.evaluation else {
            XCTFail("no result: \(f.evaluation)", file: file, line: line)
            return nil
        }
        return r
    }

    // MARK: Units

    func testTheWardsUnitChoosesTheOneTsbField() {
        XCTAssertEqual(form(unit: "mg/dL").inputs.map(\.key), ["gestational_age_weeks", "age_hours", "tsb_mg_dl", "neurotoxicity_risk_factors"])
        let umol = form(unit: "µmol/L")
        XCTAssertEqual(umol.inputs.map(\.key), ["gestational_age_weeks", "age_hours", "tsb_umol_l", "neurotoxicity_risk_factors"])
        XCTAssertEqual(umol.inputs[2].unit, "µmol/L")
    }

    func testAPlainNumberIsInTheWardsUnitAndTheThresholdsComeBackInIt() throws {
        let r = try XCTUnwrap(result(filled(form(unit: "µmol/L"), age: "48", tsb: "250")))
        XCTAssertEqual(r.number("phototherapy_threshold_umol_l")!, 273.6, accuracy: 1e-9)
        XCTAssertEqual(r.word("status"), "below_phototherapy")
        let mg = try XCTUnwrap(result(filled(form(), age: "48", tsb: "16")))
        XCTAssertEqual(mg.number("phototherapy_threshold_mg_dl")!, 16.0, accuracy: 1e-9)
        XCTAssertEqual(mg.word("status"), "phototherapy")
    }

    func testAnExplicitUnitIsHonoured() throws {
        // In a µmol/L ward, 16 mg/dL is read as 273.6 µmol/L and the thresholds stay in µmol/L.
        let f = filled(form(unit: "µmol/L"), age: "48", tsb: "16 mg/dL")
        guard case .number(let umol)? = f.raw["tsb_umol_l"] else { return XCTFail("\(f.raw)") }
        XCTAssertEqual(umol, 273.6, accuracy: 1e-9)
        XCTAssertNil(f.raw["tsb_mg_dl"])
        XCTAssertEqual(f.entries.understood["tsb_umol_l"], "= 273.6 µmol/L")
        let r = try XCTUnwrap(result(f))
        XCTAssertEqual(r.word("status"), "phototherapy")
        XCTAssertEqual(r.number("phototherapy_threshold_umol_l")!, 273.6, accuracy: 1e-9)
        for typed in ["273.6 umol", "273.6µmol/L", "273.6 micromol/l", "273.6 μmol/L"] {
            let g = filled(form(unit: "mg/dL"), age: "48", tsb: typed)
            guard case .number(let mg)? = g.raw["tsb_mg_dl"] else { return XCTFail("\(typed): \(g.raw)") }
            XCTAssertEqual(mg, 16, accuracy: 1e-9, typed)
            XCTAssertEqual(try XCTUnwrap(result(g)).word("status"), "phototherapy", typed)
        }
        XCTAssertEqual(filled(form(unit: "mg/dL"), age: "48", tsb: "15 mg/dL").raw["tsb_mg_dl"], .string("15"), "its own unit")
    }

    func testAnUnknownUnitOrAnOutOfRangeValueNamesTheField() {
        let f = filled(form(unit: "µmol/L"), age: "48", tsb: "14 mmol/L")
        XCTAssertEqual(f.problem(for: "tsb_umol_l", in: f.evaluation),
                       "‘mmol/L’ is not a unit for Total serum bilirubin; type a number in µmol/L, or add one of µmol/L, mg/dL")
        let g = filled(form(unit: "µmol/L"), age: "48", tsb: "60 mg/dL")
        XCTAssertEqual(g.problem(for: "tsb_umol_l", in: g.evaluation), "60 mg/dL is outside 0.1–50 mg/dL")
        var empty = form(unit: "µmol/L")
        empty.state["gestational_age_weeks"]?.text = "38"
        empty.state["age_hours"]?.text = "48"
        XCTAssertEqual(empty.evaluation, .incomplete(missing: ["Total serum bilirubin"], notes: []))
    }

    // MARK: Age from the time of birth

    func testHoursOrTheTimeOfBirth() throws {
        // Born 2026-11-19 14:05 UTC: 48 h at 2026-11-21 14:05.
        let f = filled(form(), age: "2026-11-19 14:05", tsb: "10")
        XCTAssertEqual(f.raw["age_hours"], .number(48))
        XCTAssertEqual(f.entries.understood["age_hours"], "= 48 h")
        XCTAssertEqual(try XCTUnwrap(result(f)).number("phototherapy_threshold_mg_dl")!, 16.0, accuracy: 1e-9)
        XCTAssertEqual(filled(form(), age: "36.5", tsb: "10").raw["age_hours"], .string("36.5"))
        // A shortcut works too: yesterday 23:30 is 14 h 35 min before 14:05, across midnight.
        let shortcut = filled(form(), age: "yesterday 23:30", tsb: "10")
        guard case .number(let hours)? = shortcut.raw["age_hours"] else { return XCTFail("\(shortcut.raw)") }
        XCTAssertEqual(hours, 14 + 35.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(shortcut.entries.understood["age_hours"], "= 14.6 h, born Fri 20 Nov 23:30")
    }

    func testAcrossMidnightAndDaylightSavingInWardTime() {
        func hours(born: String, now: String, zone: TimeZone = Self.london) -> Double? {
            let clock = ISO8601DateFormatter().date(from: now)!
            let f = filled(form(now: clock, zone: zone), age: born, tsb: "10")
            if case .number(let h)? = f.raw["age_hours"] { return h }
            return nil
        }
        // Midnight in November (GMT): 22:30 to 06:30 the next morning is 8 h.
        XCTAssertEqual(hours(born: "2026-11-20 22:30", now: "2026-11-21T06:30:00Z"), 8)
        // Clocks go forward at 01:00 GMT on 29 Mar 2026: 00:30 GMT to 12:00 BST is 10.5 h, not 11.5.
        XCTAssertEqual(hours(born: "2026-03-29 00:30", now: "2026-03-29T11:00:00Z"), 10.5)
        // Clocks go back at 02:00 BST on 25 Oct 2026: 00:30 BST to 12:00 GMT is 12.5 h, not 11.5.
        XCTAssertEqual(hours(born: "2026-10-25 00:30", now: "2026-10-25T12:00:00Z"), 12.5)
        // 01:30 on 25 Oct happens twice; the first (BST, 00:30 UTC) is taken, as WardLocalTime does.
        XCTAssertEqual(hours(born: "2026-10-25 01:30", now: "2026-10-25T12:00:00Z"), 11.5)
    }

    func testAFutureOrUnreadableTimeOfBirthIsRefused() {
        let future = filled(form(), age: "2026-11-21 15:00", tsb: "10")
        XCTAssertEqual(future.problem(for: "age_hours", in: future.evaluation),
                       "the time of birth is in the future (in 55 min)")
        let garbage = filled(form(), age: "soon", tsb: "10")
        XCTAssertTrue(garbage.problem(for: "age_hours", in: garbage.evaluation)?.hasPrefix("‘soon’ is neither hours nor a time of birth") ?? false)
        let tooOld = filled(form(), age: "2026-11-01 08:00", tsb: "10")
        XCTAssertEqual(tooOld.problem(for: "age_hours", in: tooOld.evaluation), "486.0833333333333 hours is outside 1–336 hours")
    }

    // MARK: From the chart

    func testTheChartsDateAndTimeOfBirthFillTheAge() throws {
        var facts = ChartFacts(birthDate: CalendarDate(year: 2026, month: 11, day: 19), gestationalAgeWeeks: 38, gestationalAgeDays: 2)
        facts.birthTime = TimeOfDay(hour: 3, minute: 15)
        var f = form()
        ChartPrefill.apply(facts, to: &f, now: Self.now, timeZone: Self.utc, noBirthTime: "no time of birth") { _ in "from chart" }
        XCTAssertEqual(f.state.text("age_hours"), "2026-11-19 03:15")
        XCTAssertEqual(f.state.text("gestational_age_weeks"), "38")
        XCTAssertEqual(f.chartNotes["age_hours"], "from chart")
        XCTAssertEqual(f.raw["age_hours"], .number(58 + 50.0 / 60))

        facts.birthTime = nil
        var g = form()
        ChartPrefill.apply(facts, to: &g, now: Self.now, timeZone: Self.utc, noBirthTime: "no time of birth") { _ in "from chart" }
        XCTAssertEqual(g.state.text("age_hours"), "", "without a time of birth the chart gives no hours")
        XCTAssertEqual(g.chartNotes["age_hours"], "no time of birth")
    }

    func testBelowThirtyFiveWeeksTheFormShowsNoThreshold() throws {
        let r = try XCTUnwrap(result(filled(form(), weeks: "33", age: "48", tsb: "12")))
        XCTAssertEqual(r.word("status"), "not_applicable")
        XCTAssertFalse(r.fields.contains { $0.key.contains("threshold_") })
    }
}
