import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// History's filter form offers every kind of event (issue 6): feeds, measurements, dose
/// records and as-needed doses beside the nappy kinds.
@MainActor
final class HistoryEventFilterTests: WardTestCase {
    var history: HistoryScreen { shell.tabs[1] as! HistoryScreen }

    func testFilterByFeedsThenByDoses() async throws {
        let seed = try await seedMedications()
        _ = try await store.logFeed(FeedDraft(patientId: seed.ada.id, occurredAt: Self.now.addingTimeInterval(-600),
                                              kind: .formula, volumeML: 50), by: seed.nurse.id)
        try await logNappy(seed.ada, .wet, minutesAgo: 20)
        try await startShell()
        await signIn(seed.nurse)
        // Kind options: 1 any, 2–5 nappy kinds, 6 feeds, 7 measurements, 8 doses, 9 as-needed doses.
        await press(.char("2"), .char("f"), .tab, .char("6"), .enter)
        XCTAssertTrue(shell.front is HistoryScreen)
        XCTAssertEqual(Set(history.events.map(\.kind)), [.feed])
        XCTAssertTrue(screenText().contains("Whole ward · feeds"), screenText())

        await press(.char("f"), .tab, .char("8"), .enter)
        XCTAssertEqual(Set(history.events.map(\.kind)), [.doseRecord], "the seed recorded vitamin D and gentamicin")
        XCTAssertEqual(history.events.count, 2)
    }

    func testTheFormShowsTheCurrentEventKind() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("2"), .char("f"), .tab, .char("7"), .enter, .char("f"))
        let form = try XCTUnwrap(shell.front as? HistoryFilterScreen)
        XCTAssertEqual(form.state.choice("kind"), 6, "measurements stays chosen when the form opens again")
    }

    /// A bed or initials the ward does not know is named at its field and the form stays open
    /// (the look-ups run as the form's command; issue 14).
    func testAnUnknownBedOrInitialsIsNamedAtItsField() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("2"), .char("f"))
        await type("99")
        await press(.enter)
        let form = try XCTUnwrap(shell.front as? HistoryFilterScreen)
        XCTAssertEqual(form.issues["bed"], shell.context.t("filter.unknown_bed", "99"))
        XCTAssertEqual(shell.message?.kind, .error)
        await press(.ctrl("u"), .tab, .tab)
        await type("ZZ")
        await press(.enter)
        XCTAssertTrue(shell.front === form)
        XCTAssertEqual(form.issues["staff"], shell.context.t("filter.unknown_staff", "ZZ"))
        XCTAssertNil(history.baseFilter.staffId)
    }
}
