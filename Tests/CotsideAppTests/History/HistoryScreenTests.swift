import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// History: golden screens, keyset paging (only windows are fetched), filters, notes search,
/// jump to a date, edit, delete with confirmation and undo.
@MainActor
final class HistoryScreenTests: WardTestCase {
    var history: HistoryScreen { shell.tabs[1] as! HistoryScreen }

    func seed() async throws -> (Staff, Patient, Patient) {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let ada = try await admit(bed: "3", given: "Ada", family: "Lovelace")
        let bo = try await admit(bed: "10", given: "Bo", family: "Preterm", dob: "2026-11-01", ga: (30, 4), weight: 1450)
        try await logNappy(ada, .wet, minutesAgo: 30, weight: 40, by: nurse)
        try await logNappy(ada, .dirty, minutesAgo: 90, colour: .yellow, notes: "mild nappy rash", by: nurse)
        try await logNappy(bo, .mixed, minutesAgo: 600, colour: .green)
        try await logNappy(bo, .dry, minutesAgo: 60 * 26, notes: "cream applied")
        return (nurse, ada, bo)
    }

    func testEmptyHistory() async throws {
        try await startShell()
        await press(.char("2"))
        assertScreen(Golden.historyEmpty)
    }

    func testFullHistoryNewestFirst() async throws {
        let (nurse, _, _) = try await seed()
        try await startShell()
        await signIn(nurse)
        await press(.char("2"))
        assertScreen(Golden.historyFull)
    }

    /// At 80 columns the value is the point of a row: every row's details (the reading, its
    /// oxygen, the feed's volume and state) show whole, and each time keeps its day.
    func testValuesShowWholeAt80Columns() async throws {
        let (nurse, ada, bo) = try await seed()
        _ = try await store.logMeasurement(MeasurementDraft(patientId: ada.id, measuredAt: Self.now.addingTimeInterval(-600),
                                                            kind: .spo2, value: 91, oxygen: OxygenSupport(mode: .litres, amount: 2)), by: nurse.id)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: bo.id, measuredAt: Self.now.addingTimeInterval(-300),
                                                            kind: .temperature, value: 38.4), by: nurse.id)
        _ = try await store.logFeed(FeedDraft(patientId: bo.id, occurredAt: Self.now.addingTimeInterval(-120), kind: .vomit,
                                              volumeML: 12), by: nurse.id)
        try await startShell()
        await signIn(nurse)
        await press(.char("2"))
        let lines = screen(width: 80, height: 24)
        let text = lines.joined(separator: "\n")
        XCTAssertEqual(history.events.count, 7)
        for event in history.events {
            let row = try XCTUnwrap(lines.first { $0.contains(WardFormat(shell.context).dayMonthTime(event.occurredAt)) && $0.contains(event.title) }, text)
            XCTAssertTrue(row.contains(event.details), "\(event.title): \(event.details) in\n\(text)")
        }
        XCTAssertTrue(text.contains("21 Nov 14:03"), "the time keeps its day: " + text)
        assertScreen(Golden.historyAt80, width: 80, height: 24)
    }

    func testOnlyWindowsAreFetched() async throws {
        let (_, ada, _) = try await seed()
        let drafts = (0..<1000).map { i in
            NappyChangeDraft(patientId: ada.id, occurredAt: Self.now.addingTimeInterval(Double(-(i + 200)) * 60), kind: .wet)
        }
        _ = try await store.logNappyChanges(drafts, by: nil)
        try await startShell()
        await press(.char("2"))
        XCTAssertEqual(history.events.count, HistoryScreen.pageSize, "the first page only")
        XCTAssertTrue(history.hasOlder)
        // Paging down to the end of the first page fetches exactly one more page.
        for _ in 0..<5 { await press(.pageDown) }
        XCTAssertEqual(history.events.count, 2 * HistoryScreen.pageSize)
        // End keeps fetching page by page; the whole table is 1004 rows, the oldest the seeded
        // dry nappy 26 h back.
        for _ in 0..<12 { await press(.end) }
        XCTAssertEqual(history.events.count, 1004)
        XCTAssertFalse(history.hasOlder)
        XCTAssertEqual(history.selectedEvent?.occurredAt, Self.now.addingTimeInterval(-26 * 3600))
    }

    func testFilterByKindAndStaff() async throws {
        let (nurse, _, _) = try await seed()
        try await startShell()
        await signIn(nurse)
        await press(.char("2"), .char("f"))
        XCTAssertTrue(shell.front is HistoryFilterScreen)
        // Tab to Kind, pick option 3 (dirty), Tab to staff, type NN, save.
        await press(.tab, .char("3"), .tab)
        await type("nn")
        await press(.enter)
        XCTAssertTrue(shell.front is HistoryScreen)
        XCTAssertEqual(history.events.map(\.nappyKind), [.dirty])
        XCTAssertTrue(screenText().contains("Whole ward · dirty · by NN"))
    }

    func testUnknownStaffInFilterIsNamedAtTheField() async throws {
        _ = try await seed()
        try await startShell()
        await press(.char("2"), .char("f"), .tab, .tab)
        await type("ZZ")
        await press(.enter)
        XCTAssertTrue(shell.front is HistoryFilterScreen, "the form stays open")
        XCTAssertTrue(screenText().contains("no active staff member has initials ZZ"))
    }

    func testSearchNotes() async throws {
        _ = try await seed()
        try await startShell()
        await press(.char("2"), .char("/"))
        await type("RASH")
        await press(.enter)
        XCTAssertEqual(history.events.map(\.notes), ["mild nappy rash"])
        // c clears filters and search.
        await press(.char("c"))
        XCTAssertEqual(history.events.count, 4)
    }

    func testJumpToDate() async throws {
        _ = try await seed()
        try await startShell()
        await press(.char("2"), .char("g"))
        await type("yesterday 13:00")
        await press(.enter)
        XCTAssertEqual(history.events.map(\.nappyKind), [.dry], "only the entry at or before 2026-11-20 13:00")
        XCTAssertTrue(history.hasNewer)
        // Up at the top fetches the newer page above it.
        await press(.up)
        XCTAssertEqual(history.events.count, 4)
        XCTAssertEqual(history.selectedEvent?.nappyKind, .dry, "the selection stays on the same entry")
    }

    func testDeleteAsksThenUndoRestores() async throws {
        let (nurse, ada, _) = try await seed()
        try await startShell()
        await signIn(nurse)
        await press(.char("2"), .char("x"))
        XCTAssertTrue(shell.front is ConfirmScreen)
        await press(.char("n"))
        var left = try await storedNappies(patient: ada).count
        XCTAssertEqual(left, 2, "No keeps the entry")
        await press(.char("x"), .char("y"))
        left = try await storedNappies(patient: ada).count
        XCTAssertEqual(left, 1)
        XCTAssertEqual(history.events.count, 3)
        XCTAssertTrue(messageText?.hasPrefix("Deleted Nappy wet for bed 3") == true, messageText ?? "")
        await press(.char("u"))
        left = try await storedNappies(patient: ada).count
        XCTAssertEqual(left, 2)
        XCTAssertEqual(history.events.count, 4)
    }

    func testEnterEditsTheEntryAndUndoRevertsTheEdit() async throws {
        let (nurse, ada, _) = try await seed()
        try await startShell()
        await signIn(nurse)
        await press(.char("2"), .enter)
        let form = try XCTUnwrap(shell.front as? NappyFormScreen)
        XCTAssertEqual(form.kind, .wet)
        XCTAssertEqual(form.state.text("weight"), "40")
        XCTAssertEqual(form.state.text("time"), "2026-11-21 13:35")
        // Change the weight to 44 g and save.
        await press(.tab, .tab, .tab, .ctrl("u"))
        await type("44")
        await press(.enter)
        var stored = try await storedNappies(patient: ada)
        XCTAssertEqual(stored.first?.details, "medium · 44 g")
        await press(.char("u"))
        stored = try await storedNappies(patient: ada)
        XCTAssertEqual(stored.first?.details, "medium · 40 g")
    }

    /// A click selects the event drawn on its line; the column header is no event. The mouse
    /// finds rows through the same regions render draws in.
    func testClickingAnEventSelectsTheEventDrawnThere() async throws {
        _ = try await seed()
        try await startShell()
        await press(.char("2"))
        let lines = screen()
        let dry = try XCTUnwrap(lines.firstIndex { $0.contains("Nappy dry") })
        let header = try XCTUnwrap(lines.firstIndex { $0.contains("Time") && $0.contains("Details") })
        shell.handle(.mouse(MouseEvent(x: 30, y: dry, kind: .click(button: 1))))
        await shell.settle()
        XCTAssertEqual(history.selectedEvent?.nappyKind, .dry)
        shell.handle(.mouse(MouseEvent(x: 30, y: header, kind: .click(button: 1))))
        await shell.settle()
        XCTAssertEqual(history.selectedEvent?.nappyKind, .dry, "a click on the header selects nothing")
        shell.handle(.mouse(MouseEvent(x: 0, y: header + 1, kind: .click(button: 1))))
        await shell.settle()
        XCTAssertEqual(history.selectedEvent?.nappyKind, .wet, "the margin belongs to the row")
    }
}
