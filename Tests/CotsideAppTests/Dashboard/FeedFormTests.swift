import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The feed form as a ward charts: a time like every other form, notes, IV infusions by fluid,
/// rate, start and stop (stopped later by editing the infusion from History), outputs.
@MainActor
final class FeedFormTests: WardTestCase {
    var dashboard: DashboardScreen { shell.tabs[0] as! DashboardScreen }

    func seedCot() async throws -> (Staff, Patient) {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        return (nurse, ada)
    }

    /// `f` on the Dashboard, then an IV infusion typed: started 3 h ago, 10% glucose at 6 mL/h.
    func typeInfusion() async throws -> QuickFeedScreen {
        await press(.char("f"))
        let form = try XCTUnwrap(shell.front as? QuickFeedScreen)
        await type("-3h")
        await press(.tab, .char("7"))  // kind: IV (the 7th)
        XCTAssertEqual(form.state.fields.map(\.id), ["time", "kind", "fluid", "rate", "stop", "amount", "notes"],
                       "IV asks for the fluid, the rate, the stop and (instead of a rate) a bolus")
        await press(.tab)
        await type("10% glucose")
        await press(.tab)
        await type("6")
        return form
    }

    func testTheIVInfusionFormAt80x24() async throws {
        let (nurse, _) = try await seedCot()
        try await startShell()
        await signIn(nurse)
        _ = try await typeInfusion()
        assertScreen(FeedFormGolden.infusion, width: 80, height: 24)
        await press(.backTab)
        XCTAssertTrue(screenText(width: 80).contains("e.g. 10% glucose — Enter saves"), "the fluid field suggests the fluids typed")
    }

    func testAnInfusionIsSavedWithItsStartAndCountsTheHoursRun() async throws {
        let (nurse, ada) = try await seedCot()
        try await startShell()
        await signIn(nurse)
        _ = try await typeInfusion()
        await press(.enter)
        XCTAssertFalse(shell.front is QuickFeedScreen, messageText ?? "")
        let feed = try await store.latestFeed(patientId: ada.id)
        XCTAssertEqual(feed?.kind, .iv)
        XCTAssertEqual(feed?.fluid, "10% glucose")
        XCTAssertEqual(feed?.rateMLPerHour, 6)
        XCTAssertEqual(feed?.occurredAt, Self.now.addingTimeInterval(-3 * 3600))
        XCTAssertNil(feed?.stoppedAt)
        XCTAssertEqual(feed?.recordedBy, nurse.id)
        XCTAssertEqual(messageText, "Logged IV 10% glucose 6 mL/h for bed 3 at 11:05 — press u to undo")
        XCTAssertEqual(dashboard.rows.first?.intake24hML, 18, "3 h at 6 mL/h so far")
    }

    /// A feed charted for yesterday says so in its message, not a bare time read as today's.
    func testTheMessageOfAFeedChartedYesterdayNamesTheDay() async throws {
        let (nurse, _) = try await seedCot()
        try await startShell()
        await signIn(nurse)
        await press(.char("f"))
        await type("-15h")
        await press(.tab, .char("7"), .tab)
        await type("10% glucose")
        await press(.tab)
        await type("6")
        await press(.enter)
        XCTAssertEqual(messageText, "Logged IV 10% glucose 6 mL/h for bed 3 at yesterday 23:05 — press u to undo")
    }

    func testARunningInfusionIsStoppedFromHistory() async throws {
        let (nurse, ada) = try await seedCot()
        let infusion = try await store.logFeed(FeedDraft(patientId: ada.id, occurredAt: Self.now.addingTimeInterval(-3 * 3600), kind: .iv,
                                                         fluid: "10% glucose", rateMLPerHour: 6), by: nurse.id).record
        try await startShell()
        await signIn(nurse)
        await press(.char("2"))
        await press(.enter)
        let form = try XCTUnwrap(shell.front as? QuickFeedScreen, "Enter on the infusion opens it")
        XCTAssertEqual(form.state.text("rate"), "6")
        XCTAssertEqual(form.state.text("stop"), "", "running")
        await press(.tab, .tab, .tab, .tab)  // time, kind, fluid, rate → stop
        await type("-30m")
        await press(.enter)
        let stopped = try await store.feed(id: infusion.id)
        XCTAssertEqual(stopped?.stoppedAt, Self.now.addingTimeInterval(-30 * 60))
        XCTAssertEqual(stopped?.occurredAt, infusion.occurredAt, "the start is kept to the second")
        await press(.char("1"))
        XCTAssertEqual(dashboard.rows.first?.intake24hML, 15, "2.5 h at 6 mL/h")
    }

    func testSInHistoryStopsTheRunningInfusionNowAndUIsUndo() async throws {
        let (nurse, ada) = try await seedCot()
        let infusion = try await store.logFeed(FeedDraft(patientId: ada.id, occurredAt: Self.now.addingTimeInterval(-2 * 3600), kind: .iv,
                                                         fluid: "10% glucose", rateMLPerHour: 4), by: nurse.id).record
        try await startShell()
        await signIn(nurse)
        await press(.char("2"))
        XCTAssertTrue(screenText().contains("Feed IV      10% glucose · 4 mL/h · running"), screenText())
        await press(.char("S"))
        XCTAssertTrue(screenText().contains("Stop the infusion for bed 3 (10% glucose · 4 mL/h · running)"), screenText())
        await press(.char("y"))
        var stored = try await store.feed(id: infusion.id)
        XCTAssertEqual(stored?.stoppedAt, Self.now)
        XCTAssertEqual(messageText, "Stopped the infusion for bed 3 at 14:05 — press u to undo")
        XCTAssertTrue(screenText().contains("10% glucose · 4 mL/h · stopped"), screenText())
        await press(.char("S"), .char("y"))
        XCTAssertEqual(messageText, "the infusion \(infusion.id) was stopped already; correct its stop in the feed form")
        await press(.char("u"))
        stored = try await store.feed(id: infusion.id)
        XCTAssertNil(stored?.stoppedAt, "undone: running again")
    }

    func testTheQuickLogRemembersTheLastFeedNotAnOutputAndAMilkVolumeIsNoBolus() async throws {
        let (nurse, ada) = try await seedCot()
        _ = try await store.logFeed(FeedDraft(patientId: ada.id, occurredAt: Self.now.addingTimeInterval(-3600), kind: .expressedBreastMilk,
                                              volumeML: 60), by: nurse.id)
        _ = try await store.logFeed(FeedDraft(patientId: ada.id, occurredAt: Self.now.addingTimeInterval(-600), kind: .vomit,
                                              volumeML: 5), by: nurse.id)
        try await startShell()
        await signIn(nurse)
        await press(.char("f"))
        let form = try XCTUnwrap(shell.front as? QuickFeedScreen)
        XCTAssertEqual(form.kind, .expressedBreastMilk, "the next feed, not the vomit charted after the last one")
        XCTAssertEqual(form.state.text("amount"), "60")
        await press(.tab, .char("7"))
        XCTAssertEqual(form.state.text("amount"), "", "60 mL of milk is not carried into the bolus")
        await press(.tab)
        await type("0.9")
        XCTAssertTrue(screenText(width: 120).contains("e.g. 0.9% sodium chloride · 0.9% sodium chloride + 5% glucose — "),
                      "the suggestions follow what is typed: \(screenText(width: 120))")
    }

    /// Days fed only by an infusion that started on an earlier day are charted days: the intake
    /// rule judges them and Trends shows their intake (they once counted as "no feeds").
    func testDaysFedOnlyByAnInfusionStartedTheDayBeforeCountAsIntake() async throws {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace", dob: "2026-11-01", hoursAgo: 6 * 24)
        // 2 mL/h on 3.2 kg = 15 mL/kg/day for 6 days, far below maintenance; never a feed.
        _ = try await store.logFeed(FeedDraft(patientId: ada.id, occurredAt: Self.now.addingTimeInterval(-6 * 24 * 3600 + 600), kind: .iv,
                                              fluid: "10% glucose", rateMLPerHour: 2), by: nurse.id)
        try await startShell()
        await signIn(nurse)
        shell.selectPatient(ada)
        await shell.settle()
        await press(.char("5"))
        let text = screenText(width: 140, height: 50)
        XCTAssertTrue(text.contains("intake below maintenance for"), text)
        let intake = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("Intake (mL/kg/day)") && !$0.contains("│") })
        XCTAssertTrue(intake.contains("15"), String(intake))
    }

    func testAStopBeforeTheStartIsRefusedAtTheField() async throws {
        let (nurse, ada) = try await seedCot()
        try await startShell()
        await signIn(nurse)
        _ = try await typeInfusion()
        await press(.tab)
        await type("-4h")
        await press(.enter)
        XCTAssertTrue(shell.front is QuickFeedScreen, "a refused infusion keeps the form open")
        XCTAssertEqual(messageText, "the stop must be after the start")
        let form = try XCTUnwrap(shell.front as? QuickFeedScreen)
        XCTAssertEqual(form.issues["stop"], "the stop must be after the start", "said at the stop field")
        let feed = try await store.latestFeed(patientId: ada.id)
        XCTAssertNil(feed)
    }

    func testAVomitIsChartedAsOutputNotIntake() async throws {
        let (nurse, ada) = try await seedCot()
        try await startShell()
        await signIn(nurse)
        await press(.char("f"), .tab, .char("9"))  // kind: vomit (the 9th)
        let form = try XCTUnwrap(shell.front as? QuickFeedScreen)
        XCTAssertEqual(form.state.fields.map(\.id), ["time", "kind", "amount", "notes"])
        XCTAssertEqual(form.state["amount"]?.label, "Output mL")
        await press(.tab)
        await type("12")
        await press(.tab)
        await type("after feed")
        await press(.enter)
        let feed = try await store.pool.read { db in try Feed.fetchOne(db, sql: "SELECT * FROM feed WHERE patientId = ?", arguments: [ada.id]) }
        XCTAssertEqual(feed?.kind, .vomit)
        XCTAssertEqual(feed?.volumeML, 12)
        XCTAssertEqual(feed?.notes, "after feed")
        XCTAssertEqual(dashboard.rows.first?.intake24hML, 0)
        XCTAssertEqual(dashboard.rows.first?.output24hML, 12)
        XCTAssertTrue(screenText(width: 120).contains("output 12 mL (no weight)"), screenText(width: 120))
    }
}
