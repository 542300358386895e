import Foundation
import XCTest
import GRDB
import WardSQL
@testable import WardStore

/// Every query a screen runs must use an index on `nappy_change`, never a full scan.
final class QueryPlanTests: WardStoreTestCase {
    func plan(_ query: String, _ arguments: [DatabaseValue] = []) async throws -> String {
        try await sql { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + query, arguments: StatementArguments(arguments))
                .map { $0["detail"] as String }.joined(separator: "\n")
        }
    }

    func plan(_ query: SQLQuery) async throws -> String {
        try await sql { db in
            try db.fetchAll("EXPLAIN QUERY PLAN " + query).map { try $0.column("detail", as: String.self) }.joined(separator: "\n")
        }
    }

    func assertNoFullScanOfNappies(_ plan: String, file: StaticString = #filePath, line: UInt = #line) {
        // "SCAN n ..." (even USING INDEX) walks the whole table or index; only SEARCH is a range.
        let scans = plan.split(separator: "\n").filter { $0.contains("SCAN n") }
        XCTAssertTrue(scans.isEmpty, "full scan of nappy_change:\n\(plan)", file: file, line: line)
    }

    func testDashboardUsesThePatientIndexes() async throws {
        let query = DashboardQuery(now: clock.now, timeZone: london, settings: .defaults)
        let plan = try await plan(query.inlinedSQL)
        assertNoFullScanOfNappies(plan)
        XCTAssertTrue(plan.contains("nappy_live_patient_time"), plan)
        XCTAssertTrue(plan.contains("nappy_live_patient_kind_time"), plan)
    }

    /// The benchmark times `inlinedSQL` in sqlite3; it must be the query the app runs.
    func testInlinedDashboardSQLReadsWhatTheParameterisedOneReads() async throws {
        let patient = try await admit()
        for minutes in [10.0, 200, 1500, 3000] {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: clock.now.addingTimeInterval(-minutes * 60),
                                                                kind: minutes < 1000 ? .wet : .dirty), by: nil)
        }
        let query = DashboardQuery(now: clock.now, timeZone: london, settings: .defaults)
        let (same, wetToday) = try await sql { db in
            let parameterised = try db.fetchAll(query.query(for: .sqlite))
            let inlined = try db.fetchAll(SQLQuery(verbatim: query.inlinedSQL))
            return (parameterised.map(\.values) == inlined.map(\.values), try parameterised.first?.column(at: 0, as: Int64.self))
        }
        XCTAssertTrue(same, "the inlined text reads other rows")
        XCTAssertEqual(wetToday, 2, "two wet nappies today")
    }

    func testHistoryPagesUseAnIndexInEveryFilterShape() async throws {
        let cursor = HistoryCursor(occurredAt: clock.now, kindRank: 1, id: 100)
        let shapes: [(HistoryFilter, String)] = [
            (.everything, "nappy_live_time"),
            (HistoryFilter(patientId: 1), "nappy_live_patient_time"),
            (HistoryFilter(staffId: 1), "nappy_live_staff_time"),
            (HistoryFilter(from: noon.addingTimeInterval(-86400), until: noon), "nappy_live_time"),
        ]
        for (filter, index) in shapes {
            for direction in [HistoryQuery.Direction.older, .newer] {
                let plan = try await plan(HistoryQuery(filter: filter, cursor: cursor, direction: direction, limit: 50).sql)
                assertNoFullScanOfNappies(plan)
                XCTAssertTrue(plan.contains(index), "\(filter) \(direction):\n\(plan)")
                XCTAssertFalse(plan.contains("USE TEMP B-TREE FOR ORDER BY") && plan.contains("SCAN n"), plan)
            }
        }
    }

    /// The ward Trends view reads the hourly summary by its key and the long wet-nappy gaps by
    /// their length index; only the off-the-hour edges of days touch `nappy_change`, by range.
    /// The ward view's missed slots merge the answered dose rows with the courses as they stream,
    /// so the rows must come in index order with no sort, by range search or by one pass.
    func testWardMissedSlotsReadAnsweredRowsInIndexOrder() async throws {
        for ids in [[Int64(3), 1, 2], nil] {
            let plan = try await plan(WardMissedSlots.answeredSQL(courses: ids, from: 0, to: 1_800_000_000_000, openAfter: 0))
            XCTAssertTrue(plan.contains("dose_record_live_medication"), plan)
            XCTAssertFalse(plan.contains("TEMP B-TREE"), "sorted: \(plan)")
            if ids != nil { XCTAssertTrue(plan.contains("SEARCH"), plan) }
        }
    }

    func testWardTrendsReadTheSummariesByIndex() async throws {
        var settings = WardSettings.defaults
        settings.dayStartMinutes = 7 * 60 + 30  // off the hour: the edge statements run too
        let query = WardTrendsQuery(window: .days90, now: clock.now, timeZone: london, settings: settings)
        let days = WardDay.lastDays(90, endingAt: clock.now, dayStartMinutes: settings.dayStartMinutes, timeZone: london)
        var plans: [String] = []
        for statement in query.statements(days) { plans.append(try await plan(statement.sql)) }
        XCTAssertEqual(plans.count, 5, "hours, three edge statements, alerts")
        for plan in plans { assertNoFullScanOfNappies(plan) }
        XCTAssertTrue(plans[0].contains("SEARCH t USING INTEGER PRIMARY KEY"), plans[0])
        XCTAssertFalse(plans[0].contains("nappy_change") || plans[0].contains(" n "), plans[0])
        XCTAssertTrue(plans[1].contains("SEARCH n USING INDEX nappy_live_kind_time (kind=? AND occurredAt>? AND occurredAt<?)"), plans[1])
        XCTAssertTrue(plans[4].contains("SEARCH g USING COVERING INDEX wet_nappy_gap_length (gapMs>?)"), plans[4])

        settings.dayStartMinutes = 7 * 60  // on the hour in London: no edges, no event table at all
        let onTheHour = WardTrendsQuery(window: .days90, now: clock.now, timeZone: london, settings: settings)
        let hourDays = WardDay.lastDays(90, endingAt: clock.now, dayStartMinutes: settings.dayStartMinutes, timeZone: london)
        XCTAssertEqual(onTheHour.statements(hourDays).count, 2)
    }
}
