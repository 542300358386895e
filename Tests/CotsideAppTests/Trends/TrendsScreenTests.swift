import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The Trends tab: a golden screen for a seeded demo patient at the fixed clock, the ward view,
/// window switching with [ ], scrolling and the chart cursor, and opening it with t.
@MainActor
final class TrendsScreenTests: WardTestCase {
    var trends: TrendsScreen { shell.tabs[4] as! TrendsScreen }

    /// A small seeded demo ward (3 cots × 14 days, seed 1) at the fixed clock.
    func seedDemo() async throws {
        _ = try await DemoWard.generate(into: store, cots: 3, days: 14, seed: 1, now: Self.now, timeZone: Self.utc)
    }

    func testGoldenPatientTrends() async throws {
        try await seedDemo()
        try await startShell()
        let patients = try await store.admittedPatients()
        let patient = try XCTUnwrap(patients.first)
        shell.selectPatient(patient)
        await shell.settle()
        await press(.char("5"))
        assertScreen(TrendsGolden.demoPatient, width: 140, height: 50)
    }

    func testWardViewWhenTheWholeWardIsChosen() async throws {
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let bo = try await admit(bed: "4", given: "Bo", family: "Brown")
        try await logNappy(ada, .wet, minutesAgo: 30)
        try await logNappy(ada, .dirty, minutesAgo: 60)
        try await logNappy(bo, .mixed, minutesAgo: 90)
        try await logNappy(bo, .wet, minutesAgo: 60 * 24 + 5)  // yesterday (13:00 on 20 Nov)
        try await startShell()
        await press(.char("5"))
        XCTAssertEqual(trends.patientTrends?.patient.id, ada.id, "the Dashboard's selected cot until another is chosen")
        await press(.char("w"))
        let ward = try XCTUnwrap(trends.wardTrends)
        // Today: wet (Ada), dirty (Ada), mixed (Bo) → wet 2, dirty 2, 3 changes; yesterday one wet.
        XCTAssertEqual([ward.days.last!.wet, ward.days.last!.dirty, ward.days.last!.nappies], [2, 2, 3])
        XCTAssertEqual(ward.days.dropLast().last!.wet, 1)
        XCTAssertEqual(ward.occupiedCots, 2)
        let text = screenText(width: 120, height: 40)
        XCTAssertTrue(text.contains("Ward trends · last 7 days"), text)
        XCTAssertTrue(text.contains("2 occupied cots"), text)
        XCTAssertTrue(text.contains("Nappies per day (all cots)"), text)
        XCTAssertTrue(text.contains("█ wet  ▒ dirty"), text)
    }

    func testWindowSwitchingReloads() async throws {
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace", dob: "2026-10-01", hoursAgo: 24 * 40)
        try await logNappy(ada, .wet, minutesAgo: 60 * 24 * 20)  // 20 days ago: only in 30-day and wider windows
        try await startShell()
        shell.selectPatient(ada)
        await press(.char("5"))
        XCTAssertEqual(trends.patientTrends?.window, .days7)
        XCTAssertEqual(trends.patientTrends?.shownDays.map(\.nappies).reduce(0, +), 0)
        await press(.char("]"), .char("]"))
        XCTAssertEqual(trends.patientTrends?.window, .days30)
        XCTAssertEqual(trends.patientTrends?.shownDays.count, 30)
        XCTAssertEqual(trends.patientTrends?.shownDays.map(\.nappies).reduce(0, +), 1, "the older nappy is now in the window")
        XCTAssertTrue(screenText(width: 120, height: 40).contains("Trends · bed 3 Ada Lovelace · 7 wk · last 30 days"))
        await press(.char("["), .char("["), .char("["), .char("["))
        XCTAssertEqual(trends.patientTrends?.window, .hours24, "[ stops at 24 h")
        await press(.char("]"), .char("]"), .char("]"), .char("]"), .char("]"), .char("]"), .char("]"))
        XCTAssertEqual(trends.patientTrends?.window, .all, "] stops at all")
        XCTAssertGreaterThanOrEqual(trends.patientTrends?.windowDays ?? 0, 21, "all reaches back to the first entry")
    }

    /// Item 11: a cot admitted this morning with a nappy and 250 mL IV: the 24 h window's daily
    /// rows show today so far, marked as such, never "0" or "–" (and yesterday, before the
    /// admission, is no day of the stay).
    func testPartialDayIsShownSoFarNotAsZero() async throws {
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace", weight: 5000, hoursAgo: 6)
        try await logNappy(ada, .wet, minutesAgo: 120)
        _ = try await store.logFeed(FeedDraft(patientId: ada.id, occurredAt: Self.now.addingTimeInterval(-3600), kind: .iv,
                                              volumeML: 250), by: nil)
        try await startShell()
        shell.selectPatient(ada)
        await press(.char("5"), .char("["))
        XCTAssertEqual(trends.patientTrends?.window, .hours24)
        let lines = screen(width: 140, height: 50)
        let nappies = try XCTUnwrap(lines.first { $0.contains("Nappies/day") })
        let wet = try XCTUnwrap(lines.first { $0.contains("Wet nappies/day") })
        let intake = try XCTUnwrap(lines.first { $0.contains("Intake (mL/kg/day)") })
        // 250 mL IV for 5 kg = 50 mL/kg in the 6 h since admission.
        XCTAssertTrue(nappies.contains("1 so far"), nappies)
        XCTAssertTrue(wet.contains("1 so far"), wet)
        XCTAssertTrue(intake.contains("50 so far"), intake)
        XCTAssertFalse(nappies.contains(" 0 "), nappies)
        let today = try XCTUnwrap(trends.patientTrends?.days.last)
        XCTAssertEqual(today.stayHours, 6, accuracy: 1e-6, "today counts from the admission")
        XCTAssertFalse(today.isComplete)
        XCTAssertEqual(trends.patientTrends?.days.dropLast().last?.stayHours, 0, "yesterday was before the admission")
    }

    func testScrollAndCursorOnTheChartAtTheTop() async throws {
        try await seedDemo()
        try await startShell()
        shell.selectPatient(try await store.admittedPatients().first)
        await press(.char("5"))
        _ = screen(width: 140, height: 50)
        await press(.pageDown)
        XCTAssertGreaterThan(trends.scroll, 0)
        let focused = try XCTUnwrap(trends.focusedSection)
        await press(.left)
        let text = screenText(width: 140, height: 50)
        // The cursor readout starts with the reading's time; the newest stop is selected first.
        let chart = try XCTUnwrap(trends.sections(width: 138, shell.context).first { $0.id == focused.id }?.line)
        let readout = try XCTUnwrap(chart.readout())
        XCTAssertTrue(text.contains(readout), "readout \(readout) missing:\n\(text)")
        let before = trends.scroll
        await press(.char("k"))
        XCTAssertEqual(trends.scroll, before - 1, "k scrolls up one row")
        await press(.home)
        XCTAssertEqual(trends.scroll, 0)
    }

    func testTOnTheDashboardOpensTrendsForThatCot() async throws {
        try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await startShell()
        await press(.char("t"))
        XCTAssertEqual(shell.activeTab, 4)
        XCTAssertEqual(trends.patientTrends?.patient.bedLabel, "3")
        await press(.escape)
        XCTAssertNil(shell.context.selectedPatient, "Esc goes to the ward view")
        XCTAssertNotNil(trends.wardTrends)
    }

    /// A baby born at 31 weeks, 10 days old (31+3 → 32+6 weeks' postmenstrual age in the window):
    /// the weight chart has the INTERGROWTH-21st preterm band (Villar et al., Lancet Glob Health
    /// 2015), not WHO's term chart and not "no band until term".
    func testPretermWeightChartUsesTheIntergrowthPretermBand() async throws {
        let bo = try await admit(bed: "10", given: "Bo", family: "Preterm", dob: "2026-11-11", ga: (31, 0), weight: 1400, hoursAgo: 24 * 10)
        for (daysAgo, grams) in [(7, 1380.0), (4, 1420.0), (1, 1490.0)] {
            _ = try await store.logMeasurement(MeasurementDraft(patientId: bo.id, measuredAt: Self.now.addingTimeInterval(-Double(daysAgo) * 86_400),
                                                                kind: .weight, value: grams), by: nil)
        }
        try await startShell()
        shell.selectPatient(bo)
        await press(.char("5"))
        var text = ""
        for _ in 0..<4 {
            text += screenText(width: 140, height: 50)
            await press(.pageDown)
        }
        XCTAssertTrue(text.contains("INTERGROWTH-21st preterm 3rd–97th"), text)
        XCTAssertFalse(text.contains("start at term-corrected age"), text)
    }
}

