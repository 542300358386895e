import Foundation
import XCTest
@testable import WardStore

/// History pages checked against a brute-force sort and filter of every stored row.
final class HistoryPagingTests: WardStoreTestCase {
    var all: [NappyChange] = []
    var staffIds: [Int64] = []
    var patientIds: [Int64] = []

    override func setUp() async throws {
        try await super.setUp()
        staffIds = [try await addNurse("XA").id, try await addNurse("YB").id]
        patientIds = [try await admit(bed: "1", given: "Ann", hospitalNumber: "1").id,
                      try await admit(bed: "2", given: "Bo", hospitalNumber: "2").id]
        var random = SeededRandom(seed: 7)
        let start = clock.now.addingTimeInterval(-30 * 3600)
        for (index, staff) in staffIds.enumerated() {
            var drafts: [NappyChangeDraft] = []
            for i in 0..<70 {
                // Many rows share a minute so ties are broken by id.
                let minute = Double(random.int(0...(30 * 60 / 10))) * 10
                let kind = NappyKind.allCases[random.int(0...3)]
                drafts.append(NappyChangeDraft(patientId: patientIds[random.int(0...1)],
                                               occurredAt: start.addingTimeInterval(minute * 60), kind: kind,
                                               notes: i % 9 == 0 ? "Rash seen \(index)" : ""))
            }
            all += try await store.logNappyChanges(drafts, by: staff).map(\.record)
        }
        for change in all where change.id % 11 == 0 {
            _ = try await store.deleteNappyChange(id: change.id, by: nil)
        }
        all = all.filter { $0.id % 11 != 0 }
    }

    func expected(_ filter: HistoryFilter) -> [Int64] {
        all.filter { c in
            (filter.patientId.map { c.patientId == $0 } ?? true)
                && (filter.nappyKinds.isEmpty || filter.nappyKinds.contains(c.kind))
                && (filter.staffId.map { c.recordedBy == $0 } ?? true)
                && (filter.from.map { c.occurredAt >= $0 } ?? true)
                && (filter.until.map { c.occurredAt < $0 } ?? true)
                && (filter.notesContaining.map { text in
                    // Each word typed begins a word of the notes (NotesSearch's rule).
                    let words = NotesSearch.words(c.notes.lowercased())
                    return NotesSearch.words(text.lowercased()).allSatisfy { w in words.contains { $0.hasPrefix(w) } }
                } ?? true)
        }
        .sorted { ($0.occurredAt, $0.id) > ($1.occurredAt, $1.id) }
        .map(\.id)
    }

    func pageDownAll(_ filter: HistoryFilter, limit: Int) async throws -> ([Int64], [HistoryPage]) {
        var ids: [Int64] = []
        var pages: [HistoryPage] = []
        var cursor: HistoryCursor?
        repeat {
            let page = try await store.historyPage(filter, after: cursor, limit: limit)
            pages.append(page)
            ids += page.events.map(\.id)
            cursor = page.events.last?.cursor
            if !page.hasMore { break }
        } while true
        return (ids, pages)
    }

    func testPagingDownVisitsEveryEventOnceNewestFirst() async throws {
        let (ids, pages) = try await pageDownAll(.everything, limit: 7)
        XCTAssertEqual(ids, expected(.everything))
        XCTAssertTrue(pages.dropLast().allSatisfy { $0.events.count == 7 && $0.hasMore })
    }

    func testPagingUpReturnsThePreviousPages() async throws {
        let (_, pages) = try await pageDownAll(.everything, limit: 7)
        // From the last page go back up to the top, comparing with the pages seen going down.
        var cursor = pages.last!.events.first!.cursor
        for expectedPage in pages.dropLast().reversed() {
            let up = try await store.historyPage(.everything, before: cursor, limit: 7)
            XCTAssertEqual(up.events.map(\.id), expectedPage.events.map(\.id))
            cursor = up.events.first!.cursor
        }
        let top = try await store.historyPage(.everything, before: cursor, limit: 7)
        XCTAssertTrue(top.events.isEmpty)
        XCTAssertFalse(top.hasMore)
    }

    func testFiltersMatchBruteForce() async throws {
        let filters = [
            HistoryFilter(patientId: patientIds[1]),
            HistoryFilter(nappyKinds: [.dirty, .mixed]),
            HistoryFilter(staffId: staffIds[0]),
            HistoryFilter(from: clock.now.addingTimeInterval(-20 * 3600), until: clock.now.addingTimeInterval(-10 * 3600)),
            HistoryFilter(notesContaining: "rash"),
            HistoryFilter(patientId: patientIds[0], nappyKinds: [.wet], staffId: staffIds[1]),
        ]
        for filter in filters {
            let (ids, _) = try await pageDownAll(filter, limit: 5)
            XCTAssertEqual(ids, expected(filter), "\(filter)")
            XCTAssertFalse(ids.isEmpty, "the fixture should give each filter something to find: \(filter)")
        }
    }

    func testJumpToDateStartsAtTheNewestEventAtOrBeforeIt() async throws {
        let target = all.sorted { $0.occurredAt < $1.occurredAt }[60].occurredAt
        let page = try await store.historyPage(.everything, atOrBefore: target, limit: 10)
        let wanted = expected(.everything).filter { id in all.first { $0.id == id }!.occurredAt <= target }
        XCTAssertEqual(page.events.map(\.id), Array(wanted.prefix(10)))
        XCTAssertEqual(page.events.first?.occurredAt, target)
    }

    func testEventCarriesPatientStaffAndDetails() async throws {
        let patient = patientIds[0]
        let logged = try await store.logNappyChange(
            NappyChangeDraft(patientId: patient, occurredAt: clock.now, kind: .mixed, size: .large,
                             stoolColour: .blackMeconium, nappyWeightGrams: 38, notes: "first stool"), by: staffIds[1]).record
        let event = try await store.historyPage(.everything, after: nil, limit: 1).events[0]
        XCTAssertEqual(event.id, logged.id)
        XCTAssertEqual(event.bedLabel, "1")
        XCTAssertEqual(event.patientName, "Ann Smith")
        XCTAssertEqual(event.title, "Nappy mixed")
        XCTAssertEqual(event.details, "large · black/meconium · 38 g")
        XCTAssertEqual(event.notes, "first stool")
        XCTAssertEqual(event.staffInitials, "YB")
        XCTAssertEqual(event.nappyKind, .mixed)
    }
}
