import XCTest
@testable import WardStore

/// Ages read as UK paediatric staff write them (the convention of the RCPCH/BNFc age bands:
/// a neonate is under 28 days, an infant under 1 year): days for the first 4 weeks, then
/// weeks to 3 months, months to 2 years, then years and months; hours when the time of birth
/// is known and the baby is under 72 hours old.
final class AgeWordingTests: XCTestCase {
    let born = CalendarDay("2022-06-15")!

    func wording(after days: Int) -> AgeWording {
        AgeWording(dateOfBirth: born, on: born.adding(days: days))
    }

    func testHoursForTheFirstThreeDaysWhenTheTimeOfBirthIsKnown() {
        XCTAssertEqual(AgeWording(hoursSinceBirth: 0), .hours(0))
        XCTAssertEqual(AgeWording(hoursSinceBirth: 71), .hours(71))
        XCTAssertEqual(AgeWording(hoursSinceBirth: 72), .days(3))
    }

    func testDaysUnderFourWeeks() {
        XCTAssertEqual(wording(after: 0), .days(0))
        XCTAssertEqual(wording(after: 3), .days(3))
        XCTAssertEqual(wording(after: 27), .days(27))
    }

    func testWeeksFromFourWeeksToThreeMonths() {
        XCTAssertEqual(wording(after: 28), .weeks(4))
        XCTAssertEqual(wording(after: 48), .weeks(6))
        // 15 June + 3 calendar months = 15 September, day 92.
        XCTAssertEqual(wording(after: 91), .weeks(13))
        XCTAssertEqual(wording(after: 92), .months(3))
    }

    func testMonthsToTwoYearsByTheCalendar() {
        XCTAssertEqual(AgeWording(dateOfBirth: born, on: CalendarDay("2023-06-14")!), .months(11))
        XCTAssertEqual(AgeWording(dateOfBirth: born, on: CalendarDay("2023-06-15")!), .months(12))
        XCTAssertEqual(AgeWording(dateOfBirth: born, on: CalendarDay("2024-06-14")!), .months(23))
    }

    func testYearsAndMonthsFromTwoYears() {
        XCTAssertEqual(AgeWording(dateOfBirth: born, on: CalendarDay("2024-06-15")!), .yearsMonths(2, 0))
        // The 4-year-old: 1629 days after 15 June 2022 is 30 November 2026 (2024 is a leap year).
        XCTAssertEqual(born.adding(days: 1629), CalendarDay("2026-11-30")!)
        XCTAssertEqual(wording(after: 1629), .yearsMonths(4, 5))
        XCTAssertEqual(AgeWording(dateOfBirth: CalendarDay("2008-01-31")!, on: CalendarDay("2026-01-30")!), .yearsMonths(17, 11))
    }

    func testEnglishTextForTheCommandLine() {
        XCTAssertEqual(AgeWording.hours(5).text, "5 h")
        XCTAssertEqual(AgeWording.days(3).text, "3 d")
        XCTAssertEqual(AgeWording.weeks(6).text, "6 wk")
        XCTAssertEqual(AgeWording.months(14).text, "14 mo")
        XCTAssertEqual(AgeWording.yearsMonths(4, 5).text, "4 y 5 mo")
        XCTAssertEqual(AgeWording.yearsMonths(4, 0).text, "4 y")
    }

    func testPatientAgeCarriesTheWording() {
        let age = PatientAge(dateOfBirth: born, gestationalAgeWeeks: 39, gestationalAgeDays: 0, on: born.adding(days: 1629))
        XCTAssertEqual(age.wording, .yearsMonths(4, 5))
    }
}
