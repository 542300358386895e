import XCTest
@testable import CotsideApp

/// How the environment shapes a run: colour, glyphs and the clock.
final class LaunchOptionsTests: XCTestCase {
    func testNoColorEnvironmentOrFlagForbidsColour() {
        XCTAssertTrue(LaunchOptions(environment: ["NO_COLOR": "1"]).colourForbidden)
        XCTAssertTrue(LaunchOptions(noColour: true, environment: [:]).colourForbidden)
        // no-color.org: an empty NO_COLOR does not count.
        XCTAssertFalse(LaunchOptions(environment: ["NO_COLOR": ""]).colourForbidden)
    }

    func testLocaleDecidesGlyphsWithLCAllFirst() {
        XCTAssertTrue(LaunchOptions(environment: ["LANG": "C.UTF-8"]).localeIsUTF8)
        XCTAssertTrue(LaunchOptions(environment: ["LANG": "en_GB.utf8"]).localeIsUTF8)
        XCTAssertFalse(LaunchOptions(environment: ["LANG": "C"]).localeIsUTF8)
        XCTAssertFalse(LaunchOptions(environment: ["LC_ALL": "C", "LANG": "C.UTF-8"]).localeIsUTF8)
        XCTAssertFalse(LaunchOptions(environment: [:]).localeIsUTF8)
    }

    func testCotsideNowFixesTheClockAndABadValueIsAnError() throws {
        let clock = try LaunchOptions(environment: ["COTSIDE_NOW": "2026-11-21T14:05:00Z", "TZ": "Europe/London"]).clock()
        XCTAssertTrue(clock.isFixed)
        XCTAssertEqual(clock.now, Date(timeIntervalSince1970: 1_795_269_900))
        XCTAssertEqual(clock.timeZone.identifier, "Europe/London")
        XCTAssertThrowsError(try LaunchOptions(environment: ["COTSIDE_NOW": "yesterday"]).clock()) { error in
            XCTAssertTrue(String(describing: error).contains("COTSIDE_NOW=yesterday"))
        }
        XCTAssertFalse(try LaunchOptions(environment: [:]).clock().isFixed)
    }
}
