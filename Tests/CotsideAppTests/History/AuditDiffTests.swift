import Foundation
import WardStore
import XCTest
@testable import CotsideApp

/// The audit trail's field diff: what two versions of a record say differently, from the JSON
/// images the store keeps (sorted keys, dates as Unix milliseconds).
final class AuditDiffTests: XCTestCase {
    func testAnEditListsOnlyTheFieldsThatChangedNotItsBookkeeping() {
        let before = #"{"createdAt":1,"id":7,"kind":"wet","nappyWeightGrams":40,"notes":"","updatedAt":1}"#
        let after = #"{"createdAt":1,"id":7,"kind":"mixed","nappyWeightGrams":44,"notes":"","updatedAt":2}"#
        XCTAssertEqual(AuditDiff.changes(before: before, after: after), [
            AuditFieldChange(field: "kind", before: .text("wet"), after: .text("mixed")),
            AuditFieldChange(field: "nappyWeightGrams", before: .integer(40), after: .integer(44)),
        ])
    }

    func testACreatedRecordListsEveryFieldWithAValue() {
        let after = #"{"deletedAt":null,"id":7,"kind":"wet","notes":"","size":"medium","updatedAt":2}"#
        XCTAssertEqual(AuditDiff.changes(before: nil, after: after), [
            AuditFieldChange(field: "kind", before: nil, after: .text("wet")),
            AuditFieldChange(field: "notes", before: nil, after: .text("")),
            AuditFieldChange(field: "size", before: nil, after: .text("medium")),
        ], "null says no value, as an absent field does")
    }

    func testNullAndAbsentAreTheSameButAValueAppearingIsAChange() {
        XCTAssertEqual(AuditDiff.changes(before: #"{"stoolColour":null}"#, after: "{}"), [])
        XCTAssertEqual(AuditDiff.changes(before: #"{"deletedAt":null}"#, after: #"{"deletedAt":1795269900000}"#),
                       [AuditFieldChange(field: "deletedAt", before: nil, after: .integer(1_795_269_900_000))])
        XCTAssertEqual(AuditDiff.changes(before: #"{"stoolColour":"green"}"#, after: #"{"stoolColour":null}"#),
                       [AuditFieldChange(field: "stoolColour", before: .text("green"), after: nil)])
    }

    func testTypesAreKeptApartAndNestedFieldsAreComparedOneByOne() {
        XCTAssertEqual(AuditDiff.changes(before: #"{"active":1}"#, after: #"{"active":true}"#),
                       [AuditFieldChange(field: "active", before: .integer(1), after: .bool(true))])
        XCTAssertEqual(AuditDiff.changes(before: #"{"dose":{"mg":5,"route":"oral"}}"#, after: #"{"dose":{"mg":7.5,"route":"oral"}}"#),
                       [AuditFieldChange(field: "dose.mg", before: .integer(5), after: .number(7.5))])
        XCTAssertEqual(AuditDiff.changes(before: #"{"days":[1,2]}"#, after: #"{"days":[1,2,3]}"#),
                       [AuditFieldChange(field: "days", before: .list([.integer(1), .integer(2)]),
                                         after: .list([.integer(1), .integer(2), .integer(3)]))])
    }

    func testARedactedOrUnreadableImageShowsNoFields() {
        let redacted = AuditRedaction.marker
        XCTAssertTrue(AuditDiff.isRedacted(redacted))
        XCTAssertEqual(AuditDiff.changes(before: redacted, after: redacted), [])
        XCTAssertEqual(AuditDiff.changes(before: nil, after: redacted), [])
        XCTAssertEqual(AuditDiff.changes(before: "not json", after: "[1]"), [])
        XCTAssertEqual(AuditDiff.changes(before: nil, after: nil), [])
    }

    func testTimeFieldsAreTheStoresMillisecondFields() {
        for field in ["at", "until", "occurredAt", "deletedAt", "snoozedUntil", "removed.lockedUntil"] {
            XCTAssertTrue(AuditWords.isTimeField(field), field)
        }
        for field in ["kind", "attempts", "status", "nappyWeightGrams"] {
            XCTAssertFalse(AuditWords.isTimeField(field), field)
        }
    }

    func testFieldNamesAreWords() {
        XCTAssertEqual(AuditWords.fieldName("nappyWeightGrams"), "nappy weight grams")
        XCTAssertEqual(AuditWords.fieldName("removed.nappyChange"), "removed nappy change")
        XCTAssertEqual(AuditWords.fieldName("patientId"), "patient")
        XCTAssertEqual(AuditWords.fieldName("id"), "id")
        XCTAssertTrue(AuditNames.isStaffField("recordedBy") && AuditNames.isStaffField("staffId"))
        XCTAssertFalse(AuditNames.isStaffField("patientId"))
    }

    /// The filter's kinds of action cover every action exactly once, so no entry can be left out
    /// of every choice (a new `AuditAction` must be given a group), and a digit picks each.
    func testActionGroupsCoverEveryActionOnce() {
        let groups = AuditActionGroup.allCases.compactMap(\.actions)
        XCTAssertEqual(groups.map(\.count).reduce(0, +), AuditAction.allCases.count)
        XCTAssertEqual(groups.reduce(Set()) { $0.union($1) }, Set(AuditAction.allCases))
        XCTAssertLessThanOrEqual(AuditActionGroup.allCases.count, 9)
    }
}
