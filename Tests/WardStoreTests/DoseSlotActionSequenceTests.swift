import Foundation
import XCTest
@testable import WardStore

/// A slot's status is exactly what the last action says: every pair and triple of give, withhold,
/// snooze and undo on one slot, run through the store as the drug round runs them (undo takes back
/// the session's last successful write, once), checked against an obvious model after each step.
final class DoseSlotActionSequenceTests: WardStoreTestCase {
    enum Action: String, CaseIterable { case give, withhold, snooze, undo }

    /// What a nurse should see on the slot.
    struct SlotView: Equatable, CustomStringConvertible {
        var status: DoseStatus?
        var withheldReason: WithheldReason?
        var snoozed: Bool
        var description: String { "\(status?.rawValue ?? "open")\(withheldReason.map { "(\($0.rawValue))" } ?? "")\(snoozed ? "+snoozed" : "")" }
        static let open = SlotView(status: nil, withheldReason: nil, snoozed: false)
    }

    /// The model: a final status refuses every later give, withhold and snooze; undo restores the
    /// view before the last successful action, and only once.
    struct Model {
        var view = SlotView.open
        var undoTo: SlotView?

        /// Returns whether the store should accept the action.
        mutating func apply(_ action: Action) -> Bool {
            switch action {
            case .undo:
                guard let back = undoTo else { return false }
                view = back
                undoTo = nil
                return true
            case .give, .withhold, .snooze:
                guard view.status == nil else { return false }
                undoTo = view
                switch action {
                case .give: view = SlotView(status: .given, withheldReason: nil, snoozed: view.snoozed)
                case .withhold: view = SlotView(status: .withheld, withheldReason: .other, snoozed: view.snoozed)
                default: view.snoozed = true
                }
                return true
            }
        }
    }

    static var sequences: [[Action]] {
        let all = Action.allCases
        return all.flatMap { a in all.map { [a, $0] } } + all.flatMap { a in all.flatMap { b in all.map { [a, b, $0] } } }
    }

    func testEveryPairAndTripleOfGiveWithholdSnoozeAndUndoLeavesTheLastActionsStatus() async throws {
        let nurse = try await addNurse()
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .everyHours(1))
        clock.advance(minutes: 48 * 60)  // every slot used below is at most 12 h ahead (recordable)
        for (index, sequence) in Self.sequences.enumerated() {
            let slot = med.startsAt.addingTimeInterval(Double(index) * 3600)
            var model = Model()
            var undoable: [Int64]?
            for (step, action) in sequence.enumerated() {
                let expected = model.apply(action)
                let accepted: Bool
                switch action {
                case .undo:
                    if let ids = undoable {
                        _ = try await store.undo(auditEntryIds: ids, by: nurse.id)
                        undoable = nil
                        accepted = true
                    } else {
                        accepted = false
                    }
                case .give, .withhold:
                    let draft = DoseRecordDraft(medicationId: med.id, scheduledAt: slot, status: action == .give ? .given : .withheld,
                                                withheldReason: action == .give ? nil : .other, recordedAt: clock.now,
                                                notes: action == .give ? "" : "parents asked to wait")
                    do {
                        undoable = [try await store.recordDoses([draft], by: nurse.id)[0].auditEntryId]
                        accepted = true
                    } catch is DoseAlreadyRecordedError {
                        accepted = false
                    }
                case .snooze:
                    do {
                        undoable = [try await store.snoozeDose(medicationId: med.id, scheduledAt: slot, for: .thirtyMinutes,
                                                               by: nurse.id).auditEntryId]
                        accepted = true
                    } catch is DoseAlreadyRecordedError {
                        accepted = false
                    }
                }
                let label = "\(sequence.map(\.rawValue).joined(separator: " → ")) at step \(step + 1)"
                XCTAssertEqual(accepted, expected, "accepted? \(label)")
                let seen = try await view(medicationId: med.id, slot: slot)
                XCTAssertEqual(seen, model.view, label)
            }
        }
    }

    /// The reported defect, on its own: withhold, undo, snooze must leave a snoozed open slot,
    /// and the trail must not restore the withheld record.
    func testWithholdUndoThenSnoozeLeavesASnoozedOpenSlot() async throws {
        let nurse = try await addNurse()
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("08:00", "20:00")))
        let slot = date("2026-03-10T08:00:00Z")
        let withheld = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: slot, status: .withheld,
                                                                  withheldReason: .other, recordedAt: clock.now,
                                                                  notes: "parents asked to wait"), by: nurse.id)
        _ = try await store.undo(auditEntryIds: [withheld.auditEntryId], by: nurse.id)
        let snoozed = try await store.snoozeDose(medicationId: med.id, scheduledAt: slot, for: .thirtyMinutes, by: nurse.id)
        XCTAssertNil(snoozed.record.status)
        XCTAssertNil(snoozed.record.withheldReason)
        XCTAssertEqual(snoozed.record.snoozedUntil, clock.now.addingTimeInterval(30 * 60))
        let actions = try await store.auditEntries(entity: .doseRecord, entityId: withheld.record.id).map(\.action)
        XCTAssertEqual(actions, [.create, .delete, .create], "the snooze starts a fresh record, it restores nothing")
    }

    private func view(medicationId: Int64, slot: Date) async throws -> SlotView {
        let ms = StoredTime.milliseconds(slot)
        let record = try await sql { db in
            try DoseRecord.fetchOne(db, sql: "SELECT * FROM dose_record WHERE medicationId = ? AND scheduledAt = ?",
                                    arguments: [medicationId, ms])
        }
        guard let record, record.deletedAt == nil else { return .open }
        return SlotView(status: record.status, withheldReason: record.withheldReason, snoozed: record.snoozedUntil != nil)
    }
}
