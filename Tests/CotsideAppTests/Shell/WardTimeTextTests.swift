import XCTest
@testable import CotsideApp

/// Ward times read the same as the old DateFormatter patterns, in the ward's zone, across a
/// clock change, with names from the catalogue.
final class WardTimeTextTests: XCTestCase {
    let english = WardTimeText(timeZone: TimeZone(identifier: "Europe/London")!,
                               weekdays: "Sun Mon Tue Wed Thu Fri Sat".split(separator: " ").map(String.init),
                               months: "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(separator: " ").map(String.init))

    func testFormatsInTheWardsZone() {
        let instant = Date(timeIntervalSince1970: 1_795_269_900) // 2026-11-21 14:05 UTC (GMT in London)
        XCTAssertEqual(english.stamp(instant), "2026-11-21 14:05")
        XCTAssertEqual(english.time(instant), "14:05")
        XCTAssertEqual(english.dayAndTime(instant), "Sat 21 Nov 14:05")
        // 2026-07-01 08:03 UTC is 09:03 BST in London.
        let summer = Date(timeIntervalSince1970: 1_782_892_980)
        XCTAssertEqual(english.stamp(summer), "2026-07-01 09:03")
        XCTAssertEqual(english.dayAndTime(summer), "Wed 1 Jul 09:03")
    }

    func testNamesComeFromTheCatalogue() {
        let german = WardTimeText(timeZone: TimeZone(identifier: "UTC")!,
                                  weekdays: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"],
                                  months: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"])
        XCTAssertEqual(german.dayAndTime(Date(timeIntervalSince1970: 1_795_269_900)), "Sa 21 Nov 14:05")
        XCTAssertEqual(german.dayAndTime(Date(timeIntervalSince1970: 1_797_602_400)), "Fr 18 Dez 14:00")
    }

    /// A time that is not today carries its day, so nobody reads tomorrow's dose as today's.
    func testClockNamesTheDayWhenNotToday() {
        let now = Date(timeIntervalSince1970: 1_795_269_900) // Sat 2026-11-21 14:05 UTC
        XCTAssertEqual(english.clock(now.addingTimeInterval(55 * 60), now: now), "15:00")
        XCTAssertEqual(english.clock(now.addingTimeInterval(86_400 + 55 * 60), now: now), "tomorrow 15:00")
        XCTAssertEqual(english.clock(now.addingTimeInterval(-86_400 - 15 * 60), now: now), "yesterday 13:50")
        XCTAssertEqual(english.clock(now.addingTimeInterval(2 * 86_400), now: now), "2026-11-23 14:05")
        XCTAssertEqual(english.clock(now.addingTimeInterval(-2 * 86_400), now: now), "2026-11-19 14:05")
        // 23:50 the evening before is yesterday, though under 24 h ago.
        XCTAssertEqual(english.clock(now.addingTimeInterval(-(14 * 3600 + 15 * 60)), now: now), "yesterday 23:50")
        XCTAssertEqual(english.dayMonthTime(now), "21 Nov 14:05")
    }
}
