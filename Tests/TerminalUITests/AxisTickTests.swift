import XCTest
@testable import TerminalUI

/// Tick selection: nice steps (1, 2, 2.5, 5 × 10ⁿ) chosen by hand for each range below, and time
/// ticks in hours, days or weeks aligned to whole hours, midnights and Mondays.
final class AxisTickTests: XCTestCase {
    func testNiceStepMantissas() {
        XCTAssertEqual(NiceScale.niceStep(atLeast: 0.9), 1)
        XCTAssertEqual(NiceScale.niceStep(atLeast: 1.1), 2)
        XCTAssertEqual(NiceScale.niceStep(atLeast: 2.2), 2.5)
        XCTAssertEqual(NiceScale.niceStep(atLeast: 3), 5)
        XCTAssertEqual(NiceScale.niceStep(atLeast: 7), 10)
        XCTAssertEqual(NiceScale.niceStep(atLeast: 0.0031), 0.005, accuracy: 1e-15)
        XCTAssertEqual(NiceScale.niceStep(atLeast: 1.7e9), 2e9)
    }

    func testScalesChosenByHand() {
        // 0…10 in ≤ 6 ticks: raw step 2 → 0, 2, …, 10.
        XCTAssertEqual(NiceScale.scale(low: 0, high: 10, maxTicks: 6).ticks, [0, 2, 4, 6, 8, 10])
        // 3.1…7.6 in ≤ 6 ticks: raw 0.9 → 1, ends 3 and 8.
        XCTAssertEqual(NiceScale.scale(low: 3.1, high: 7.6, maxTicks: 6).ticks, [3, 4, 5, 6, 7, 8])
        // 0…10 in ≤ 5 ticks: raw 2.5 → quarter steps.
        XCTAssertEqual(NiceScale.scale(low: 0, high: 10, maxTicks: 5).ticks, [0, 2.5, 5, 7.5, 10])
        // -37…52 in ≤ 5: 25 would need 6 ticks (-50…75), so 50.
        XCTAssertEqual(NiceScale.scale(low: -37, high: 52, maxTicks: 5).ticks, [-50, 0, 50, 100])
        // 0.1…0.3 in ≤ 3: 0.1 steps without floating dust.
        XCTAssertEqual(NiceScale.scale(low: 0.1, high: 0.3, maxTicks: 3).ticks, [0.1, 0.2, 0.3])
        // Huge: 0…1.23e9 in ≤ 5: raw 3.1e8 → 5e8.
        XCTAssertEqual(NiceScale.scale(low: 0, high: 1.23e9, maxTicks: 5).ticks, [0, 5e8, 1e9, 1.5e9])
    }

    func testDegenerateRangesStillGiveAnAxis() {
        let flat = NiceScale.scale(low: 5, high: 5, maxTicks: 5)  // widened by 10 %: 4.5…5.5
        XCTAssertEqual(flat.ticks, [4.5, 4.75, 5, 5.25, 5.5])
        XCTAssertEqual(NiceScale.scale(low: 0, high: 0, maxTicks: 3).ticks, [-1, 0, 1])
        XCTAssertEqual(NiceScale.scale(low: .nan, high: 4, maxTicks: 2).ticks, [0, 1])
        let reversed = NiceScale.scale(low: 10, high: 0, maxTicks: 6)
        XCTAssertEqual(reversed.ticks, [0, 2, 4, 6, 8, 10])
    }

    func testLabelsAreShortAndExact() {
        let quarters = NiceScale.scale(low: 0, high: 10, maxTicks: 5)
        XCTAssertEqual(quarters.ticks.map(quarters.label), ["0", "2.5", "5.0", "7.5", "10.0"])
        let negative = NiceScale.scale(low: -37, high: 52, maxTicks: 5)
        XCTAssertEqual(negative.ticks.map(negative.label), ["-50", "0", "50", "100"])
        let thousands = NiceScale.scale(low: 0, high: 25_000, maxTicks: 6)
        XCTAssertEqual(thousands.ticks.map(thousands.label), ["0", "5k", "10k", "15k", "20k", "25k"])
        let billions = NiceScale.scale(low: 0, high: 1.23e9, maxTicks: 5)
        XCTAssertEqual(billions.ticks.map(billions.label), ["0", "0.5G", "1.0G", "1.5G"])
        XCTAssertEqual(NiceScale.label(-0.0001, step: 0.1, magnitude: 1), "0.0")  // not "-0.0"
        XCTAssertEqual(NiceScale.label(1_234, step: 1, magnitude: 9_999), "1234")
    }

    let utc = TimeZone(identifier: "UTC")!
    let saturday21Nov = 1_795_219_200.0  // 2026-11-21 00:00 UTC

    func testOneDayInSixHourSteps() {
        let ticks = TimeAxis.ticks(start: saturday21Nov, end: saturday21Nov + 86_400, maxTicks: 5, timeZone: utc)
        XCTAssertEqual(ticks.unit, .hours)
        XCTAssertEqual(ticks.stepCount, 6)
        XCTAssertEqual(ticks.labels, ["21 Nov", "06:00", "12:00", "18:00", "22 Nov"])
    }

    func testAWeekInDays() {
        let ticks = TimeAxis.ticks(start: saturday21Nov - 5 * 86_400, end: saturday21Nov + 2 * 86_400, maxTicks: 8, timeZone: utc)
        XCTAssertEqual(ticks.unit, .days)
        XCTAssertEqual(ticks.stepCount, 1)
        XCTAssertEqual(ticks.labels, ["16 Nov", "17 Nov", "18 Nov", "19 Nov", "20 Nov", "21 Nov", "22 Nov", "23 Nov"])
    }

    func testNinetyDaysInWeeksOnMondays() {
        let end = saturday21Nov
        let ticks = TimeAxis.ticks(start: end - 90 * 86_400, end: end, maxTicks: 8, timeZone: utc)
        XCTAssertEqual(ticks.unit, .weeks)
        XCTAssertEqual(ticks.stepCount, 2)  // 1-weekly would be 13 ticks
        XCTAssertLessThanOrEqual(ticks.ticks.count, 8)
        XCTAssertGreaterThanOrEqual(ticks.ticks.count, 6)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        for t in ticks.ticks {
            XCTAssertEqual(calendar.component(.weekday, from: Date(timeIntervalSince1970: t)), 2, "not a Monday")
            XCTAssertEqual(t.truncatingRemainder(dividingBy: 86_400), 0)
        }
        XCTAssertTrue(zip(ticks.ticks, ticks.ticks.dropFirst()).allSatisfy { $1 - $0 == 14 * 86_400 })
    }

    func testTicksFollowTheWardTimeZone() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!  // UTC+1 in November
        let ticks = TimeAxis.ticks(start: saturday21Nov, end: saturday21Nov + 86_400, maxTicks: 5, timeZone: berlin)
        XCTAssertEqual(ticks.ticks.first, saturday21Nov + 5 * 3_600)  // 06:00 Berlin = 05:00 UTC
        XCTAssertEqual(ticks.labels.first, "06:00")
        XCTAssertTrue(ticks.labels.contains("22 Nov"))
        XCTAssertEqual(TimeAxis.instant(saturday21Nov + 3_600 * 13.5, timeZone: berlin), "21 Nov 14:30")
    }

    func testYearsStillFitTheTickLimit() {
        let ticks = TimeAxis.ticks(start: saturday21Nov - 10 * 365 * 86_400, end: saturday21Nov, maxTicks: 6, timeZone: utc)
        XCTAssertEqual(ticks.unit, .weeks)
        XCTAssertLessThanOrEqual(ticks.ticks.count, 6)
        XCTAssertGreaterThanOrEqual(ticks.ticks.count, 2)
    }
}
