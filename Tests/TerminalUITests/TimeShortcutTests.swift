import XCTest
@testable import TerminalUI

/// The clock is fixed at 2026-11-21 14:05 UTC (a Saturday) and the ward is in London (GMT in
/// November), so every expected date below is worked out by hand from that moment.
final class TimeShortcutTests: XCTestCase {
    private let zone = TimeZone(identifier: "Europe/London")!
    private let now = ISO8601DateFormatter().date(from: "2026-11-21T14:05:00Z")!

    private func parse(_ text: String) -> Result<Date, TimeShortcut.Failure> {
        TimeShortcut.parse(text, now: now, timeZone: zone)
    }

    private func iso(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func testNowAndTimeOfDay() {
        XCTAssertEqual(try parse("now").get(), now)
        XCTAssertEqual(try parse("NOW").get(), now)
        XCTAssertEqual(try parse("14:05").get(), iso("2026-11-21T14:05:00Z"))
        XCTAssertEqual(try parse("0830").get(), iso("2026-11-21T08:30:00Z"))
    }

    func testOffsets() {
        XCTAssertEqual(try parse("-15m").get(), iso("2026-11-21T13:50:00Z"))
        XCTAssertEqual(try parse("-2h").get(), iso("2026-11-21T12:05:00Z"))
        XCTAssertEqual(try parse("-1h30m").get(), iso("2026-11-21T12:35:00Z"))
    }

    func testDayWords() {
        XCTAssertEqual(try parse("yesterday 22:30").get(), iso("2026-11-20T22:30:00Z"))
        XCTAssertEqual(try parse("T-1 08:00").get(), iso("2026-11-20T08:00:00Z"))
        XCTAssertEqual(try parse("t 0600").get(), iso("2026-11-21T06:00:00Z"))
    }

    /// One reading of day shortcuts for times and for the calculators' dates. The two parsers
    /// differed: `y` and `T-3d` were days only in a date, `tomorrow` only in a time, the time's
    /// limit was 3650 days (a ten-year-old's birthday by `T-4000` was refused), and both read
    /// `T--5` as five days ahead.
    func testDayShortcutsReadTheSameForTimesAndDates() {
        let offsets: [(String, Int?)] = [("today", 0), ("T", 0), ("yesterday", -1), ("Y", -1), ("tomorrow", 1),
                                         ("T-3", -3), ("t+3", 3), ("-3", -3), ("-3d", -3), ("T-3d", -3), ("+10D", 10),
                                         ("T-4000", -4000), ("-100000", -100_000), ("-100001", nil), ("T--5", nil),
                                         ("T-+5", nil), ("-", nil), ("T-", nil), ("-3x", nil), ("3", nil), ("banana", nil), ("", nil)]
        for (word, offset) in offsets {
            XCTAssertEqual(TimeShortcut.dayOffset(word), offset, word)
        }
        XCTAssertEqual(try parse("y 08:00").get(), iso("2026-11-20T08:00:00Z"))
        XCTAssertEqual(try parse("T-3d 08:00").get(), iso("2026-11-18T08:00:00Z"))
        XCTAssertEqual(try parse("tomorrow 06:00").get(), iso("2026-11-22T06:00:00Z"))
        XCTAssertEqual(try parse("T-4000 08:00").get(), iso("2015-12-09T08:00:00Z"))
        XCTAssertThrowsError(try parse("T--5 08:00").get())
    }

    func testISODates() {
        XCTAssertEqual(try parse("2026-11-21 14:05").get(), iso("2026-11-21T14:05:00Z"))
        XCTAssertEqual(try parse("2026-11-21T09:15:00Z").get(), iso("2026-11-21T09:15:00Z"))
        // Summer time: 12:00 in London in July is 11:00 UTC.
        XCTAssertEqual(try parse("2026-07-01 12:00").get(), iso("2026-07-01T11:00:00Z"))
    }

    func testBadInputNamesTheProblemAndShowsExamples() {
        for bad in ["", "banana", "25:00", "-15x", "yesterday", "2026-02-30", "T-1 08:00 extra"] {
            guard case .failure(let failure) = parse(bad) else { return XCTFail("‘\(bad)’ was accepted") }
            XCTAssertTrue(failure.message.contains("-15m"), "message should show examples: \(failure.message)")
        }
        guard case .failure(let noTime) = parse("yesterday") else { return XCTFail() }
        XCTAssertTrue(noTime.message.contains("no time"), noTime.message)
        guard case .failure(let badDate) = parse("2026-02-30") else { return XCTFail() }
        XCTAssertTrue(badDate.message.contains("not a real date"), badDate.message)
    }

    func testDescribeSaysWhatWasUnderstood() {
        XCTAssertEqual(TimeShortcut.describe(iso("2026-11-21T13:50:00Z"), now: now, timeZone: zone),
                       "Sat 21 Nov 2026 13:50 (15 min ago)")
        XCTAssertEqual(TimeShortcut.relative(iso("2026-11-21T12:00:00Z"), now: now), "2 h 5 min ago")
        XCTAssertEqual(TimeShortcut.relative(now, now: now), "now")
        XCTAssertEqual(TimeShortcut.relative(iso("2026-11-21T14:15:00Z"), now: now), "in 10 min")
    }
}
