import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The Dashboard's issue-6 columns: next dose with its overdue mark, intake against
/// Holliday–Segar maintenance, the latest out-of-range measurement, and the quick feed log.
@MainActor
final class DashboardDoseColumnsTests: WardTestCase {
    var dashboard: DashboardScreen { shell.tabs[0] as! DashboardScreen }

    func seedIntake(_ seed: MedicationSeed) async throws {
        // Ada (birth weight 3200 g, no weight logged): 2 × 60 mL EBM in the last 24 h.
        for minutes in [60.0, 240] {
            _ = try await store.logFeed(FeedDraft(patientId: seed.ada.id, occurredAt: Self.now.addingTimeInterval(-minutes * 60),
                                                  kind: .expressedBreastMilk, volumeML: 60), by: seed.nurse.id)
        }
        // Bo: weighed 1500 g today; 38.4 °C at 13:10 is above the default temperature range.
        _ = try await store.logMeasurement(MeasurementDraft(patientId: seed.bo.id, measuredAt: Self.now.addingTimeInterval(-3600),
                                                            kind: .weight, value: 1500), by: seed.nurse.id)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: seed.bo.id, measuredAt: today("13:10"),
                                                            kind: .temperature, value: 38.4), by: seed.nurse.id)
    }

    func testMaintenanceFollowsHollidaySegar() {
        // Holliday MA, Segar WE. Pediatrics 1957;19:823–832: 100 mL/kg/day for the first 10 kg,
        // 50 mL/kg/day for the next 10, 20 mL/kg/day beyond: 3.2 kg → 320, 15 kg → 1250, 30 kg → 1700.
        XCTAssertEqual(DashboardDoseColumns.maintenanceML(weightGrams: 3200)!, 320, accuracy: 0.001)
        XCTAssertEqual(DashboardDoseColumns.maintenanceML(weightGrams: 15000)!, 1250, accuracy: 0.001)
        XCTAssertEqual(DashboardDoseColumns.maintenanceML(weightGrams: 30000)!, 1700, accuracy: 0.001)
        XCTAssertNil(DashboardDoseColumns.maintenanceML(weightGrams: 0))
    }

    func testDashboardWithDoseAndIntakeColumns() async throws {
        let seed = try await seedMedications()
        try await seedIntake(seed)
        try await startShell()
        await signIn(seed.nurse)
        // Ada: next dose paracetamol 13:00, overdue (! mark); intake 120 of 320 mL = 38 %.
        // Bo: gentamicin 14:00 due; 1500 g → 150 mL maintenance; temperature 38.4 high.
        assertScreen(Golden.dashboardDoses, width: 160, height: 24)
    }

    /// A next dose tomorrow says so, and its time is not cut, at the narrowest width that shows
    /// the column: "tomorrow 09:00", never "09:00" read as today.
    func testNextDoseTomorrowCarriesItsDay() async throws {
        let seed = try await seedMedications()
        let cy = try await admit(bed: "5", given: "Cy", family: "Long")
        _ = try await store.addMedication(MedicationDraft(
            patientId: cy.id, drugName: "vitamin D", doseAmount: 400, doseUnit: .units, route: .oral,
            schedule: .fixedTimes([TimeOfDay("09:00")!]), startsAt: Self.now), by: seed.doctor.id)
        try await startShell()
        await signIn(seed.nurse)
        for width in [98, 112] {
            let lines = screen(width: width, height: 24)
            let row = try XCTUnwrap(lines.first { $0.contains("Cy Long") }, lines.joined(separator: "\n"))
            XCTAssertTrue(row.contains("tomorrow 09:00"), "\(width) columns: " + row)
        }
    }

    func testDetailLineAtNarrowWidth() async throws {
        let seed = try await seedMedications()
        try await seedIntake(seed)
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("j"))
        let text = screenText()
        XCTAssertTrue(text.contains("Intake 24 h: 0 mL (0 mL/kg, 1500 g) of 180–225 mL (0 %, day 21 of life)"), text)
        XCTAssertTrue(text.contains("▲ high temperature 38.4"), text)
        XCTAssertTrue(text.contains("Doses 2 due · 1 overdue"), "the status line counts the ward's doses")
    }

    func testQuickFeedRemembersTheLastFeedOfTheCot() async throws {
        let seed = try await seedMedications()
        try await seedIntake(seed)
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("f"))
        let form = try XCTUnwrap(shell.front as? QuickFeedScreen)
        XCTAssertEqual(form.state.choice("kind"), FeedKind.allCases.firstIndex(of: .expressedBreastMilk))
        XCTAssertEqual(form.state.text("amount"), "60")
        await press(.enter)
        let latest = try await store.latestFeed(patientId: seed.ada.id)
        XCTAssertEqual(latest?.occurredAt, Self.now)
        XCTAssertEqual(latest?.volumeML, 60)
        XCTAssertEqual(messageText, "Logged expressed breast milk 60 mL for bed 3 at 14:05 — press u to undo")
        XCTAssertEqual(dashboard.rows.first?.intake24hML, 180)
    }

    func testTypingIntoTheRememberedVolumeReplacesIt() async throws {
        let seed = try await seedMedications()
        try await seedIntake(seed)
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("f"), .tab, .tab)  // time, kind, amount
        await type("15")
        let form = try XCTUnwrap(shell.front as? QuickFeedScreen)
        XCTAssertEqual(form.state.text("amount"), "15", "the remembered 60 is replaced, not appended to (6015)")
        await press(.enter)
        let latest = try await store.latestFeed(patientId: seed.ada.id)
        XCTAssertEqual(latest?.volumeML, 15)
    }

    func testQuickFeedShowsTheStoresRefusalAtTheField() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("f"))
        await type("1500")
        await press(.enter)
        XCTAssertTrue(shell.front is QuickFeedScreen, "a refused feed keeps the form open")
        XCTAssertEqual(shell.message?.kind, .error)
        let latest = try await store.latestFeed(patientId: seed.ada.id)
        XCTAssertNil(latest)
    }

    func testNarrowDashboardShowsAnOverdueDoseAsTheAlert() async throws {
        let seed = try await seedMedications()
        try await logNappy(seed.ada, .wet, minutesAgo: 30)
        try await startShell()
        await signIn(seed.nurse)
        // At 80 columns the next-dose column gives way; Ada (wet nappy 30 min ago, so no nappy
        // alert) has paracetamol overdue, Bo keeps his no-wet alert, the most urgent of his two.
        let lines = screen(width: 80, height: 24)
        XCTAssertFalse(lines[2].contains("Next dose"), lines[2])
        XCTAssertTrue(lines[3].contains("✖ med overdue"), lines[3])
        XCTAssertTrue(lines[4].contains("✖ no wet 48 h +1"), lines[4])
    }

    /// The 80×24 shift's defect: a cot with an overdue dose AND another alert showed only the
    /// other alert, so at 80 columns the overdue dose was nowhere on the Dashboard.
    func testNarrowDashboardNeverHidesAnOverdueDoseBehindAnotherAlert() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.nurse)
        // Ada has no nappy today (a no-wet alert) and paracetamol overdue.
        let lines = screen(width: 80, height: 24)
        let ada = try XCTUnwrap(lines.first { $0.contains(seed.ada.fullName) }, lines.joined(separator: "\n"))
        XCTAssertTrue(ada.contains("✖ med overdue +"), ada)
    }
}
