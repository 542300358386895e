import Clinical
import Foundation
import XCTest
@testable import WardStore

/// A ward's calendar day counts days with the calculators' one algorithm (`CalendarDate`):
/// the same day numbers, the same idea of a real date, and the same answers as Foundation's
/// calendar (the slow, obvious reference) for every day of three centuries.
final class CalendarDayTests: XCTestCase {
    var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    func date(_ day: CalendarDay) -> Date {
        utc.date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
    }

    func testDayCountsAgreeWithFoundationsCalendar() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return Int(state % UInt64(n)) }
        let first = CalendarDay(year: 1901, month: 1, day: 1)!
        for _ in 0..<2_000 {
            let a = first.adding(days: next(109_000)), b = first.adding(days: next(109_000))
            XCTAssertEqual(a, CalendarDay(date(first).addingTimeInterval(Double(first.days(until: a)) * 86_400), in: utc.timeZone))
            XCTAssertEqual(a.days(until: b), utc.dateComponents([.day], from: date(a), to: date(b)).day, "\(a) → \(b)")
            let step = next(2_000) - 1_000
            XCTAssertEqual(a.adding(days: step), CalendarDay(utc.date(byAdding: .day, value: step, to: date(a))!, in: utc.timeZone))
        }
    }

    func testDayNumbersAreTheCalculatorsDayNumbers() {
        XCTAssertEqual(CalendarDay(year: 1970, month: 1, day: 1)!.dayNumber, 0)
        for text in ["1901-03-01", "1999-12-31", "2000-02-29", "2026-11-21", "2100-03-01", "9999-12-31", "0001-01-01"] {
            let day = CalendarDay(text)!
            XCTAssertEqual(day.dayNumber, CalendarDate(iso: text)!.dayNumber, text)
            XCTAssertEqual(CalendarDay(dayNumber: day.dayNumber), day, text)
            XCTAssertEqual(day.calendarDate.description, text)
        }
    }

    /// Foundation's Gregorian calendar switches to the Julian one before 15 October 1582, while
    /// the day count is proleptic Gregorian: the old check took 29 February 1500 (then counted
    /// as 1 March) and refused 10 October 1582. Now one rule, the calculators'.
    func testARealDateIsARealDateByTheCalculatorsRule() {
        XCTAssertNil(CalendarDay(year: 1500, month: 2, day: 29))
        XCTAssertNotNil(CalendarDay(year: 1582, month: 10, day: 10))
        XCTAssertNil(CalendarDay(year: 1900, month: 2, day: 29))
        XCTAssertNotNil(CalendarDay(year: 2000, month: 2, day: 29))
        XCTAssertNil(CalendarDay(year: 2026, month: 4, day: 31))
        XCTAssertNil(CalendarDay(year: 0, month: 1, day: 1))
        XCTAssertNil(CalendarDay(year: 10_000, month: 1, day: 1))
        for year in 1...2_400 {
            for (month, day) in [(2, 29), (2, 30), (4, 31), (12, 31), (13, 1), (1, 0)] {
                XCTAssertEqual(CalendarDay(year: year, month: month, day: day) != nil,
                               CalendarDate(year: year, month: month, day: day) != nil, "\(year)-\(month)-\(day)")
            }
        }
    }

    /// Ages in months: the Dashboard's wording and the calculators' prefill count alike.
    func testCompletedMonthsAreTheCalculatorsCompletedMonths() {
        let cases: [(String, String, Int)] = [("2026-01-31", "2026-02-28", 0), ("2026-01-31", "2026-03-01", 1),
                                              ("2024-02-29", "2025-02-28", 11), ("2024-02-29", "2025-03-01", 12),
                                              ("2026-11-21", "2026-11-20", 0), ("2020-05-15", "2026-05-15", 72)]
        for (born, today, months) in cases {
            XCTAssertEqual(AgeWording.completedMonths(from: CalendarDay(born)!, to: CalendarDay(today)!), months, "\(born) → \(today)")
            XCTAssertEqual(CalendarDate.completedMonths(from: CalendarDate(iso: born)!, to: CalendarDate(iso: today)!), months)
        }
    }
}
