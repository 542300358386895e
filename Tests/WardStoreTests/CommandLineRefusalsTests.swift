import Foundation
import XCTest
@testable import WardStore

/// Bad command lines say what was typed, what is wrong and what is allowed, exit 2, and store
/// nothing: negative numbers, repeated options, unknown command words, store field names and
/// platform errors in messages.
final class CommandLineRefusalsTests: WardStoreTestCase {
    func assertRefused(_ arguments: [String], says text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try runCotside(arguments)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), "\(arguments) said: \(result.stderr)", file: file, line: line)
        XCTAssertFalse(result.stderr.contains("Missing value"), result.stderr, file: file, line: line)
    }

    func testNegativeNumbersAreReadAsNumbersAndRefusedWithTheRange() async throws {
        _ = try await admit(bed: "3")
        try assertRefused(["log", "measurement", "--bed", "3", "--kind", "weight", "--value", "-5"],
                          says: "--value: weight -5 g is outside 200–150000 g")
        try assertRefused(["log", "feed", "--bed", "3", "--kind", "formula", "--volume", "-1"],
                          says: "--volume: volume -1 mL must be 0 to 1000 mL")
        try assertRefused(["log", "nappy", "--bed", "3", "--kind", "wet", "--weight-g", "-5"],
                          says: "--weight-g -5 must be 1 to 1000 grams")
        let stored = try await sql { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM measurement) + (SELECT count(*) FROM feed) + (SELECT count(*) FROM nappy_change)")!
        }
        XCTAssertEqual(stored, 0)
    }

    func testARepeatedOptionIsRefusedNotSilentlyTheLast() async throws {
        _ = try await admit(bed: "3")
        _ = try await admit(bed: "4", given: "Bo", hospitalNumber: "H200")
        try assertRefused(["log", "nappy", "--bed", "3", "--bed", "4", "--kind", "wet"], says: "--bed is given twice (3 and 4); give it once")
        try assertRefused(["log", "nappy", "--bed=3", "--kind", "wet", "--kind=dirty"], says: "--kind is given twice (wet and dirty)")
        let stored = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM nappy_change")! }
        XCTAssertEqual(stored, 0)
        let goals = try runCotside(["goals", "--bed", "3", "--set", "hr=100-170", "--set", "rr=30-60"])
        XCTAssertEqual(goals.status, 0, "--set may be repeated: \(goals.stderr)")
    }

    func testAnUnknownCommandWordExits2WithTheCommands() throws {
        for arguments in [["report", "--help"], ["repor"], ["handover"]] {
            try assertRefused(arguments, says: "unknown command '\(arguments[0])'; the commands are: tui, snapshot, log, patients")
        }
        let help = try runCotside(["--help"])
        XCTAssertEqual(help.status, 0)
    }

    func testMessagesNameWhatWasTypedNotInternalsOrPlatformErrors() async throws {
        _ = try await admit(bed: "3")
        let result = try runCotside(["log", "feed", "--bed", "3", "--kind", "formula", "--volume", "2000"])
        XCTAssertEqual(result.status, 2)
        XCTAssertFalse(result.stderr.contains("volumeML"), result.stderr)
        XCTAssertTrue(result.stderr.contains("--volume: volume 2000 mL must be 0 to 1000 mL"), result.stderr)
        try assertRefused(["centres", "import", folder.path], says: "\(folder.path) is a folder; give the centres list file itself")
        try assertRefused(["centres", "import", folder.appendingPathComponent("none.json").path],
                          says: "cannot read centres list \(folder.path)/none.json: no such file or directory")
        let any = try runCotside(["centres", "import", folder.path])
        XCTAssertFalse(any.stderr.contains("NSCocoaErrorDomain"), any.stderr)
    }
}
