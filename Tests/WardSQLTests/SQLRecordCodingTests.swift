import Foundation
import WardSQL
import XCTest

private enum Colour: String, Codable, SQLValueConvertible { case green, yellow }

private struct Sample: SQLRecord, Equatable {
    static let tableName = "sample"
    var id: Int64
    var name: String
    var at: Date
    var endedAt: Date?
    var colour: Colour?
    var grams: Int?
    var active: Bool
    var ratio: Double
}

/// `Codable` records as rows: one column per property, dates as milliseconds, enums by raw value.
final class SQLRecordCodingTests: XCTestCase {
    fileprivate let sample = Sample(id: 4, name: "Zoë", at: Date(timeIntervalSince1970: 1_800_000_000.25), endedAt: nil,
                        colour: .yellow, grams: nil, active: true, ratio: 0.5)

    func testARecordIsStoredAsOneColumnPerPropertyInOrder() throws {
        let columns = try sample.storedColumns()
        XCTAssertEqual(columns.map(\.name), ["id", "name", "at", "endedAt", "colour", "grams", "active", "ratio"])
        XCTAssertEqual(columns.map(\.value), [.integer(4), .text("Zoë"), .integer(1_800_000_000_250), .null,
                                              .text("yellow"), .null, .boolean(true), .real(0.5)])
        var weighed = sample
        weighed.grams = 12
        weighed.endedAt = sample.at
        let values = try weighed.storedColumns().map(\.value)
        XCTAssertEqual(values[3], .integer(1_800_000_000_250))
        XCTAssertEqual(values[5], .integer(12))
    }

    func testARecordReadsBackFromEitherEnginesRow() throws {
        // As PostgreSQL returns it: names in lower case, a boolean.
        let postgres = SQLRow(columns: SQLColumns(["id", "name", "at", "endedat", "colour", "grams", "active", "ratio"]),
                              values: [.integer(4), .text("Zoë"), .integer(1_800_000_000_250), .null, .text("yellow"), .null,
                                       .boolean(true), .real(0.5)])
        XCTAssertEqual(try Sample(row: postgres), sample)
        // As SQLite returns it: names as written, the flag as 1.
        let sqlite = SQLRow(columns: SQLColumns(["id", "name", "at", "endedAt", "colour", "grams", "active", "ratio"]),
                            values: [.integer(4), .text("Zoë"), .integer(1_800_000_000_250), .null, .text("yellow"), .null,
                                     .integer(1), .real(0.5)])
        XCTAssertEqual(try Sample(row: sqlite), sample)
    }

    func testAnUnknownEnumValueOrAMissingColumnIsNamed() {
        let row = SQLRow(columns: SQLColumns(["id", "name", "at", "endedAt", "colour", "grams", "active", "ratio"]),
                         values: [.integer(4), .text("Zoë"), .integer(1), .null, .text("purple"), .null, .integer(1), .real(0.5)])
        XCTAssertThrowsError(try Sample(row: row)) { XCTAssertTrue("\($0)".contains("colour"), "\($0)") }
        let short = SQLRow(columns: SQLColumns(["id", "name"]), values: [.integer(4), .text("Zoë")])
        XCTAssertThrowsError(try Sample(row: short)) { XCTAssertTrue("\($0)".contains("at"), "\($0)") }
    }
}
