import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// `a` on a History entry: that record's every version, oldest first, who and when, the fields
/// changed (new values highlighted), scrolling at 80×24, Esc back to History.
@MainActor
final class RecordTrailScreenTests: WardTestCase {
    var history: HistoryScreen { shell.tabs[1] as! HistoryScreen }

    func testAOnAnEntryShowsEveryVersionOldestFirst() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        try await startShell()
        await signIn(seed.student)
        await press(.char("2"), .char("a"))
        let trail = try XCTUnwrap(shell.front as? RecordTrailScreen)
        XCTAssertEqual(trail.entity, .nappyChange)
        XCTAssertEqual(trail.entityId, seed.nappy.id)
        XCTAssertEqual(trail.versions.map(\.entry.action), [.create, .update, .update])
        XCTAssertEqual(trail.versions.map(\.staffInitials), ["NN", "DD", "NN"])
        assertScreen(Golden.recordTrail, width: 80, height: 24)
    }

    /// The new value of a changed field is drawn in the highlight role; the old one is muted and
    /// a created record's values are plain.
    func testChangedValuesAreHighlighted() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("2"), .char("a"))
        let buffer = shell.render(width: 80, height: 24)
        let lines = buffer.lines
        let changed = try XCTUnwrap(lines.firstIndex { $0.contains("nappy weight grams") && $0.contains("44") })
        let x44 = try XCTUnwrap(Self.column(of: "44", in: lines[changed]))
        XCTAssertEqual(buffer[x44, changed].role, .highlight)
        let x40 = try XCTUnwrap(Self.column(of: "40", in: lines[changed]))
        XCTAssertEqual(buffer[x40, changed].role, .muted)
        let created = try XCTUnwrap(lines.firstIndex { $0.contains("nappy weight grams") && !$0.contains("44") })
        XCTAssertEqual(buffer[try XCTUnwrap(Self.column(of: "40", in: lines[created])), created].role, .normal)
    }

    /// `a` is a typed binding: the function bar and the help overlay list it.
    func testTheBarAndTheHelpOverlayListTheAuditKey() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("2"))
        XCTAssertTrue(screen(width: 80).last?.contains("a Audit") == true, screenText(width: 80))
        await press(.char("?"))
        XCTAssertTrue(screenText(width: 80).contains("a      Audit trail: every version of the entry, who and when"), screenText(width: 80))
    }

    func testEscGoesBackToHistory() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("2"), .char("a"))
        XCTAssertTrue(shell.front is RecordTrailScreen)
        await press(.escape)
        XCTAssertTrue(shell.front is HistoryScreen)
    }

    /// A record corrected many times is longer than 80×24 shows: the keys scroll it, End shows
    /// the newest version, and the line under the title says where the view is.
    func testALongTrailScrollsAt80x24() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        try await withSteppingStore { store, clock in
            for i in 0..<12 {
                clock.set(minutesBeforeNow: 3 - Double(i) * 0.1)
                let draft = NappyChangeDraft(patientId: seed.ada.id, occurredAt: seed.nappy.occurredAt, kind: .mixed,
                                             stoolColour: .yellow, nappyWeightGrams: 50 + i, notes: "check \(i)")
                _ = try await store.updateNappyChange(id: seed.nappy.id, draft, by: seed.doctor.id)
            }
        }
        try await startShell()
        await signIn(seed.nurse)
        await press(.char("2"), .char("a"))
        var lines = screen(width: 80, height: 24)
        assertShows(lines, "Versions: 15, oldest first · lines 1–18 of")
        assertShows(lines, "created")
        assertDoesNotShow(lines, "check 11")
        await press(.end)
        lines = screen(width: 80, height: 24)
        assertShows(lines, "check 10 → check 11")
        assertShows(lines, "61")
        assertDoesNotShow(lines, "created")
        await press(.home, .pageDown)
        lines = screen(width: 80, height: 24)
        assertShows(lines, "lines 18–35 of")
    }

    func testNobodySignedInIsAskedToSignInFirst() async throws {
        _ = try await seedAuditedWard(wrongPins: false)
        try await startShell()
        await press(.char("2"), .char("a"))
        XCTAssertTrue(shell.front is HistoryScreen)
        XCTAssertEqual(messageText, shell.context.t("audit.needs_user"))
    }

    func assertShows(_ lines: [String], _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(lines.contains { $0.contains(text) }, "screen does not show “\(text)”:\n\(lines.joined(separator: "\n"))", file: file, line: line)
    }

    func assertDoesNotShow(_ lines: [String], _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(lines.contains { $0.contains(text) }, "screen shows “\(text)”:\n\(lines.joined(separator: "\n"))", file: file, line: line)
    }

    /// Where `text` starts in `line`, in columns (every character here is one column wide).
    static func column(of text: String, in line: String) -> Int? {
        line.range(of: text).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
    }
}
