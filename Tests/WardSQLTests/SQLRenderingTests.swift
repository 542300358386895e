import Foundation
import WardSQL
import XCTest

/// One statement, two engines: placeholders, bound values and the per-engine spellings.
final class SQLRenderingTests: XCTestCase {
    func testValuesAreBoundNeverSplicedAndNumberedPerEngine() {
        let name = "O'Brien; DROP TABLE patient"
        let sql: SQLQuery = "SELECT id FROM patient WHERE familyName = \(name) AND bedLabel = \("3") LIMIT \(1)"
        let sqlite = sql.rendered(for: .sqlite)
        XCTAssertEqual(sqlite.text, "SELECT id FROM patient WHERE familyName = ? AND bedLabel = ? LIMIT ?")
        XCTAssertEqual(sqlite.values, [.text(name), .text("3"), .integer(1)])
        let postgres = sql.rendered(for: .postgres)
        XCTAssertEqual(postgres.text, "SELECT id FROM patient WHERE familyName = $1 AND bedLabel = $2 LIMIT $3")
        XCTAssertEqual(postgres.values, sqlite.values)
    }

    func testNestedFragmentsKeepTheirValuesInOrder() {
        let since = Date(timeIntervalSince1970: 1_700_000_000.1234)
        let condition: SQLQuery = "occurredAt >= \(since)"
        let sql: SQLQuery = "SELECT count(*) FROM nappy_change WHERE patientId = \(Int64(7)) AND \(sql: condition)"
        let rendered = sql.rendered(for: .postgres)
        XCTAssertEqual(rendered.text, "SELECT count(*) FROM nappy_change WHERE patientId = $1 AND occurredAt >= $2")
        // Instants are Unix milliseconds, rounded to the nearest, as every table stores them.
        XCTAssertEqual(rendered.values, [.integer(7), .integer(1_700_000_000_123)])
    }

    func testAnOptionalBindsItsValueOrNull() {
        let none: String? = nil, some: Int64? = 5
        let sql: SQLQuery = "UPDATE t SET notes = \(none), staffId = \(some)"
        XCTAssertEqual(sql.rendered(for: .sqlite).values, [.null, .integer(5)])
    }

    func testPortableSpellingsDifferOnlyWhereTheEnginesDo() {
        let a: SQLQuery = "a", b: SQLQuery = "b"
        XCTAssertEqual(SQLQuery.greatest(a, b).rendered(for: .sqlite).text, "max(a, b)")
        XCTAssertEqual(SQLQuery.greatest(a, b).rendered(for: .postgres).text, "greatest(a, b)")
        XCTAssertEqual(SQLQuery.least(a, b).rendered(for: .postgres).text, "least(a, b)")
        XCTAssertEqual(SQLQuery.same(a, SQLQuery.value("withheld")).rendered(for: .sqlite).text, "a IS ?")
        XCTAssertEqual(SQLQuery.same(a, SQLQuery.value("withheld")).rendered(for: .postgres).text, "a IS NOT DISTINCT FROM $1")
        XCTAssertEqual(SQLQuery.differs(a, b).rendered(for: .postgres).text, "a IS DISTINCT FROM b")
        XCTAssertEqual(SQLQuery.integerTotal(a).rendered(for: .sqlite).text, "coalesce(sum(a), 0)")
        XCTAssertEqual(SQLQuery.integerTotal(a).rendered(for: .postgres).text, "coalesce(sum(a), 0)::bigint")
        XCTAssertEqual(SQLQuery.realTotal(a).rendered(for: .sqlite).text, "total(a)")
        XCTAssertEqual(SQLQuery.realTotal(a).rendered(for: .postgres).text, "coalesce(sum(a), 0)::double precision")
        XCTAssertEqual(SQLQuery.orderedJoin.rendered(for: .sqlite).text, "CROSS JOIN")
        XCTAssertEqual(SQLQuery.orderedJoin.rendered(for: .postgres).text, "JOIN")
    }

    func testAnEmptyInListMatchesNothingRatherThanBreakingTheStatement() {
        let none: [Int64] = []
        let sql: SQLQuery = "SELECT * FROM patient WHERE id IN (\(sql: SQLQuery.list(none)))"
        XCTAssertEqual(sql.rendered(for: .postgres).text, "SELECT * FROM patient WHERE id IN (NULL)")
        let some: SQLQuery = "id IN (\(sql: SQLQuery.list([Int64(3), 4, 5])))"
        XCTAssertEqual(some.rendered(for: .postgres).text, "id IN ($1, $2, $3)")
        XCTAssertEqual(SQLQuery.joined(["a = 1", "b = 2"], separator: " AND ").rendered(for: .sqlite).text, "a = 1 AND b = 2")
    }
}
