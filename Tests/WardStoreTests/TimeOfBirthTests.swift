import Foundation
import XCTest
@testable import WardStore

/// With the time of birth known, the first 72 hours of age read in hours, as staff write them
/// ("11 h"); without it, days from the day of birth as before. A birth in the future or after
/// the admission is refused, naming the field.
final class TimeOfBirthTests: WardStoreTestCase {
    func testAgeReadsInHoursForTheFirst72HoursWhenTheTimeOfBirthIsKnown() async throws {
        var draft = patientDraft()  // born 2026-03-08, admitted 2026-03-08 20:00, now 2026-03-10 12:00 (London = UTC)
        draft.timeOfBirth = TimeOfDay("18:30")
        let patient = try await store.admit(draft, by: nil).record
        XCTAssertEqual(patient.timeOfBirth, TimeOfDay("18:30"))
        let stored = try await store.patient(id: patient.id)
        XCTAssertEqual(stored?.timeOfBirth, TimeOfDay("18:30"), "kept in the ward file")
        // 2026-03-08 18:30 → 2026-03-10 12:00 is 41.5 h.
        XCTAssertEqual(PatientAge(patient: patient, now: noon, timeZone: london).wording.text, "41 h")
        XCTAssertEqual(PatientAge(patient: patient, now: date("2026-03-11T18:29:00Z"), timeZone: london).wording.text, "71 h")
        XCTAssertEqual(PatientAge(patient: patient, now: date("2026-03-11T18:30:00Z"), timeZone: london).wording.text, "3 d")
        var unknown = patient
        unknown.timeOfBirth = nil
        XCTAssertEqual(PatientAge(patient: unknown, now: noon, timeZone: london).wording.text, "2 d", "days without the time")
    }

    /// The defect: past 72 h the age went back to counting calendar dates, so a baby born at
    /// 18:30 read "4 d" at noon three days and 17½ hours later, and its corrected age ran a day
    /// ahead each morning. With the time known, days are whole 24 h since birth.
    func testPast72HoursDaysAreWholeDaysSinceTheTimeOfBirth() async throws {
        var draft = patientDraft()  // born 2026-03-08
        draft.timeOfBirth = TimeOfDay("18:30")
        draft.gestationalAgeWeeks = 34
        draft.gestationalAgeDays = 0
        let patient = try await store.admit(draft, by: nil).record
        let age = PatientAge(patient: patient, now: date("2026-03-12T12:00:00Z"), timeZone: london)  // 89.5 h
        XCTAssertEqual(age.wording.text, "3 d")
        XCTAssertEqual(age.days, 3)
        XCTAssertEqual(age.correctedGestationWeeks, 34)
        XCTAssertEqual(age.correctedGestationDays, 3)
        XCTAssertEqual(PatientAge(patient: patient, now: date("2026-03-12T18:30:00Z"), timeZone: london).wording.text, "4 d")
        var unknown = patient
        unknown.timeOfBirth = nil
        XCTAssertEqual(PatientAge(patient: unknown, now: date("2026-03-12T12:00:00Z"), timeZone: london).wording.text, "4 d",
                       "without the time, days from the day of birth")
    }

    func testATimeOfBirthInTheFutureOrAfterAdmissionIsRefused() async throws {
        var future = patientDraft(admittedAt: noon)
        future.dateOfBirth = CalendarDay("2026-03-10")!
        future.timeOfBirth = TimeOfDay("13:30")
        await assertValidationFails(field: "timeOfBirth", messageContains: "the time of birth is in the future") {
            _ = try await self.store.admit(future, by: nil)
        }
        var afterAdmission = patientDraft()
        afterAdmission.timeOfBirth = TimeOfDay("21:00")  // admitted 20:00 the same day
        await assertValidationFails(field: "timeOfBirth", messageContains: "is after the admission") {
            _ = try await self.store.admit(afterAdmission, by: nil)
        }
    }

    func testTheDashboardReadsTheAgeInHours() async throws {
        var draft = patientDraft()
        draft.timeOfBirth = TimeOfDay("18:30")
        _ = try await store.admit(draft, by: nil)
        let dashboard = try await store.dashboard(now: noon, timeZone: london)
        XCTAssertEqual(dashboard.rows.first?.age.wording.text, "41 h")
    }
}

/// `cotside admit --time-of-birth`: refused unless HH:MM, stored and listed when given.
final class TimeOfBirthCommandLineTests: WardStoreTestCase {
    func testAdmitTakesTheTimeOfBirthAndPatientsListsTheAgeInHours() async throws {
        _ = try await addNurse("AB")
        let base = ["admit", "--bed", "4", "--given", "Bo", "--family", "Brown", "--hospital-number", "H2",
                    "--dob", "2026-03-10", "--sex", "male", "--ga", "39+0", "--birth-weight-g", "3300", "--by", "AB"]
        let bad = try runCotside(base + ["--time-of-birth", "25:00"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--time-of-birth 25:00 is not a time of day; write HH:MM (24 h)"), bad.stderr)
        let good = try runCotside(base + ["--time-of-birth", "02:30"])
        XCTAssertEqual(good.status, 0, good.stderr)
        let list = try runCotside(["patients", "--json"])
        XCTAssertTrue(list.stdout.contains(#""timeOfBirth" : "02:30""#), list.stdout)
        XCTAssertTrue(list.stdout.contains(#""age" : "9 h""#), list.stdout)
    }
}
