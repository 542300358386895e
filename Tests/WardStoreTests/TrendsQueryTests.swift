import Foundation
import XCTest
@testable import WardStore

/// The Trends aggregates against counts worked out by hand: ward days start at 07:00 London
/// time (GMT in early March), deleted rows never count, urine is nappy weight minus the dry weight.
final class TrendsQueryTests: WardStoreTestCase {
    func seedDay() async throws -> Patient {
        var settings = try await store.settings()
        settings.dayStartMinutes = 7 * 60
        settings.dryNappyWeightGrams = 10
        _ = try await store.updateSettings(settings, by: nil)
        let patient = try await admit()
        func nappy(_ iso: String, _ kind: NappyKind, weight: Int? = nil) async throws -> NappyChange {
            try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: date(iso), kind: kind,
                                                            size: .medium, stoolColour: kind == .wet ? nil : .yellow,
                                                            nappyWeightGrams: weight), by: nil).record
        }
        _ = try await nappy("2026-03-10T06:30:00Z", .wet, weight: 30)   // ward day of 9 March (before 07:00)
        _ = try await nappy("2026-03-10T07:30:00Z", .wet)
        _ = try await nappy("2026-03-10T08:00:00Z", .dirty)
        _ = try await nappy("2026-03-10T09:00:00Z", .mixed, weight: 25)
        let deleted = try await nappy("2026-03-10T10:00:00Z", .wet, weight: 99)
        _ = try await store.deleteNappyChange(id: deleted.id, by: nil)
        for (iso, ml) in [("2026-03-10T08:00:00Z", 60), ("2026-03-10T10:00:00Z", 40), ("2026-03-09T09:00:00Z", 55)] {
            _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: date(iso), kind: .formula, volumeML: ml), by: nil)
        }
        for (iso, grams) in [("2026-03-09T10:00:00Z", 3000.0), ("2026-03-10T11:00:00Z", 3100.0)] {
            _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: date(iso), kind: .weight,
                                                                value: grams), by: nil)
        }
        return patient
    }

    func testDailyBucketsFollowTheWardDayAndSkipDeletedRows() async throws {
        let patient = try await seedDay()
        let trends = try await store.patientTrends(patientId: patient.id, window: .days7, now: noon, timeZone: london)
        XCTAssertEqual(trends.days.count, 8, "seven days shown plus one more for the 24 h change")
        XCTAssertEqual(trends.windowDays, 7)
        let today = trends.days[7], yesterday = trends.days[6]
        XCTAssertEqual(today.label, CalendarDay("2026-03-10"))
        XCTAssertEqual(today.day.start, date("2026-03-10T07:00:00Z"))
        // Today (from 07:00): wet 07:30, dirty 08:00, mixed 09:00 → wet 2, dirty 2, 3 changes; urine 25 − 10 = 15 mL.
        XCTAssertEqual([today.wet, today.dirty, today.nappies], [2, 2, 3])
        XCTAssertEqual(today.urineML, 15)
        // 06:30 belongs to the ward day that started 9 March 07:00: one wet nappy, 30 − 10 = 20 mL.
        XCTAssertEqual([yesterday.wet, yesterday.dirty, yesterday.nappies], [1, 0, 1])
        XCTAssertEqual(yesterday.urineML, 20)
        XCTAssertEqual(today.feedML, 100)
        XCTAssertEqual(today.feeds, 2)
        XCTAssertEqual(yesterday.feedML, 55)
        XCTAssertNil(trends.days[5].urineML, "no weighed nappy that day: no urine figure rather than 0")
    }

    func testKPIsOfAMeasurement() async throws {
        let patient = try await seedDay()
        let trends = try await store.patientTrends(patientId: patient.id, window: .days7, now: noon, timeZone: london)
        let weight = try XCTUnwrap(trends.kpis[.weight])
        XCTAssertEqual(weight.latest, 3100)
        XCTAssertEqual(weight.dayBefore, 3000, "the last reading at least 24 h before the latest (25 h earlier)")
        XCTAssertEqual(weight.mean7d, 3050)
        XCTAssertEqual([weight.low, weight.high], [3000, 3100])
        XCTAssertNil(trends.kpis[.heartRate], "no reading: no KPI")
        XCTAssertEqual(trends.readings[.weight]?.map(\.mean), [3000, 3100], "a 7-day window keeps raw readings")
    }

    func testLongWindowsAverageReadingsPerDayInSQL() async throws {
        let patient = try await seedDay()
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: date("2026-03-10T09:00:00Z"),
                                                            kind: .weight, value: 3200), by: nil)
        let trends = try await store.patientTrends(patientId: patient.id, window: .days30, now: noon, timeZone: london)
        // 10 March ward day holds 3100 and 3200: one bucket, mean 3150, low 3100, high 3200, two readings.
        let last = try XCTUnwrap(trends.readings[.weight]?.last)
        XCTAssertEqual([last.mean, last.low, last.high], [3150, 3100, 3200])
        XCTAssertEqual(last.count, 2)
        XCTAssertEqual(trends.readings[.weight]?.count, 2)
    }

    func testWardViewCountsEveryCot() async throws {
        let first = try await seedDay()
        let second = try await store.admit(patientDraft(bed: "4", given: "Bo", hospitalNumber: "H200"), by: nil).record
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: second.id, occurredAt: date("2026-03-10T11:00:00Z"),
                                                            kind: .wet, size: .small), by: nil)
        let ward = try await store.wardTrends(window: .days7, now: noon, timeZone: london)
        XCTAssertEqual(ward.days.count, 7)
        XCTAssertEqual(ward.occupiedCots, 2)
        // Today: bed 3 has wet 2, dirty 2 (three changes); bed 4 one wet nappy.
        XCTAssertEqual([ward.days[6].wet, ward.days[6].dirty, ward.days[6].nappies], [3, 2, 4])
        XCTAssertEqual(ward.days[6].feeds, 2)
        // Bed 3's wet nappies: 06:30 then 07:30 (1 h gap), 09:00: no gap over the 8 h threshold.
        XCTAssertEqual(ward.days.map(\.alerts).reduce(0, +), 0)
        _ = first
    }

    func testAlertsCountWetNappyGapsOverTheThreshold() async throws {
        let patient = try await admit()
        for iso in ["2026-03-09T10:00:00Z", "2026-03-09T20:00:00Z", "2026-03-09T21:00:00Z", "2026-03-10T09:30:00Z"] {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: date(iso), kind: .wet,
                                                                size: .small), by: nil)
        }
        // Gaps: 10 h (ends 9 March 20:00) and 12.5 h (ends 10 March 09:30) exceed 8 h; 1 h does not.
        let ward = try await store.wardTrends(window: .days7, now: noon, timeZone: london)
        XCTAssertEqual(ward.days.suffix(2).map(\.alerts), [1, 1])
    }

    /// A gap counts on the day it ends, however long before the window it began: 23 h without a
    /// wet nappy ending this morning is today's alert in the 24 h view too.
    func testAGapThatBeganBeforeAShortWindowCountsOnTheDayItEnds() async throws {
        var settings = try await store.settings()
        settings.dayStartMinutes = 7 * 60
        _ = try await store.updateSettings(settings, by: nil)
        let patient = try await admit()
        for iso in ["2026-03-09T10:00:00Z", "2026-03-10T09:00:00Z"] {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: patient.id, occurredAt: date(iso), kind: .wet,
                                                                size: .small), by: nil)
        }
        // The 24 h window is the ward day from 10 March 07:00; the gap began 21 h before it.
        let day = try await store.wardTrends(window: .hours24, now: noon, timeZone: london)
        XCTAssertEqual(day.days.map(\.alerts), [1])
        let week = try await store.wardTrends(window: .days7, now: noon, timeZone: london)
        XCTAssertEqual(week.days.map(\.alerts), [0, 0, 0, 0, 0, 0, 1])
    }

    /// A patient deleted (their admission undone) is not on the ward: their nappies raise no alert.
    func testDeletedPatientsRaiseNoAlerts() async throws {
        let admission = try await store.admit(patientDraft(), by: nil)
        for iso in ["2026-03-09T10:00:00Z", "2026-03-10T09:00:00Z"] {
            _ = try await store.logNappyChange(NappyChangeDraft(patientId: admission.record.id, occurredAt: date(iso), kind: .wet,
                                                                size: .small), by: nil)
        }
        let before = try await store.wardTrends(window: .days7, now: noon, timeZone: london)
        XCTAssertEqual(before.days.map(\.alerts).reduce(0, +), 1)
        _ = try await store.undo(auditEntryIds: [admission.auditEntryId], by: nil)
        let after = try await store.wardTrends(window: .days7, now: noon, timeZone: london)
        XCTAssertEqual(after.days.map(\.alerts).reduce(0, +), 0)
    }

    func testUnknownPatientIsNamed() async throws {
        do {
            _ = try await store.patientTrends(patientId: 999, window: .days7, now: noon, timeZone: london)
            XCTFail("expected an error")
        } catch let error as UnknownPatientError {
            XCTAssertEqual(error.description, "no patient with id 999")
        }
    }

    func testWindowSteps() {
        XCTAssertEqual(TrendWindow.days7.stepped(1), .days14)
        XCTAssertEqual(TrendWindow.all.stepped(1), .all)
        XCTAssertEqual(TrendWindow.hours24.stepped(-1), .hours24)
    }
}
