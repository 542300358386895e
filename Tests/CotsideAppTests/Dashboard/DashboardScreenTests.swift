import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Dashboard: golden screens (empty and full), quick log with undo, nappy round, opening History.
@MainActor
final class DashboardScreenTests: WardTestCase {
    var dashboard: DashboardScreen { shell.tabs[0] as! DashboardScreen }

    /// Two cots: bed 3 term baby with a weighed wet nappy; bed 10 preterm (30+4) with no wet
    /// nappy since admission 48 h ago, which must raise the alert with a symbol and a word.
    func seedTwoCots() async throws -> (Staff, Patient, Patient) {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let bo = try await admit(bed: "10", given: "Bo", family: "Preterm", dob: "2026-11-01", ga: (30, 4), weight: 1450)
        try await logNappy(ada, .wet, minutesAgo: 30, weight: 40, by: nurse)
        try await logNappy(ada, .dirty, minutesAgo: 90, colour: .yellow, by: nurse)
        try await logNappy(bo, .dirty, minutesAgo: 600, colour: .green)
        var settings = try await store.settings()
        settings.wardName = "Neonatal B"
        settings.dryNappyWeightGrams = 12
        _ = try await store.updateSettings(settings, by: nil)
        return (nurse, ada, bo)
    }

    func testEmptyWardSaysHowToAdmit() async throws {
        try await startShell()
        assertScreen(Golden.dashboardEmpty)
    }

    func testFullDashboard() async throws {
        let (nurse, _, _) = try await seedTwoCots()
        try await startShell()
        await signIn(nurse)
        // Bo: 20 days old, born 30+4 → corrected 33+3; Ada: urine (40−12) g over 3.2 kg and
        // 6 h = 28/3.2/6 = 1.46 mL/kg/h; 24 h: the baby was admitted 48 h ago so 28/3.2/24 = 0.36.
        assertScreen(Golden.dashboardFull)
    }

    /// At 80×24 the sparkline and the last nappy's wording give way; who each cot holds and its
    /// alert stay whole (the name was cut to "Ivy…" before).
    func testAt80ColumnsNamesAndAlertsStayWhole() async throws {
        let (nurse, _, _) = try await seedTwoCots()
        try await startShell()
        await signIn(nurse)
        let lines = screen(width: 80, height: 24)
        let text = lines.joined(separator: "\n")
        XCTAssertTrue(lines.contains { $0.contains("Ada Lovelace") && $0.contains("3 d") }, text)
        XCTAssertTrue(lines.contains { $0.contains("Bo Preterm") && $0.contains("20 d · 33+3 cGA") && $0.contains("✖ no wet 48 h") },
                      text)
    }

    func testQuickLogWetThenUndo() async throws {
        let (nurse, ada, _) = try await seedTwoCots()
        try await startShell()
        await signIn(nurse)
        let before = try await storedNappies(patient: ada).count

        await press(.char("w"))
        let after = try await storedNappies(patient: ada)
        XCTAssertEqual(after.count, before + 1)
        XCTAssertEqual(after.first?.nappyKind, .wet)
        XCTAssertEqual(after.first?.occurredAt, Self.now)
        XCTAssertEqual(after.first?.staffInitials, "NN")
        XCTAssertEqual(messageText, "Logged wet nappy for bed 3 (Ada Lovelace) at 14:05 — press u to undo")
        XCTAssertEqual(dashboard.rows.first?.wetToday, 2, "the Dashboard reloads after the write")

        await press(.char("u"))
        let undone = try await storedNappies(patient: ada).count
        XCTAssertEqual(undone, before)
        XCTAssertEqual(messageText, "Undone: wet nappy for bed 3 (Ada Lovelace)")
        XCTAssertEqual(dashboard.rows.first?.wetToday, 1)
        await press(.char("u"))
        XCTAssertEqual(messageText, "Nothing to undo in this session")
    }

    func testQuickLogNeedsSomeoneAtTheKeyboard() async throws {
        _ = try await seedTwoCots()
        try await startShell()
        await press(.char("w"))
        let stored = try await storedNappies().count
        XCTAssertEqual(stored, 3, "nothing is stored without a user")
        XCTAssertEqual(shell.message?.kind, .warning)
    }

    func testNappyRoundLogsEveryMarkedCotInOneUndo() async throws {
        let (nurse, ada, bo) = try await seedTwoCots()
        let cy = try await admit(bed: "12", given: "Cy", family: "Third")
        try await startShell()
        await signIn(nurse)
        // Space marks bed 3 and moves to bed 10; Space marks bed 10 too; bed 12 stays unmarked.
        await press(.char(" "), .char(" "))
        XCTAssertEqual(dashboard.marked, [ada.id, bo.id])
        XCTAssertTrue(screenText().contains("2 marked for a round"))
        await press(.char("d"))
        let adaDirty = try await storedNappies(patient: ada).filter { $0.occurredAt == Self.now && $0.nappyKind == .dirty }
        let boDirty = try await storedNappies(patient: bo).filter { $0.occurredAt == Self.now && $0.nappyKind == .dirty }
        let cyAll = try await storedNappies(patient: cy)
        XCTAssertEqual(adaDirty.count, 1)
        XCTAssertEqual(boDirty.count, 1)
        XCTAssertEqual(cyAll.count, 0)
        XCTAssertTrue(dashboard.marked.isEmpty, "marks clear after the round")
        XCTAssertEqual(messageText, "Logged dirty nappy for 2 cots (3, 10) at 14:05 — press u to undo")

        await press(.char("u"))
        let left = try await storedNappies().filter { $0.occurredAt == Self.now }
        XCTAssertTrue(left.isEmpty, "one undo takes back the whole round")
    }

    func testEnterOpensThatCotsHistory() async throws {
        let (nurse, _, bo) = try await seedTwoCots()
        try await startShell()
        await signIn(nurse)
        await press(.down, .enter)
        XCTAssertEqual(shell.activeTab, 1)
        XCTAssertEqual(shell.context.selectedPatient?.id, bo.id)
        let history = shell.tabs[1] as! HistoryScreen
        XCTAssertEqual(history.events.map(\.bedLabel), ["10"])
        XCTAssertTrue(screenText().contains("Bed 10 Bo Preterm"))
    }

    func testMinimumSizeAndNarrowLayoutKeepEveryColumn() async throws {
        let (nurse, _, _) = try await seedTwoCots()
        try await startShell()
        await signIn(nurse)
        let lines = screen(width: 80, height: 24)
        XCTAssertTrue(lines[2].contains("Alert"), lines[2])
        XCTAssertTrue(lines[4].contains("33+3 cGA"), lines[4])
        XCTAssertTrue(lines[4].contains("no wet 48 h"), lines[4])
        XCTAssertTrue(screen(width: 79, height: 24).joined().contains("Enlarge the window"))
    }

    /// A click selects the cot drawn on its line, the margin included; the column header is no
    /// cot. The mouse finds rows through the same regions render draws in.
    func testClickingACotSelectsTheCotDrawnThere() async throws {
        let (nurse, ada, bo) = try await seedTwoCots()
        try await startShell()
        await signIn(nurse)
        let lines = screen()
        let boLine = try XCTUnwrap(lines.firstIndex { $0.contains("Bo Preterm") })
        let header = try XCTUnwrap(lines.firstIndex { $0.contains("Bed") && $0.contains("Last nappy") })
        shell.handle(.mouse(MouseEvent(x: 0, y: boLine, kind: .click(button: 1))))
        await shell.settle()
        XCTAssertEqual(dashboard.selectedRow?.patient.id, bo.id)
        XCTAssertEqual(shell.context.selectedPatient?.id, bo.id, "the clicked cot is whom the other tabs are about")
        shell.handle(.mouse(MouseEvent(x: 20, y: header, kind: .click(button: 1))))
        await shell.settle()
        XCTAssertEqual(dashboard.selectedRow?.patient.id, bo.id, "a click on the header selects nothing")
        shell.handle(.mouse(MouseEvent(x: 60, y: boLine - 1, kind: .click(button: 1))))
        await shell.settle()
        XCTAssertEqual(dashboard.selectedRow?.patient.id, ada.id)
    }
}

/// Writes by another store handle (another workstation, the CLI) reach the Dashboard through
/// the store's change stream, without any key pressed.
@MainActor
final class LiveUpdateTests: WardTestCase {
    func testAnotherWritersNappyShowsWithinTwoSeconds() async throws {
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        try await startShell()
        shell.startObservingStore()
        // Let the observer take its first data_version reading before the other write.
        try await Task.sleep(for: .milliseconds(700))
        let dashboard = shell.tabs[0] as! DashboardScreen
        XCTAssertEqual(dashboard.rows.first?.wetToday, 0)
        try await logNappy(ada, .wet, minutesAgo: 5)
        // The loop's part: take messages (the change, then the reload it asks for) as they come;
        // a tick after the deadline makes sure a missing change fails instead of hanging.
        let deadline = ContinuousClock.now + .seconds(2)
        let messages = shell.messages
        Task { try await Task.sleep(for: .seconds(2)); messages.post(.tick) }
        while dashboard.rows.first?.wetToday != 1, ContinuousClock.now < deadline,
              let message = await messages.next() {
            shell.receive(message)
        }
        XCTAssertEqual(dashboard.rows.first?.wetToday, 1)
        XCTAssertTrue(screenText().contains("5 min ago wet"))
    }

}

/// Ward settings live in the store: the Settings screen's last row opens their form.
@MainActor
final class WardSettingsTests: WardTestCase {
    func testWardSettingsAreSavedAndShownInTheStatusLine() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        try await startShell()
        await signIn(nurse)
        await press(.char("s"), .down, .down, .enter)
        XCTAssertTrue(shell.front is WardSettingsScreen)
        await press(.ctrl("u"))
        await type("Neonatal B")
        await press(.tab, .ctrl("u"))
        await type("7:60")
        await press(.enter)
        XCTAssertTrue(screenText().contains("‘7:60’ is not a time of day"), screenText())
        await press(.ctrl("u"))
        await type("07:00")
        await press(.tab, .ctrl("u"))
        await type("6")
        await press(.tab, .ctrl("u"))
        await type("12")
        await press(.enter)
        let saved = try await store.settings()
        XCTAssertEqual(saved, WardSettings(wardName: "Neonatal B", dayStartMinutes: 420, noWetAlertThresholdMinutes: 360,
                                           dryNappyWeightGrams: 12, requirePin: false),
                       "the test ward's PINs stay off: the form saves only what was changed")
        XCTAssertTrue(screen()[22].hasPrefix(" Neonatal B"), screen()[22])
    }
}
