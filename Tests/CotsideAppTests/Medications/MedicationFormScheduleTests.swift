import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The medication form shows only the chosen schedule's fields: fixed times → times; every N
/// hours → the interval; as needed → the minimum interval and the 24 h maximum. Changing the
/// schedule lays the form out again without losing anything typed. Golden screens at 80×24.
@MainActor
final class MedicationFormScheduleTests: WardTestCase {
    @discardableResult
    func openForm() async throws -> MedicationSeed {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.doctor)
        shell.apply(.session(.selectedPatient(seed.ada)), from: shell.front)
        await press(.char("4"), .char("v"), .char("n"))
        XCTAssertTrue(shell.front is MedicationFormScreen)
        return seed
    }

    var ids: [String] { (shell.front as? MedicationFormScreen)?.state.fields.map(\.id) ?? [] }

    /// Drug, dose, then Tab to the schedule choice (unit, route, schedule).
    func toSchedule() async { await press(.tab, .tab, .tab, .tab) }

    func testEachScheduleShowsOnlyItsFields() async throws {
        try await openForm()
        XCTAssertEqual(ids, ["drug", "dose", "unit", "route", "kind", "times", "starts", "category", "notes"])
        assertScreen(Self.fixedTimes, width: 80, height: 24)
        await toSchedule()
        await press(.right)
        XCTAssertEqual(ids, ["drug", "dose", "unit", "route", "kind", "hours", "starts", "category", "notes"])
        assertScreen(Self.everyHours, width: 80, height: 24)
        await press(.right)
        XCTAssertEqual(ids, ["drug", "dose", "unit", "route", "kind", "interval", "max", "starts", "category", "notes"])
        assertScreen(Self.asNeeded, width: 80, height: 24)
    }

    func testChangingTheScheduleKeepsWhatWasTyped() async throws {
        let seed = try await openForm()
        await type("morphine")
        await press(.tab)
        await type("0.1")
        await press(.tab, .tab, .tab, .tab)
        await type("06:00 18:00")
        await press(.backTab, .right, .right)  // as needed
        let form = try XCTUnwrap(shell.front as? MedicationFormScreen)
        XCTAssertEqual(form.state.fields[form.state.focus].id, "kind", "the focus stays on the choice")
        XCTAssertEqual(form.state.text("drug"), "morphine")
        XCTAssertEqual(form.state.text("dose"), "0.1")
        await press(.tab)
        await type("240")
        await press(.tab)
        await type("6")
        await press(.backTab, .backTab, .left, .left)  // back to fixed times: the times typed are still there
        XCTAssertEqual(form.state.text("times"), "06:00 18:00")
        await press(.right, .right)
        XCTAssertEqual(form.state.text("interval"), "240")
        XCTAssertEqual(form.state.text("max"), "6")
        await press(.enter)
        let meds = try await store.medications(patientId: seed.ada.id, includeEnded: false)
        let added = try XCTUnwrap(meds.first { $0.drugName == "morphine" })
        XCTAssertEqual(added.schedule, .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 6))
    }

    func testEditingOpensWithThePrescriptionsScheduleFields() async throws {
        let seed = try await seedMedications()
        try await startShell()
        await signIn(seed.doctor)
        shell.apply(.session(.selectedPatient(seed.bo)), from: shell.front)
        await press(.char("4"), .char("v"), .char("e"))  // gentamicin, every 12 h
        let form = try XCTUnwrap(shell.front as? MedicationFormScreen)
        XCTAssertEqual(form.state.fields.map(\.id), ["drug", "dose", "unit", "route", "kind", "hours", "starts", "category", "notes"])
        XCTAssertEqual(form.state.text("hours"), "12")
    }

    /// The store's words about the schedule land at the field the chosen schedule shows.
    func testTheStoresScheduleRefusalIsShownAtTheShownField() async throws {
        try await openForm()
        await type("vancomycin")
        await press(.tab)
        await type("15")
        await press(.tab, .tab, .tab, .right, .tab)  // unit, route, schedule: every N hours; its hours
        await type("100")  // the form takes up to 168 h; the store allows 1 to 72
        await press(.enter)
        let form = try XCTUnwrap(shell.front as? MedicationFormScreen, "\(Swift.type(of: shell.front)) \(messageText ?? "")")
        XCTAssertEqual(messageText, "every 100 hours is not allowed; use 1 to 72 hours")
        XCTAssertEqual(form.issues["hours"], "every 100 hours is not allowed; use 1 to 72 hours")
        XCTAssertNil(form.issues["times"])
        XCTAssertEqual(form.state.fields[form.state.focus].id, "hours")
    }

    static let fixedTimes = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         ┌ Add medication ────────────────────────────────────────────────────────────┐
         │ Bed 3 Ada Lovelace                                                         │
         │                                                                            │
         │ Drug                                            ✖ is required              │
         │ Dose                                            ✖ is required              │
         │ Unit                       mg                                              │
         │ Route                      oral                                            │
         │ Schedule                   fixed times of day                              │
         │ Times (e.g. 06:00 18:00)                                                   │
         │ Starts                   2026-11-21 14:05       → Sat 21 Nov 2026 14:05 (… │
         │ Category                   other                                           │
         │ Notes                                                                      │
         │ Enter saves · Tab/↓ next field · ←/→ change a choice · Esc back            │
         └────────────────────────────────────────────────────────────────────────────┘







         Ward · Doses 2 due · 1 overdue  User: Dan Doctor (DD)         Sat 21 Nov 14:05
        Enter Save  Esc Back
        """#
    static let everyHours = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         ┌ Add medication ────────────────────────────────────────────────────────────┐
         │ Bed 3 Ada Lovelace                                                         │
         │                                                                            │
         │ Drug                                   ✖ is required                       │
         │ Dose                                   ✖ is required                       │
         │ Unit            mg                                                         │
         │ Route           oral                                                       │
         │ Schedule      ◀ every N hours        ▶                                     │
         │ Every (hours)                        h                                     │
         │ Starts        2026-11-21 14:05         → Sat 21 Nov 2026 14:05 (now)       │
         │ Category        other                                                      │
         │ Notes                                                                      │
         │ Enter saves · Tab/↓ next field · ←/→ change a choice · Esc back            │
         └────────────────────────────────────────────────────────────────────────────┘







         Ward · Doses 2 due · 1 overdue  User: Dan Doctor (DD)         Sat 21 Nov 14:05
        Enter Save  Esc Back
        """#
    static let asNeeded = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         ┌ Add medication ────────────────────────────────────────────────────────────┐
         │ Bed 3 Ada Lovelace                                                         │
         │                                                                            │
         │ Drug                                            ✖ is required              │
         │ Dose                                            ✖ is required              │
         │ Unit                   mg                                                  │
         │ Route                  oral                                                │
         │ Schedule             ◀ as needed              ▶                            │
         │ At least (min) apart                        min                            │
         │ At most per 24 h                                                           │
         │ Starts               2026-11-21 14:05           → Sat 21 Nov 2026 14:05 (… │
         │ Category               other                                               │
         │ Notes                                                                      │
         │ Enter saves · Tab/↓ next field · ←/→ change a choice · Esc back            │
         └────────────────────────────────────────────────────────────────────────────┘






         Ward · Doses 2 due · 1 overdue  User: Dan Doctor (DD)         Sat 21 Nov 14:05
        Enter Save  Esc Back
        """#
}
