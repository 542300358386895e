import Foundation
import XCTest
@testable import WardStore

/// Feeds and measurements: validation, goal ranges, and the Dashboard's new columns.
final class FeedMeasurementTests: WardStoreTestCase {
    func testFeedValidation() async throws {
        let patient = try await admit()
        await assertValidationFails(field: "durationMinutes", messageContains: "breast feed needs its duration") {
            _ = try await self.store.logFeed(FeedDraft(patientId: patient.id, occurredAt: self.clock.now, kind: .breast), by: nil)
        }
        await assertValidationFails(field: "volumeML", messageContains: "formula feed needs its volume") {
            _ = try await self.store.logFeed(FeedDraft(patientId: patient.id, occurredAt: self.clock.now, kind: .formula), by: nil)
        }
        await assertValidationFails(field: "volumeML", messageContains: "0 to 1000") {
            _ = try await self.store.logFeed(FeedDraft(patientId: patient.id, occurredAt: self.clock.now, kind: .iv, volumeML: 1500), by: nil)
        }
        await assertValidationFails(field: "durationMinutes", messageContains: "only recorded for breast") {
            _ = try await self.store.logFeed(FeedDraft(patientId: patient.id, occurredAt: self.clock.now, kind: .formula,
                                                       volumeML: 30, durationMinutes: 10), by: nil)
        }
        let feed = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: clock.now, kind: .breast, durationMinutes: 15), by: nil)
        let latest = try await store.latestFeed(patientId: patient.id)
        XCTAssertEqual(latest, feed.record)
        _ = try await store.deleteFeed(id: feed.record.id, by: nil)
        let afterDelete = try await store.latestFeed(patientId: patient.id)
        XCTAssertNil(afterDelete)
        _ = try await store.undo(auditEntryIds: [try await store.auditEntries(entity: .feed, entityId: feed.record.id).last!.id], by: nil)
        let restored = try await store.latestFeed(patientId: patient.id)
        XCTAssertEqual(restored?.id, feed.record.id)
    }

    func testMeasurementValidation() async throws {
        let patient = try await admit()
        await assertValidationFails(field: "value", messageContains: "outside 25–45 °C") {
            _ = try await self.store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: self.clock.now,
                                                                     kind: .temperature, value: 98.6), by: nil)
        }
        await assertValidationFails(field: "diastolicMmHg", messageContains: "systolic and diastolic") {
            _ = try await self.store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: self.clock.now,
                                                                     kind: .bloodPressure, value: 70), by: nil)
        }
        await assertValidationFails(field: "diastolicMmHg", messageContains: "below systolic") {
            _ = try await self.store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: self.clock.now,
                                                                     kind: .bloodPressure, value: 50, diastolicMmHg: 60), by: nil)
        }
    }

    func testDashboardColumnsAndLatestOutOfRange() async throws {
        let patient = try await admit()  // born 2026-03-08: 2 days old, newborn ranges
        let h = { (hours: Double) in self.clock.now.addingTimeInterval(-hours * 3600) }
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(25), kind: .formula, volumeML: 99), by: nil)
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(20), kind: .formula, volumeML: 30), by: nil)
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(3), kind: .nasogastric, volumeML: 35), by: nil)
        _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: h(1), kind: .breast, durationMinutes: 20), by: nil)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: h(30), kind: .weight, value: 2050), by: nil)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: h(6), kind: .weight, value: 2012.4), by: nil)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: h(5), kind: .temperature, value: 38.2), by: nil)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: h(2), kind: .heartRate, value: 150), by: nil)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: h(1), kind: .glucose,
                                                            value: UnitConversion.mmolPerL(fromMgPerDl: 40)), by: nil)
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("13:00", "11:00")))
        let dashboard = try await store.dashboard(now: clock.now, timeZone: london)
        let row = try XCTUnwrap(dashboard.rows.first)
        XCTAssertEqual(row.intake24hML, 65, "feeds in the last 24 h only; a breast feed adds no volume")
        XCTAssertEqual(row.latestWeightGrams, 2012)
        XCTAssertEqual(row.currentWeightGrams, 2012, "measured weight replaces the birth weight 2100 g")
        let outOfRange = try XCTUnwrap(row.latestOutOfRange)
        XCTAssertEqual(outOfRange.measurement.kind, .glucose, "40 mg/dL = 2.2 mmol/L, under the newborn 2.6")
        XCTAssertEqual(outOfRange.mark, .low)
        // At 12:00 the 11:00 slot is at the very end of its grace (due); yesterday's are missed.
        XCTAssertEqual(row.nextDose, NextDose(dueAt: date("2026-03-10T11:00:00Z"), drugName: med.drugName, medicationId: med.id,
                                              scheduledAt: date("2026-03-10T11:00:00Z"), state: .due))
        XCTAssertEqual(row.dueDoses, 1)
        XCTAssertEqual(row.overdueDoses, 0)
        clock.advance(minutes: 1)
        let laterDashboard = try await store.dashboard(now: clock.now, timeZone: london)
        let later = try XCTUnwrap(laterDashboard.rows.first)
        XCTAssertEqual(later.nextDose?.state, .overdue)
        XCTAssertEqual(later.overdueDoses, 1)
        XCTAssertEqual(laterDashboard.summary.overdueDoses, 1)
    }

    func testPatientGoalOverridesTheAgeDefault() async throws {
        let patient = try await admit()
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: clock.now, kind: .heartRate, value: 185), by: nil)
        var latest = try await store.latestMeasurements(patientId: patient.id)
        XCTAssertEqual(latest.first?.mark, .high)
        XCTAssertEqual(latest.first?.range?.source, "PALS 2020 newborn")
        try await store.setGoalRange(patientId: patient.id, kind: .heartRate, GoalRange(low: 100, high: 200, source: ""), by: nil)
        latest = try await store.latestMeasurements(patientId: patient.id)
        XCTAssertNil(latest.first?.mark)
        XCTAssertEqual(latest.first?.range?.source, "patient goal")
        try await store.setGoalRange(patientId: patient.id, kind: .heartRate, nil, by: nil)
        let ranges = try await store.goalRanges(patientId: patient.id)
        XCTAssertEqual(ranges[.heartRate]?.high, 180)
    }
}
