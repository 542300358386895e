import Foundation
import WardSQL
import XCTest

private enum Kind: String, SQLValueConvertible { case wet, dirty }

/// Rows read by name on either engine: PostgreSQL returns unquoted names in lower case.
final class SQLRowTests: XCTestCase {
    let row = SQLRow(columns: SQLColumns(["patientid", "kind", "value", "notes", "isdemo", "occurredat"]),
                     values: [.integer(12), .text("wet"), .real(3.5), .null, .boolean(true), .integer(1_700_000_000_500)])

    func testColumnsAreFoundWhateverTheCaseTheEngineReturned() throws {
        XCTAssertEqual(try row.decode("patientId", as: Int64.self), 12)
        XCTAssertEqual(try row.decode("PATIENTID", as: Int.self), 12)
        XCTAssertTrue(row.hasColumn("occurredAt"))
        XCTAssertFalse(row.hasColumn("deletedAt"))
    }

    func testTypedReadsOfEveryStorageClass() throws {
        XCTAssertEqual(try row.decode("kind", as: Kind.self), .wet)
        XCTAssertEqual(try row.decode("value", as: Double.self), 3.5)
        XCTAssertEqual(try row.decode("notes", as: String?.self), nil)
        XCTAssertEqual(try row.decode("isDemo", as: Bool.self), true)
        XCTAssertEqual(try row.decode("occurredAt", as: Date.self), Date(timeIntervalSince1970: 1_700_000_000.5))
        // SQLite's booleans are integers; both read as Bool.
        let sqliteRow = SQLRow(columns: SQLColumns(["isDemo"]), values: [.integer(0)])
        XCTAssertEqual(try sqliteRow.decode("isDemo", as: Bool.self), false)
    }

    func testAMissingColumnOrAWrongTypeIsNamedNotGuessed() {
        XCTAssertThrowsError(try row.decode("deletedAt", as: Date?.self)) { error in
            XCTAssertEqual("\(error)", "column deletedAt: expected Optional<Date>, found no such column")
        }
        XCTAssertThrowsError(try row.decode("kind", as: Int64.self)) { error in
            XCTAssertEqual("\(error)", "column kind: expected Int64, found text")
        }
        XCTAssertThrowsError(try row.decode("value", as: Int64.self), "3.5 is not an integer")
        XCTAssertThrowsError(try row.decode("notes", as: String.self), "NULL is not a String")
        let unknownKind = SQLRow(columns: SQLColumns(["kind"]), values: [.text("soggy")])
        XCTAssertThrowsError(try unknownKind.decode("kind", as: Kind.self))
    }
}
