import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The Dashboard's ward-wide read of the insight inputs (`fetchWard`, a statement per part for
/// every cot) against the obvious one (`fetch`, cot by cot, as the Trends screen reads it).
final class CotInsightInputTests: WardStoreTestCase {
    func testWardReadEqualsCotByCotReadOnASeededWard() async throws {
        try await DemoWard.generate(into: try storeToSeed, cots: 10, days: 40, seed: 9, now: clock.now, timeZone: london)
        // Edge cases the demo lacks: a soft-deleted reading, a cot admitted an hour ago, own goals.
        let patients = try await store.admittedPatients()
        let reading = try await store.logMeasurement(MeasurementDraft(patientId: patients[0].id, measuredAt: clock.now.addingTimeInterval(-600),
                                                                      kind: .heartRate, value: 200), by: nil)
        _ = try await store.deleteMeasurement(id: reading.record.id, by: nil)
        try await store.setGoalRange(patientId: patients[1].id, kind: .temperature, GoalRange(low: 36, high: 38, source: ""), by: nil)
        _ = try await store.admit(PatientDraft(bedLabel: "99", givenName: "New", familyName: "Cot", hospitalNumber: "N1",
                                               dateOfBirth: CalendarDay("2026-03-09")!, sex: .male, gestationalAgeWeeks: 39,
                                               gestationalAgeDays: 0, birthWeightGrams: 3300,
                                               admittedAt: clock.now.addingTimeInterval(-3600)), by: nil)
        let (now, zone) = (clock.now, london)
        let (ward, oneByOne) = try await filePool.read { db -> ([Int64: CotInsightInput], [Int64: CotInsightInput]) in
            let settings = try SQLiteWardStore.settings(db)
            let admitted = try Patient.fetchAll(db, sql: "SELECT * FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL")
            var goals: [Int64: [MeasurementKind: GoalRange]] = [:]
            var single: [Int64: CotInsightInput] = [:]
            for patient in admitted {
                goals[patient.id] = try SQLiteWardStore.goalRanges(for: patient, db: db, now: now, timeZone: zone)
                single[patient.id] = try CotInsightInput.fetch(db, patient: patient, now: now, timeZone: zone, settings: settings,
                                                               goals: goals[patient.id]!)
            }
            return (try CotInsightInput.fetchWard(db, patients: admitted, now: now, timeZone: zone, settings: settings, goals: goals),
                    single)
        }
        XCTAssertEqual(Set(ward.keys), Set(oneByOne.keys))
        for (id, expected) in oneByOne {
            XCTAssertEqual(ward[id], expected, "patient \(id)")
        }
        // The comparison has something in it.
        XCTAssertGreaterThan(oneByOne.values.filter { !$0.lastDayReadings.isEmpty }.count, 5)
        XCTAssertGreaterThan(oneByOne.values.filter { !$0.weights.isEmpty }.count, 5)
        XCTAssertGreaterThan(oneByOne.values.filter { !$0.recentDoses.isEmpty }.count, 3)
        XCTAssertGreaterThan(oneByOne.values.map { $0.days.map(\.nappies).reduce(0, +) }.reduce(0, +), 100)
    }
}
