import Foundation
import XCTest
@testable import WardStore

/// A patient's goal range is stored by an upsert on (patient, kind) and given back by undo: the
/// earlier own goal, or the age default when there was none; refused once changed again.
final class GoalUndoTests: WardStoreTestCase {
    func ownGoal(_ patient: Patient, _ kind: MeasurementKind) async throws -> GoalRange? {
        try await store.goalRanges(patientId: patient.id)[kind].flatMap { $0.isPatientGoal ? $0 : nil }
    }

    func testUndoPutsTheEarlierGoalBackAndThenTheAgeDefault() async throws {
        let patient = try await admit()
        let first = try await store.setGoalRange(patientId: patient.id, kind: .heartRate,
                                                 GoalRange(low: 100, high: 170, source: ""), by: nil)
        let second = try await store.setGoalRange(patientId: patient.id, kind: .heartRate,
                                                  GoalRange(low: 110, high: 180, source: ""), by: nil)
        let changed = try await ownGoal(patient, .heartRate)
        XCTAssertEqual(changed?.low, 110)
        XCTAssertEqual(changed?.high, 180)

        _ = try await store.undo(auditEntryIds: [second], by: nil)
        let restored = try await ownGoal(patient, .heartRate)
        XCTAssertEqual(restored?.low, 100)
        XCTAssertEqual(restored?.high, 170)

        _ = try await store.undo(auditEntryIds: [first], by: nil)
        let none = try await ownGoal(patient, .heartRate)
        XCTAssertNil(none)
    }

    func testUndoIsRefusedWhenTheGoalChangedAgain() async throws {
        let patient = try await admit()
        let first = try await store.setGoalRange(patientId: patient.id, kind: .heartRate,
                                                 GoalRange(low: 100, high: 170, source: ""), by: nil)
        _ = try await store.setGoalRange(patientId: patient.id, kind: .heartRate, GoalRange(low: 90, high: nil, source: ""), by: nil)
        do {
            _ = try await store.undo(auditEntryIds: [first], by: nil)
            XCTFail("undo of an overwritten goal was allowed")
        } catch {
            XCTAssertTrue("\(error)".contains("changed again since"), "\(error)")
        }
        let kept = try await ownGoal(patient, .heartRate)
        XCTAssertEqual(kept?.low, 90)
        XCTAssertNil(kept?.high)
    }
}
