import Foundation
import XCTest
@testable import WardStore

final class DerivationTests: XCTestCase {
    let london = TimeZone(identifier: "Europe/London")!
    func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    // Corrected age as used in neonatal care: postmenstrual age = gestational age at birth +
    // chronological age (AAP Committee on Fetus and Newborn, "Age Terminology During the
    // Perinatal Period", Pediatrics 2004;114:1362). Worked example there: born at 33 weeks,
    // 10 weeks old -> 43 weeks postmenstrual age.
    func testAgeAndCorrectedAgeForPretermBaby() {
        let born = CalendarDay("2026-01-01")!
        let age = PatientAge(dateOfBirth: born, gestationalAgeWeeks: 33, gestationalAgeDays: 0, on: born.adding(days: 70))
        XCTAssertEqual(age.days, 70)
        XCTAssertEqual(age.correctedGestationWeeks, 43)
        XCTAssertEqual(age.correctedGestationDays, 0)
        let other = PatientAge(dateOfBirth: born, gestationalAgeWeeks: 34, gestationalAgeDays: 2, on: CalendarDay("2026-01-10")!)
        XCTAssertEqual(other.days, 9)
        XCTAssertEqual([other.correctedGestationWeeks, other.correctedGestationDays], [35, 4])  // 34+2 + 9 d
    }

    func testTermBabyHasNoCorrectedAge() {
        let born = CalendarDay("2026-02-27")!
        let age = PatientAge(dateOfBirth: born, gestationalAgeWeeks: 37, gestationalAgeDays: 0, on: CalendarDay("2026-03-01")!)
        XCTAssertEqual(age.days, 2, "2026 is not a leap year: 27 Feb to 1 Mar is 2 days")
        XCTAssertNil(age.correctedGestationWeeks)
        XCTAssertFalse(age.isPreterm)
    }

    // Urine output: mL/kg/h = volume (mL) / weight (kg) / hours; e.g. 36 mL over 6 h in a 3 kg
    // baby = 2 mL/kg/h (oliguria is usually < 1 mL/kg/h in neonates).
    func testUrineOutputPerKgPerHour() {
        XCTAssertEqual(UrineOutput.urineML(nappyWeightGrams: 30, dryNappyWeightGrams: 12), 18)
        XCTAssertNil(UrineOutput.urineML(nappyWeightGrams: 30, dryNappyWeightGrams: 0), "dry weight not set")
        XCTAssertEqual(UrineOutput.urineML(nappyWeightGrams: 10, dryNappyWeightGrams: 12), 0)
        XCTAssertEqual(UrineOutput.mlPerKgPerHour(urineML: 36, weightGrams: 3000, windowHours: 6, hoursSinceAdmission: 100)!,
                       2.0, accuracy: 1e-9)
        XCTAssertEqual(UrineOutput.mlPerKgPerHour(urineML: 12, weightGrams: 3000, windowHours: 6, hoursSinceAdmission: 2)!,
                       2.0, accuracy: 1e-9, "window shortened to the time since admission")
        XCTAssertNil(UrineOutput.mlPerKgPerHour(urineML: 12, weightGrams: 0, windowHours: 6, hoursSinceAdmission: 2))
    }

    func testWardDayWithDayStartBeforeAndAfterTheStartTime() {
        let before = WardDay.containing(date("2026-03-10T06:30:00Z"), dayStartMinutes: 7 * 60, timeZone: london)
        XCTAssertEqual(before.start, date("2026-03-09T07:00:00Z"))
        XCTAssertEqual(before.end, date("2026-03-10T07:00:00Z"))
        let after = WardDay.containing(date("2026-03-10T07:00:00Z"), dayStartMinutes: 7 * 60, timeZone: london)
        XCTAssertEqual(after.start, date("2026-03-10T07:00:00Z"))
    }

    // UK clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October 2026.
    func testWardDaysAcrossDaylightSavingChangesAre23And25Hours() {
        let spring = WardDay.containing(date("2026-03-29T12:00:00Z"), dayStartMinutes: 0, timeZone: london)
        XCTAssertEqual(spring.start, date("2026-03-29T00:00:00Z"))
        XCTAssertEqual(spring.end, date("2026-03-29T23:00:00Z"), "midnight BST is 23:00 UTC")
        XCTAssertEqual(spring.end.timeIntervalSince(spring.start), 23 * 3600)
        let autumn = WardDay.containing(date("2026-10-25T12:00:00Z"), dayStartMinutes: 0, timeZone: london)
        XCTAssertEqual(autumn.end.timeIntervalSince(autumn.start), 25 * 3600)
        let week = WardDay.lastDays(7, endingAt: date("2026-04-01T12:00:00Z"), dayStartMinutes: 0, timeZone: london)
        XCTAssertEqual(week.count, 7)
        for (a, b) in zip(week, week.dropFirst()) { XCTAssertEqual(a.end, b.start, "days are contiguous") }
        XCTAssertEqual(week[0].start, date("2026-03-26T00:00:00Z"))
        XCTAssertEqual(week[6].start, date("2026-03-31T23:00:00Z"))
    }

    func testCalendarDayParsingAndArithmetic() {
        XCTAssertNil(CalendarDay("2026-02-29"))
        XCTAssertNil(CalendarDay("2026-4-01"))
        XCTAssertEqual(CalendarDay("2024-02-28")!.adding(days: 1).description, "2024-02-29")
        XCTAssertEqual(CalendarDay("2025-12-31")!.days(until: CalendarDay("2026-01-01")!), 1)
        XCTAssertEqual(CalendarDay(date("2026-06-30T23:30:00Z"), in: london).description, "2026-07-01")
    }
}
