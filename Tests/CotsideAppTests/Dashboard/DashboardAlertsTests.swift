import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Item 10: every alert the Trends insights raise for a cot shows on its Dashboard row (the most
/// urgent, "+N" for the others) and in the header count — one set of rules (`CotInsights`) on one
/// input per cot (`CotInsightInput`), checked against what the Trends screen says for each cot.
@MainActor
final class DashboardAlertsTests: WardTestCase {
    var dashboard: DashboardScreen { shell.tabs[0] as! DashboardScreen }

    /// The cot: a 4-year-old at 38.6 °C with a heart rate of 145 (APLS 2–5 y: 95–140).
    func testOutOfRangeReadingsOfA4YearOldAreAlerts() async throws {
        let child = try await admit(bed: "7", given: "Cara", family: "Four", dob: "2022-09-01", ga: (40, 0), weight: 3_400,
                                    hoursAgo: 5)
        try await logNappy(child, .wet, minutesAgo: 30)
        for (kind, value) in [(MeasurementKind.temperature, 38.6), (.heartRate, 145)] {
            _ = try await store.logMeasurement(MeasurementDraft(patientId: child.id, measuredAt: Self.now.addingTimeInterval(-600),
                                                                kind: kind, value: value), by: nil)
        }
        try await startShell()
        let lines = screen(width: 120, height: 24)
        XCTAssertTrue(lines[1].contains("alerts 2"), lines[1])
        let row = try XCTUnwrap(lines.first { $0.contains("Cara Four") })
        XCTAssertTrue(row.contains("Temperature +1"), row)
        let alerts = dashboard.alerts[child.id] ?? []
        XCTAssertEqual(alerts.map(\.summary), ["Temperature 38.6 °C is above 37.5 (latest reading)",
                                               "Heart rate 145 bpm is above 140 (latest reading)"])

        // The Trends screen lists the same two, as warnings.
        shell.selectPatient(child)
        await press(.char("5"))
        let text = screenText(width: 140, height: 50)
        XCTAssertTrue(text.contains("! Temperature 38.6 °C is above 37.5 (latest reading)"), text)
        XCTAssertTrue(text.contains("! Heart rate 145 bpm is above 140 (latest reading)"), text)
    }

    /// A cot's own goal range replaces the age default: 38.6 °C inside a goal of 36–39 is no alert.
    func testTheCotsGoalRangeDecidesWhatIsOutOfRange() async throws {
        let child = try await admit(bed: "7", given: "Cara", family: "Four", dob: "2022-09-01", ga: (40, 0), weight: 3_400,
                                    hoursAgo: 5)
        try await logNappy(child, .wet, minutesAgo: 30)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: child.id, measuredAt: Self.now.addingTimeInterval(-600),
                                                            kind: .temperature, value: 38.6), by: nil)
        try await store.setGoalRange(patientId: child.id, kind: .temperature, GoalRange(low: 36, high: 39, source: ""), by: nil)
        try await startShell()
        XCTAssertEqual(dashboard.alerts[child.id]?.count, 0)
        XCTAssertTrue(screen(width: 120, height: 24)[1].contains("alerts 0"))
    }

    /// No wet nappy is urgent and comes before a warning on the row.
    func testMostUrgentAlertFirst() async throws {
        let baby = try await admit(bed: "2", given: "Dan", family: "Dry", hoursAgo: 12)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: baby.id, measuredAt: Self.now.addingTimeInterval(-600),
                                                            kind: .temperature, value: 35.2), by: nil)
        try await startShell()
        let alerts = dashboard.alerts[baby.id] ?? []
        XCTAssertEqual(alerts.map(\.kind), [.noWetNappy, .latestOutOfRange])
        XCTAssertEqual(alerts.map(\.severity), [.urgent, .warning])
        let row = try XCTUnwrap(screen(width: 120, height: 24).first { $0.contains("Dan Dry") })
        XCTAssertTrue(row.contains("✖ no wet 12 h +1"), row)
    }

    /// On a seeded demo ward with out-of-range readings added, each cot's Dashboard alerts are
    /// exactly the alerts of its Trends screen (read through the Trends screen's own load and
    /// layout, at every window), and the header counts them all.
    func testDashboardAlertsAgreeWithTrendsInsightsOnASeededWard() async throws {
        _ = try await DemoWard.generate(into: store, cots: 8, days: 30, seed: 4, now: Self.now, timeZone: Self.utc)
        let patients = try await store.admittedPatients()
        for (i, patient) in patients.enumerated() where i % 2 == 0 {
            for minutes in [50.0, 200, 400] where i % 4 == 0 || minutes == 50 {
                _ = try await store.logMeasurement(MeasurementDraft(
                    patientId: patient.id, measuredAt: Self.now.addingTimeInterval(-minutes * 60), kind: .heartRate,
                    value: 205), by: nil)
            }
        }
        try await startShell()
        let rows = dashboard.rows
        XCTAssertEqual(rows.count, patients.count)
        var total = 0
        for row in rows {
            let onDashboard = dashboard.alerts[row.patient.id] ?? []
            total += onDashboard.count
            for window in [TrendWindow.hours24, .days7, .all] {
                let trends = try await store.patientTrends(patientId: row.patient.id, window: window, now: Self.now,
                                                           timeZone: Self.utc)
                XCTAssertEqual(row.insightInput, trends.insightInput, "bed \(row.patient.bedLabel): one input")
                // The input's day totals (one range search per cot) against the Trends screen's own.
                let figures = { (d: TrendDay) in [Double(d.wet), Double(d.nappies), d.feedML, Double(d.feeds), d.stayHours] }
                XCTAssertEqual(trends.insightInput.days.map(figures), trends.days.suffix(CotInsightInput.dayCount).map(figures),
                               "bed \(row.patient.bedLabel), window \(window)")
                let layout = PatientTrendsLayout(trends: trends, medications: nil, context: shell.context, width: 138)
                XCTAssertEqual(onDashboard, layout.insights().filter(\.severity.isAlert),
                               "bed \(row.patient.bedLabel), window \(window)")
            }
        }
        XCTAssertGreaterThan(total, rows.count / 2, "the seeded ward should raise alerts to compare")
        XCTAssertTrue(Set(dashboard.alerts.values.flatMap { $0.map(\.kind) }).isSuperset(of: [.repeatedOutOfRange, .latestOutOfRange]))
        XCTAssertTrue(screen(width: 120, height: 24)[1].contains("alerts \(total)"))
    }
}
