import Foundation
import XCTest
@testable import WardStore

final class ValidationTests: XCTestCase {
    let now = ISO8601DateFormatter().date(from: "2026-03-10T12:00:00Z")!
    let utc = TimeZone(identifier: "UTC")!

    func draft() -> PatientDraft {
        PatientDraft(bedLabel: "3", givenName: "Ava", familyName: "Smith", hospitalNumber: "H1",
                     dateOfBirth: CalendarDay("2026-03-09")!, sex: .female, gestationalAgeWeeks: 30,
                     gestationalAgeDays: 0, birthWeightGrams: 1500, admittedAt: now.addingTimeInterval(-3600))
    }

    func fields(_ issues: [ValidationIssue]) -> [String] { issues.map(\.field) }

    func testValidPatientHasNoIssues() {
        XCTAssertEqual(WardValidation.patient(draft(), now: now, timeZone: utc), [])
    }

    func testGestationalAgeLimitsAreInclusive22w0dTo44w6d() {
        XCTAssertEqual(WardValidation.gestationalAge(weeks: 22, days: 0), [])
        XCTAssertEqual(WardValidation.gestationalAge(weeks: 44, days: 6), [])
        XCTAssertEqual(fields(WardValidation.gestationalAge(weeks: 21, days: 6)), ["gestationalAgeWeeks"])
        XCTAssertEqual(fields(WardValidation.gestationalAge(weeks: 45, days: 0)), ["gestationalAgeWeeks"])
        XCTAssertEqual(WardValidation.gestationalAge(weeks: 30, days: 7).first?.message, "gestation days 7 must be 0 to 6")
        XCTAssertEqual(WardValidation.gestationalAge(weeks: 21, days: 6).first?.message,
                       "gestational age 21+6 is outside 22+0 to 44+6 weeks")
    }

    func testBirthWeightLimits300To7000Grams() {
        for (grams, ok) in [(299, false), (300, true), (7000, true), (7001, false)] {
            var d = draft()
            d.birthWeightGrams = grams
            XCTAssertEqual(WardValidation.patient(d, now: now, timeZone: utc).isEmpty, ok, "\(grams) g")
        }
    }

    func testDatesNotInTheFuture() {
        var d = draft()
        d.dateOfBirth = CalendarDay("2026-03-11")!
        d.admittedAt = now.addingTimeInterval(3600)
        let issues = WardValidation.patient(d, now: now, timeZone: utc)
        XCTAssertEqual(Set(fields(issues)), ["dateOfBirth", "admittedAt"])
        XCTAssertTrue(issues.contains { $0.message == "date of birth 2026-03-11 is in the future; it must be on or before 2026-03-10" })
    }

    func testEmptyNamesAndBedAreNamed() {
        var d = draft()
        d.givenName = "  "
        d.bedLabel = ""
        d.hospitalNumber = ""
        XCTAssertEqual(Set(fields(WardValidation.patient(d, now: now, timeZone: utc))), ["givenName", "bedLabel", "hospitalNumber"])
    }

    func testBedLabelUniqueAmongAdmittedCaseInsensitive() {
        XCTAssertNil(WardValidation.bedLabel("3", admittedBeds: ["1", "2"]))
        XCTAssertEqual(WardValidation.bedLabel(" a1 ", admittedBeds: ["A1"])?.field, "bedLabel")
    }

    func testNappyTimeFiveMinutesAheadAllowedNotMore() {
        let ok = NappyChangeDraft(patientId: 1, occurredAt: now.addingTimeInterval(300), kind: .wet)
        XCTAssertEqual(WardValidation.nappyChange(ok, now: now), [])
        let late = NappyChangeDraft(patientId: 1, occurredAt: now.addingTimeInterval(301), kind: .wet)
        XCTAssertEqual(WardValidation.nappyChange(late, now: now).first?.message,
                       "nappy change time is in the future; at most 5 minutes ahead of now is allowed")
    }

    func testBackdatingMoreThanSevenDaysNeedsConfirmation() {
        XCTAssertFalse(WardValidation.needsBackdateConfirmation(now.addingTimeInterval(-7 * 86400), now: now))
        XCTAssertTrue(WardValidation.needsBackdateConfirmation(now.addingTimeInterval(-7 * 86400 - 60), now: now))
    }

    func testStoolColourOnlyForDirtyOrMixed() {
        for kind in NappyKind.allCases {
            let d = NappyChangeDraft(patientId: 1, occurredAt: now, kind: kind, stoolColour: .yellow)
            XCTAssertEqual(WardValidation.nappyChange(d, now: now).isEmpty, kind == .dirty || kind == .mixed, "\(kind)")
        }
    }

    func testNappyWeightMoreThanZeroUpTo1000Grams() {
        for (grams, ok) in [(0, false), (1, true), (1000, true), (1001, false)] {
            let d = NappyChangeDraft(patientId: 1, occurredAt: now, kind: .wet, nappyWeightGrams: grams)
            XCTAssertEqual(WardValidation.nappyChange(d, now: now).isEmpty, ok, "\(grams) g")
        }
    }

    func testStaffInitialsOneToFourLetters() {
        func check(_ initials: String) -> [String] {
            fields(WardValidation.staff(StaffDraft(name: "N", initials: initials, role: .nurse), activeInitials: []))
        }
        XCTAssertEqual(check("A"), [])
        XCTAssertEqual(check("ABCD"), [])
        XCTAssertEqual(check(""), ["initials"])
        XCTAssertEqual(check("ABCDE"), ["initials"])
        XCTAssertEqual(check("A1"), ["initials"])
        XCTAssertEqual(fields(WardValidation.staff(StaffDraft(name: " ", initials: "AB", role: .nurse), activeInitials: [])), ["name"])
    }

    func testStoreRefusesDuplicateBedWithClearMessage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("val-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = self.now
        let store = try SQLiteWardStore(path: folder.appendingPathComponent("w.sqlite").path, clock: { now }, timeZone: utc)
        _ = try await store.admit(draft(), by: nil)
        do {
            _ = try await store.admit(draft(), by: nil)
            XCTFail("second admission to bed 3 must be refused")
        } catch let error as WardValidationError {
            XCTAssertEqual(error.issues.map(\.field), ["bedLabel"])
            XCTAssertEqual(error.description, "bedLabel: bed 3 already holds an admitted patient; discharge them first or choose another bed")
        }
    }
}
