import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The Tools filter owns the keys only while it is active: the trial's sequence (a tool
/// discarded with Esc, then `p`, `2`, Enter and a word) once typed a word into History's feed
/// form, because the stale filter ate `p` and let the digit switch tabs underneath it.
@MainActor
final class ToolsFilterKeysTests: WardTestCase {
    var tools: ToolsTabScreen { shell.tabs[2] as! ToolsTabScreen }

    /// Tools open on the BSA form with a height typed, then Esc and `y` discard it.
    func discardATool() async throws -> Feed {
        let nurse = try await addStaff("Nia Nurse", "NN")
        let baby = try await admit(bed: "5", given: "Ada", family: "Lovelace")
        let feed = try await store.logFeed(FeedDraft(patientId: baby.id, occurredAt: Self.now.addingTimeInterval(-600),
                                                     kind: .formula, volumeML: 30), by: nurse.id).record
        try await startShell()
        await signIn(nurse)
        await press(.char("3"))
        await type("bsa")
        await press(.enter)
        await type("1")
        XCTAssertTrue(shell.front is ToolFormScreen)
        await press(.escape)
        await type("y")
        XCTAssertTrue(shell.front is ToolsTabScreen, "back on the Tools list")
        return feed
    }

    func testAfterLeavingAToolPOpensThePatientPicker() async throws {
        _ = try await discardATool()
        XCTAssertEqual(tools.query, "", "opening a tool left the filter")
        XCTAssertFalse(tools.filtering)
        await press(.char("p"))
        XCTAssertTrue(shell.front is PatientPickerScreen, "p is the patient key again, not filter text")
    }

    func testTheTrialsSequenceTypesNothingIntoAnotherScreensForm() async throws {
        let feed = try await discardATool()
        await press(.char("p"), .char("2"), .enter)
        await type("bilirubin")
        XCTAssertFalse(shell.front is QuickFeedScreen, "no keystroke reached History's feed form")
        let stored = try await store.feed(id: feed.id)
        XCTAssertEqual(stored?.occurredAt, feed.occurredAt)
        XCTAssertEqual(stored?.volumeML, 30)
    }
}
