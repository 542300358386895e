import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The ward's audit trail from the palette: newest first, sign-ins, wrong PINs and refusals in
/// words, filters (who, patient, action, dates), keyset pages fetched only as the selection
/// nears the end of what is loaded, Enter opening an entry's record trail.
@MainActor
final class AuditTrailScreenTests: WardTestCase {
    var trail: AuditTrailScreen? { shell.front as? AuditTrailScreen }

    /// Opens the trail the way a user does: `:`, "audit trail", Enter.
    func openFromPalette() async throws -> AuditTrailScreen {
        await press(.char(":"))
        await type("audit trail")
        await press(.enter)
        return try XCTUnwrap(trail, "the palette opened \(shell.front)")
    }

    func testThePaletteOpensTheWardsTrailNewestFirstForAnyoneSignedIn() async throws {
        let seed = try await seedAuditedWard()
        try await startShell()
        await signIn(seed.student)
        let trail = try await openFromPalette()
        let all = try await allAuditIds()
        XCTAssertEqual(trail.rows.map(\.entry.id), all)
        for _ in 0..<5 { await press(.down) }  // the refusal: the lines under the table say it in full
        assertScreen(Golden.auditTrail, width: 80, height: 24)
    }

    func testWideTrail() async throws {
        let seed = try await seedAuditedWard()
        try await startShell()
        await signIn(seed.nurse)
        _ = try await openFromPalette()
        for _ in 0..<6 { await press(.down) }  // DD's correction of the nappy
        assertScreen(Golden.auditTrailWide, width: 120, height: 40)
    }

    func testNobodySignedInIsAskedToSignInFirst() async throws {
        _ = try await seedAuditedWard(wrongPins: false)
        try await startShell()
        shell.perform(.auditTrail)
        await shell.settle()
        XCTAssertNil(trail)
        XCTAssertEqual(messageText, shell.context.t("audit.needs_user"))
    }

    // MARK: - Paging

    /// 130 nappies charted in one go: with the seed that is more than two pages of entries.
    func seedManyEntries(_ seed: AuditSeed) async throws {
        let drafts = (0..<130).map { i in
            NappyChangeDraft(patientId: seed.ada.id, occurredAt: Self.now.addingTimeInterval(Double(-(i + 200)) * 60), kind: .wet)
        }
        _ = try await store.logNappyChanges(drafts, by: seed.nurse.id)
    }

    func testPagingDownSeesEveryEntryOnceInOrder() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        try await seedManyEntries(seed)
        let all = try await allAuditIds()
        XCTAssertGreaterThan(all.count, 2 * AuditTrailScreen.pageSize)
        try await startShell()
        await signIn(seed.nurse)
        let trail = try await openFromPalette()
        var seen: [Int64] = []
        var pages = 0
        while true {
            let window = trail.list.window(visibleRows: trail.visibleRows, count: trail.rows.count)
            seen += trail.rows[window].map(\.entry.id).filter { !seen.contains($0) }
            if window.upperBound == trail.rows.count, !trail.hasOlder { break }
            await press(.pageDown)
            pages += 1
            XCTAssertLessThan(pages, 100, "paging ends")
            if pages >= 100 { break }
        }
        XCTAssertEqual(seen, all, "every entry once, newest first")
        XCTAssertEqual(trail.rows.map(\.entry.id), all, "the loaded stretch has no gap and no repeat")
    }

    func testNothingIsLoadedBeyondThePageShown() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        try await seedManyEntries(seed)
        try await startShell()
        await signIn(seed.nurse)
        let trail = try await openFromPalette()
        let page = AuditTrailScreen.pageSize
        XCTAssertEqual(trail.rows.count, page, "one page on opening")
        XCTAssertTrue(trail.hasOlder)
        // Moving within the page, more than a screen above its end, fetches nothing.
        while trail.list.selected < page - trail.visibleRows - 1 { await press(.down) }
        XCTAssertEqual(trail.rows.count, page)
        // Within a screen of the end, the next page (and only it) is fetched.
        await press(.pageDown)
        XCTAssertEqual(trail.rows.count, 2 * page)
        await press(.pageDown)
        XCTAssertEqual(trail.rows.count, 2 * page, "the second page is not yet near its end")
    }

    /// Another workstation's sign-in arrives on top: the selection stays on the entry it was on.
    func testNewEntriesFromElsewhereKeepTheSelectionOnItsEntry() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        try await startShell()
        await signIn(seed.nurse)
        let trail = try await openFromPalette()
        for _ in 0..<3 { await press(.down) }
        let selected = try XCTUnwrap(trail.selectedRow?.entry.id)
        try await store.recordSession(.signIn, staffId: seed.doctor.id)
        shell.perform(.reloadAll)
        await shell.settle()
        XCTAssertEqual(trail.rows.first?.entry.action, .signIn)
        XCTAssertEqual(trail.selectedRow?.entry.id, selected)
    }

    // MARK: - Filters

    /// Fills the filter form: bed, action (a digit picks the group), initials, from, until.
    func filter(bed: String? = nil, action: Int = 1, initials: String? = nil, from: String? = nil, until: String? = nil) async {
        await press(.char("f"))
        XCTAssertTrue(shell.front is AuditTrailFilterScreen)
        await press(.ctrl("u"))
        if let bed { await type(bed) }
        await press(.tab)
        await press(.char(Character(String(action))))
        await press(.tab, .ctrl("u"))
        if let initials { await type(initials) }
        await press(.tab, .ctrl("u"))
        if let from { await type(from) }
        await press(.tab, .ctrl("u"))
        if let until { await type(until) }
        await press(.enter)
    }

    func testFilterByWhoActionPatientAndDates() async throws {
        let seed = try await seedAuditedWard()
        try await startShell()
        await signIn(seed.nurse)
        let trail = try await openFromPalette()

        await filter(initials: "dd")
        XCTAssertTrue(shell.front === trail)
        let byDoctor = try await allAuditIds(AuditFilter(staffId: seed.doctor.id))
        XCTAssertEqual(trail.rows.map(\.entry.id), byDoctor)
        XCTAssertEqual(Set(trail.rows.map(\.staffInitials)), ["DD"])
        XCTAssertTrue(screenText(width: 80).contains("by DD"))

        await filter(action: 7)  // wrong PINs and lock-outs
        XCTAssertEqual(trail.rows.map(\.entry.action), [.pinFailed, .pinFailed, .pinFailed])
        let text = screenText(width: 80)
        XCTAssertTrue(text.contains("wrong PIN (3 in a row)") && text.contains("wrong PIN (1 in a row)"), text)

        await filter(bed: "3")
        let ada = try await allAuditIds(AuditFilter(patientIds: [seed.ada.id]))
        XCTAssertEqual(trail.rows.map(\.entry.id), ada)
        XCTAssertEqual(ada.count, 4, "admitted, the nappy charted and corrected twice")

        await filter(from: "13:45", until: "14:01")
        XCTAssertEqual(trail.rows.map(\.entry.action), [.update, .refused, .update], "13:50, 13:55, 14:00")

        await press(.char("c"))
        let all = try await allAuditIds()
        XCTAssertEqual(trail.rows.map(\.entry.id), all)
    }

    /// On an unfiltered trail the filter offers the selected patient's bed (and says so): Enter
    /// reads that patient's trail.
    func testTheFilterOffersTheSelectedPatient() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        try await startShell()
        await signIn(seed.nurse)
        let trail = try await openFromPalette()
        await press(.char("f"))
        XCTAssertTrue(screenText(width: 80).contains("Bed 3 is the selected patient's"))
        await press(.enter)
        XCTAssertEqual(trail.query.patient?.id, seed.ada.id)
        let ada = try await allAuditIds(AuditFilter(patientIds: [seed.ada.id]))
        XCTAssertEqual(trail.rows.map(\.entry.id), ada)
        XCTAssertTrue(screenText(width: 80).contains("Audit trail · newest first · bed 3 Ada Lovelace"))
    }

    func testAnUnknownBedIsNamedAtItsField() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        try await startShell()
        await signIn(seed.nurse)
        _ = try await openFromPalette()
        await filter(bed: "99")
        XCTAssertTrue(shell.front is AuditTrailFilterScreen, "the form stays open")
        XCTAssertTrue(screenText(width: 80).contains("no patient has bed 99"))
    }

    // MARK: - Enter: a record's trail

    func testEnterOpensTheSelectedEntrysRecordTrail() async throws {
        let seed = try await seedAuditedWard()
        try await startShell()
        await signIn(seed.nurse)
        let trail = try await openFromPalette()
        let index = try XCTUnwrap(trail.rows.firstIndex { $0.entry.entity == .nappyChange })
        for _ in 0..<index { await press(.down) }
        await press(.enter)
        let record = try XCTUnwrap(shell.front as? RecordTrailScreen)
        XCTAssertEqual(record.entityId, seed.nappy.id)
        XCTAssertEqual(record.versions.map(\.entry.action), [.create, .update, .update])
        XCTAssertTrue(screenText(width: 80).contains("Audit trail: Nappy change · bed 3 Ada Lovelace"))
        await press(.escape)
        XCTAssertTrue(shell.front === trail)
    }

    /// A sign-in changes no record: Enter shows the member's staff record (its versions), which
    /// the sign-ins, wrong PINs and refusals filed under it are not part of.
    func testEnterOnASignInShowsTheMembersStaffRecord() async throws {
        let seed = try await seedAuditedWard()
        try await startShell()
        await signIn(seed.nurse)
        let trail = try await openFromPalette()
        let index = try XCTUnwrap(trail.rows.firstIndex { $0.entry.action == .signIn })
        for _ in 0..<index { await press(.down) }
        await press(.enter)
        let record = try XCTUnwrap(shell.front as? RecordTrailScreen)
        XCTAssertEqual(record.entity, .staff)
        XCTAssertEqual(record.versions.map(\.entry.action), [.create])
        XCTAssertTrue(screenText(width: 80).contains("Audit trail: Staff member NN Nia Nurse"))
    }

    /// After an erasure the patient's earlier entries keep who and when but not what: the trail
    /// says so instead of showing fields.
    func testErasedEntriesSayTheirContentWasErased() async throws {
        let seed = try await seedAuditedWard(wrongPins: false)
        _ = try await store.discharge(patientId: seed.ada.id, at: Self.now.addingTimeInterval(-60), by: seed.nurse.id)
        _ = try await store.erasePatient(hospitalNumber: "H300", by: seed.nurse.id)
        try await startShell()
        await signIn(seed.nurse)
        let trail = try await openFromPalette()
        let text = screenText(width: 120, height: 40)
        XCTAssertTrue(text.contains("Nappy change changed (content erased with the patient's data)"), text)
        let index = try XCTUnwrap(trail.rows.firstIndex { $0.entry.entity == .nappyChange })
        for _ in 0..<index { await press(.down) }
        await press(.enter)
        XCTAssertTrue(shell.front is RecordTrailScreen)
        let lines = screen(width: 80)
        XCTAssertEqual(lines.filter { $0.contains("content erased with the patient's data") }.count, 3, lines.joined(separator: "\n"))
    }
}
