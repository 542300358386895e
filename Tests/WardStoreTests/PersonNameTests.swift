import XCTest
@testable import WardStore

/// Names are written as their script writes them: a Chinese name family first with no space
/// (王小明), a Latin one given first; and the picker finds a Chinese name typed as it is written.
final class PersonNameTests: WardStoreTestCase {
    func testChineseJapaneseAndKoreanNamesReadFamilyFirstLatinGivenFirst() {
        XCTAssertEqual(PersonName.full(given: "Ada", family: "Lovelace"), "Ada Lovelace")
        XCTAssertEqual(PersonName.full(given: "小明", family: "王"), "王小明")
        XCTAssertEqual(PersonName.full(given: "さくら", family: "山田"), "山田さくら")
        XCTAssertEqual(PersonName.full(given: "민수", family: "김"), "김민수")
        // Mixed scripts (a Latin given name with a Chinese family name) keep the Latin order.
        XCTAssertEqual(PersonName.full(given: "Lily", family: "王"), "Lily 王")
        XCTAssertEqual(PersonName.full(given: "Zoë", family: "Núñez"), "Zoë Núñez")
    }

    func testAChineseNameIsShownAndFoundAsItIsWritten() async throws {
        let draft = patientDraft(bed: "5", given: "小明", family: "王", hospitalNumber: "H555")
        let wang = try await store.admit(draft, by: nil).record
        XCTAssertEqual(wang.fullName, "王小明")
        let found = try await store.searchPatients("王小明", includeDischarged: false, limit: 10)
        XCTAssertEqual(found.map(\.id), [wang.id])
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: wang.id, occurredAt: clock.now, kind: .wet), by: nil)
        let history = try await store.historyPage(HistoryFilter(patientId: wang.id), after: nil, limit: 5)
        XCTAssertEqual(history.events.map(\.patientName), ["王小明"])
    }
}
