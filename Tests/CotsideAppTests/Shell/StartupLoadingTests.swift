import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// What loads before the first frame: only the tab in front (hidden tabs load when first shown),
/// and one due-board query serves both the drug round and the dose reminder in a reload.
@MainActor
final class StartupLoadingTests: WardTestCase {
    var dashboard: DashboardScreen { shell.tabs[0] as! DashboardScreen }
    var history: HistoryScreen { shell.tabs[1] as! HistoryScreen }
    var meds: MedicationsScreen { shell.tabs[3] as! MedicationsScreen }
    var trends: TrendsScreen { shell.tabs[4] as! TrendsScreen }

    func startShell(initialTab: Tab?) async throws {
        shell = try await AppBootstrap.makeWardShell(options: launchOptions, terminalHasColour: false,
                                                     persistPreferences: false, assumeDisclaimerAccepted: true,
                                                     askForUser: false, initialTab: initialTab)
        await shell.settle()
    }

    func testOnlyTheTabInFrontLoadsAtStartAndAHiddenTabLoadsWhenFirstShown() async throws {
        let seed = try await seedMedications()
        try await startShell()
        XCTAssertNotNil(dashboard.dashboard, "the Dashboard is in front and loaded")
        XCTAssertFalse(history.loaded, "History is hidden: not loaded before it is shown")
        XCTAssertNil(meds.board, "the drug round is hidden: not loaded before it is shown")
        XCTAssertNil(trends.patientTrends)
        XCTAssertNil(trends.wardTrends)
        // The status line's counts come from the reminder, whatever tab is in front.
        XCTAssertEqual(shell.context.doseCounts, DoseCounts(due: 2, overdue: 1))

        await press(.char("4"))
        XCTAssertEqual(meds.items.map(\.medication.id), [seed.paracetamol.id, seed.caffeine.id, seed.gentamicin.id])
        await press(.char("2"))
        XCTAssertTrue(history.loaded)
    }

    func testAHiddenTabShowsWritesMadeWhileItWasHidden() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await press(.char("4"))
        XCTAssertEqual(meds.items.count, 3)
        await press(.char("1"))
        // Recorded elsewhere while the round is hidden; the reload this triggers skips hidden tabs.
        _ = try await store.recordDose(DoseRecordDraft(medicationId: seed.paracetamol.id, scheduledAt: today("13:00"),
                                                        status: .given, recordedAt: Self.now), by: seed.nurse.id)
        shell.perform(.reloadAll)
        await shell.settle()
        XCTAssertEqual(meds.items.count, 3, "hidden: keeps what it showed until it is shown again")
        await press(.char("4"))
        XCTAssertEqual(meds.items.map(\.medication.id), [seed.caffeine.id, seed.gentamicin.id])
    }

    func testTheRoundAndTheReminderShareOneDueBoardQuery() async throws {
        _ = try await seedMedications()
        try await startShell(initialTab: .medications)
        XCTAssertTrue(shell.front === meds)
        XCTAssertEqual(shell.context.dueBoards.queriesStarted, 1, "round and reminder read one board at start")
        XCTAssertNil(dashboard.dashboard, "opened on the round: the Dashboard is not loaded")
        XCTAssertEqual(meds.board?.overdueCount, 1)
        XCTAssertEqual(meds.board?.dueCount, 2)
        XCTAssertEqual(shell.context.doseCounts, DoseCounts(due: meds.board!.dueCount, overdue: meds.board!.overdueCount))

        shell.perform(.reloadAll)
        await shell.settle()
        XCTAssertEqual(shell.context.dueBoards.queriesStarted, 2, "a reload of both is one more query, not two")

        // Outside a reload pass nothing is shared: showing the round again reads the ward afresh.
        await press(.char("1"), .char("4"))
        XCTAssertEqual(shell.context.dueBoards.queriesStarted, 3)
    }

    func testOpeningOnATabDrawsWhatPressingItsNumberDraws() async throws {
        _ = try await seedMedications()
        try await startShell(initialTab: .medications)
        let direct = screenText(width: 120, height: 40)
        try await startShell(initialTab: nil)
        await press(.char("4"))
        XCTAssertEqual(direct, screenText(width: 120, height: 40))
    }
}
