import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The nappy form: future times refused, colour asked only for dirty or mixed, more than
/// 7 days back asks first, saved entries show and can be undone.
@MainActor
final class NappyFormTests: WardTestCase {
    var nurse: Staff!
    var ada: Patient!

    func openForm() async throws {
        nurse = try await addStaff("Nia Nurse", "NN")
        // Admitted 20 days ago, so an entry 11 days back is after admission.
        ada = try await admit(bed: "3", given: "Ada", family: "Lovelace", dob: "2026-11-01", hoursAgo: 20 * 24)
        try await startShell()
        await signIn(nurse)
        await press(.char("n"))
        XCTAssertTrue(shell.front is NewEntryScreen)
        await press(.enter)
    }

    var form: NappyFormScreen { shell.front as! NappyFormScreen }
    var fieldIDs: [String] { form.state.fields.map(\.id) }

    func testFutureTimeIsRefusedAndNothingStored() async throws {
        try await openForm()
        await type("+30m")
        await press(.enter)
        XCTAssertTrue(shell.front is NappyFormScreen)
        XCTAssertEqual(shell.message?.kind, .error)
        let timeRow = screen().first { $0.contains("Time") } ?? ""
        XCTAssertTrue(timeRow.contains("more than 5 minutes in the future"), timeRow)
        let stored = try await storedNappies()
        XCTAssertTrue(stored.isEmpty)
        // Within the 5-minute tolerance is accepted.
        await press(.ctrl("u"))
        await type("+4m")
        await press(.enter)
        let saved = try await storedNappies()
        XCTAssertEqual(saved.first?.occurredAt, Self.now.addingTimeInterval(4 * 60))
    }

    func testColourOnlyForDirtyOrMixed() async throws {
        try await openForm()
        XCTAssertEqual(fieldIDs, ["time", "kind", "size", "weight", "notes"], "wet: no colour")
        await press(.tab, .char("2"))   // dirty
        XCTAssertEqual(fieldIDs, ["time", "kind", "size", "colour", "weight", "notes"])
        await press(.char("3"))         // mixed
        XCTAssertTrue(fieldIDs.contains("colour"))
        await press(.char("4"))         // dry
        XCTAssertFalse(fieldIDs.contains("colour"))
        await press(.char("2"), .tab, .tab, .char("6"), .enter)   // dirty, colour option 6 = red-streaked
        let saved = try await storedNappies()
        XCTAssertEqual(saved.first?.nappyKind, .dirty)
        XCTAssertEqual(saved.first?.details, "medium · red-streaked")
    }

    func testMoreThanSevenDaysBackAsksFirst() async throws {
        try await openForm()
        await type("2026-11-10 08:00")
        await press(.enter)
        XCTAssertTrue(shell.front is ConfirmScreen)
        await press(.char("n"))
        XCTAssertTrue(shell.front is NappyFormScreen)
        var stored = try await storedNappies()
        XCTAssertTrue(stored.isEmpty)
        await press(.enter, .char("y"))
        stored = try await storedNappies()
        XCTAssertEqual(stored.first?.occurredAt, WardClock.parseInstant("2026-11-10T08:00:00Z"))
        XCTAssertTrue(shell.stack.isEmpty)
    }

    func testSavedEntryShowsOnDashboardAndUndoTakesItBack() async throws {
        try await openForm()
        await type("-15m")
        await press(.tab, .tab, .tab)
        await type("32")
        await press(.enter)
        let stored = try await storedNappies()
        XCTAssertEqual(stored.first?.details, "medium · 32 g")
        XCTAssertEqual(stored.first?.occurredAt, Self.now.addingTimeInterval(-15 * 60))
        XCTAssertTrue(screenText().contains("15 min ago wet"))
        await press(.char("u"))
        let after = try await storedNappies()
        XCTAssertTrue(after.isEmpty)
    }

    func testEscapeWithInputAsksBeforeDiscarding() async throws {
        try await openForm()
        await type("-5m")
        await press(.escape)
        XCTAssertTrue(shell.front is ConfirmScreen)
        await press(.char("y"))
        XCTAssertTrue(shell.stack.isEmpty)
    }
}
