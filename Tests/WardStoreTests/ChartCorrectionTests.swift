import Foundation
import GRDB
import XCTest
@testable import WardStore

/// Every charted kind can be corrected after the fact: edited (validated like a new entry,
/// audited as an update) and deleted (soft), and `u` takes either back.
final class ChartCorrectionTests: WardStoreTestCase {
    // MARK: Feeds and measurements

    func testAFeedEditIsValidatedAuditedAndUndoable() async throws {
        let nurse = try await addNurse()
        let patient = try await admit()
        let feed = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: clock.now, kind: .formula, volumeML: 30),
                                           by: nurse.id).record
        clock.advance(minutes: 3)
        var draft = feed.draft
        draft.volumeML = 1500
        await assertValidationFails(field: "volumeML", messageContains: "0 to 1000") {
            _ = try await self.store.updateFeed(id: feed.id, draft, by: nurse.id)
        }
        draft.volumeML = 35
        draft.notes = "re-measured"
        let edit = try await store.updateFeed(id: feed.id, draft, by: nurse.id)
        XCTAssertEqual(edit.record.volumeML, 35)
        let deletion = try await store.deleteFeed(id: feed.id, by: nurse.id)
        let audit = try await store.auditEntries(entity: .feed, entityId: feed.id)
        XCTAssertEqual(audit.map(\.action), [.create, .update, .delete])
        XCTAssertEqual(audit.last?.id, deletion.auditEntryId)
        _ = try await store.undo(auditEntryIds: [deletion.auditEntryId], by: nurse.id)
        _ = try await store.undo(auditEntryIds: [edit.auditEntryId], by: nurse.id)
        let back = try await store.feed(id: feed.id)
        XCTAssertNil(back?.deletedAt)
        XCTAssertEqual(back?.volumeML, 30)
        XCTAssertEqual(back?.notes, "")
    }

    func testAMistakenLengthIsCorrectedAndNoLongerTheLatest() async throws {
        let patient = try await admit()
        let length = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: clock.now,
                                                                     kind: .length, value: 145), by: nil).record
        var draft = length.draft
        draft.value = 45
        let edit = try await store.updateMeasurement(id: length.id, draft, by: nil)
        var latest = try await store.latestMeasurements(patientId: patient.id)
        XCTAssertEqual(latest.first { $0.measurement.kind == .length }?.measurement.value, 45)
        let deletion = try await store.deleteMeasurement(id: length.id, by: nil)
        latest = try await store.latestMeasurements(patientId: patient.id)
        XCTAssertNil(latest.first { $0.measurement.kind == .length }, "a deleted length is off the chart")
        let audit = try await store.auditEntries(entity: .measurement, entityId: length.id)
        XCTAssertEqual(audit.map(\.action), [.create, .update, .delete])
        _ = try await store.undo(auditEntryIds: [deletion.auditEntryId], by: nil)
        _ = try await store.undo(auditEntryIds: [edit.auditEntryId], by: nil)
        let back = try await store.measurement(id: length.id)
        XCTAssertEqual(back?.value, 145)
        XCTAssertNil(back?.deletedAt)
    }

    // MARK: As-needed doses

    func testAnAsNeededDoseEditIsCheckedLikeANewDoseAndUndoable() async throws {
        let patient = try await admit()
        let prn = try await addMedication(patient: patient, name: "paracetamol",
                                          schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4))
        let early = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: prn.id, givenAt: date("2026-03-10T06:00:00Z")),
                                                    by: nil).record
        let late = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: prn.id, givenAt: date("2026-03-10T11:00:00Z")),
                                                   by: nil).record
        // Moving the late dose to 08:00 breaks the 4-hour interval: refused like a new dose.
        do {
            _ = try await store.updateAsNeededDose(
                id: late.id, AsNeededDoseDraft(medicationId: prn.id, givenAt: date("2026-03-10T08:00:00Z")), by: nil)
            XCTFail("the minimum interval must refuse the edit")
        } catch let refused as AsNeededRefusalError {
            XCTAssertFalse(refused.refusals.isEmpty)
        }
        await assertValidationFails(field: "givenAt", messageContains: "future") {
            _ = try await self.store.updateAsNeededDose(
                id: late.id, AsNeededDoseDraft(medicationId: prn.id, givenAt: self.clock.now.addingTimeInterval(3600)), by: nil)
        }
        await assertValidationFails(field: "doseAmount", messageContains: "more than 0") {
            _ = try await self.store.updateAsNeededDose(
                id: late.id, AsNeededDoseDraft(medicationId: prn.id, givenAt: late.givenAt, doseAmount: 0), by: nil)
        }
        // Its own time does not count against itself: 10:30 is 4.5 h after the early dose.
        let edit = try await store.updateAsNeededDose(
            id: late.id, AsNeededDoseDraft(medicationId: prn.id, givenAt: date("2026-03-10T10:30:00Z"), doseAmount: 7.5,
                                           notes: "half a tablet more"), by: nil)
        XCTAssertEqual(edit.record.givenAt, date("2026-03-10T10:30:00Z"))
        XCTAssertEqual(edit.record.doseAmount, 7.5)
        XCTAssertEqual(edit.record.notes, "half a tablet more")
        let deletion = try await store.deleteAsNeededDose(id: early.id, by: nil)
        let audit = try await store.auditEntries(entity: .asNeededDose, entityId: late.id)
        XCTAssertEqual(audit.map(\.action), [.create, .update])
        _ = try await store.undo(auditEntryIds: [deletion.auditEntryId], by: nil)
        _ = try await store.undo(auditEntryIds: [edit.auditEntryId], by: nil)
        let doses = try await store.asNeededDoses(medicationId: prn.id, from: date("2026-03-10T00:00:00Z"), to: clock.now)
        XCTAssertEqual(doses.map(\.givenAt), [date("2026-03-10T06:00:00Z"), date("2026-03-10T11:00:00Z")])
        XCTAssertEqual(doses.last?.doseAmount, 5)
    }

    // MARK: Dose records

    func testADoseCorrectionNeedsAReasonKeepsItAndIsUndoable() async throws {
        let nurse = try await addNurse()
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("08:00", "20:00")))
        let given = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: date("2026-03-10T08:00:00Z"),
                                                               status: .given, recordedAt: date("2026-03-10T08:05:00Z"),
                                                               notes: "with feed"), by: nurse.id).record
        await assertValidationFails(field: "reason", messageContains: "say why") {
            _ = try await self.store.correctDose(id: given.id, status: .withheld, withheldReason: .vomited, reason: "  ", by: nurse.id)
        }
        await assertValidationFails(field: "withheldReason", messageContains: "needs a reason") {
            _ = try await self.store.correctDose(id: given.id, status: .withheld, withheldReason: nil, reason: "wrong cot", by: nurse.id)
        }
        clock.advance(minutes: 10)
        let corrected = try await store.correctDose(id: given.id, status: .withheld, withheldReason: .vomited,
                                                    reason: "recorded against the wrong cot", by: nurse.id)
        XCTAssertEqual(corrected.record.status, .withheld)
        XCTAssertEqual(corrected.record.withheldReason, .vomited)
        XCTAssertEqual(corrected.record.recordedAt, given.recordedAt, "the time of the dose is not the time of the correction")
        XCTAssertEqual(corrected.record.notes, "Correction: recorded against the wrong cot · with feed")
        let audit = try await store.auditEntries(entity: .doseRecord, entityId: given.id)
        XCTAssertEqual(audit.map(\.action), [.create, .update])
        XCTAssertEqual(audit.last?.staffId, nurse.id)
        XCTAssertTrue(audit.last?.afterJSON?.contains("Correction: recorded against the wrong cot") == true)
        XCTAssertTrue(audit.last?.beforeJSON?.contains("\"given\"") == true)

        _ = try await store.undo(auditEntryIds: [corrected.auditEntryId], by: nurse.id)
        var back = try await store.doseRecord(id: given.id)
        XCTAssertEqual(back?.status, .given)
        XCTAssertEqual(back?.notes, "with feed")

        let deletion = try await store.deleteDoseRecord(id: given.id, by: nurse.id)
        do {
            _ = try await store.correctDose(id: given.id, status: .missed, withheldReason: nil, reason: "x", by: nurse.id)
            XCTFail("a deleted record is restored first, not corrected")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("deleted"), error.description)
        }
        _ = try await store.undo(auditEntryIds: [deletion.auditEntryId], by: nurse.id)
        back = try await store.doseRecord(id: given.id)
        XCTAssertNil(back?.deletedAt)
    }

    // MARK: Goal ranges

    func testGoalRangeChangesAreUndoable() async throws {
        let patient = try await admit()
        let own = GoalRange(low: 100, high: 200, source: MeasurementGoals.patientGoalSource)
        let set = try await store.setGoalRange(patientId: patient.id, kind: .heartRate, own, by: nil)
        let edit = try await store.setGoalRange(patientId: patient.id, kind: .heartRate,
                                                GoalRange(low: 110, high: 190, source: ""), by: nil)
        let reset = try await store.setGoalRange(patientId: patient.id, kind: .heartRate, nil, by: nil)
        var ranges = try await store.goalRanges(patientId: patient.id)
        XCTAssertEqual(ranges[.heartRate]?.high, 180, "back to the age default")

        _ = try await store.undo(auditEntryIds: [reset], by: nil)
        ranges = try await store.goalRanges(patientId: patient.id)
        XCTAssertEqual(ranges[.heartRate]?.low, 110, "undoing the reset brings the goal back")
        do {
            _ = try await store.undo(auditEntryIds: [set], by: nil)
            XCTFail("an older change is not undone over a later one")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("changed again since"), error.description)
        }
        _ = try await store.undo(auditEntryIds: [edit], by: nil)
        ranges = try await store.goalRanges(patientId: patient.id)
        XCTAssertEqual(ranges[.heartRate]?.low, 100)
        XCTAssertEqual(ranges[.heartRate]?.high, 200)
        let audit = try await store.auditEntries(entity: .measurementGoal, entityId: patient.id)
        XCTAssertEqual(audit.map(\.action), [.update, .update, .update, .revert, .revert])
    }

    // MARK: Ward settings

    func testChangingOneSettingLeavesEveryOtherStoredKeyAlone() async throws {
        var all = WardSettings.defaults
        all.wardName = "Puffin"
        all.dayStartMinutes = 7 * 60
        all.glucoseUnit = .mgPerDl
        all.doseWindowMinutes = 45
        all.doseGraceMinutes = 15
        all.adherenceGatePercent = 80
        all.effectivenessMode = .conservative
        all.noWetAlertThresholdMinutes = 360
        _ = try await store.updateSettings(all, by: nil)
        let before = try await storedSettingRows()

        let saved = try await store.updateSettings([.dryNappyWeightGrams: "14"], by: nil)
        XCTAssertEqual(saved.dryNappyWeightGrams, 14)
        var expected = before
        expected["dryNappyWeightGrams"] = "14"
        let after = try await storedSettingRows()
        XCTAssertEqual(after, expected, "only the dry nappy weight changed in ward_setting")
        XCTAssertEqual(saved.glucoseUnit, .mgPerDl)

        let audit = try await store.auditEntries(entity: .setting, entityId: 0).last!
        XCTAssertEqual(try decoded(audit.beforeJSON), ["dryNappyWeightGrams": "0"])
        XCTAssertEqual(try decoded(audit.afterJSON), ["dryNappyWeightGrams": "14"])
    }

    func testAFullSettingsValueWritesOnlyWhatDiffers() async throws {
        _ = try await store.updateSettings([.glucoseUnit: "mg/dL", .doseWindowMinutes: "60"], by: nil)
        var settings = try await store.settings()
        settings.wardName = "Kestrel"
        _ = try await store.updateSettings(settings, by: nil)
        let audit = try await store.auditEntries(entity: .setting, entityId: 0).last!
        XCTAssertEqual(try decoded(audit.afterJSON), ["wardName": "Kestrel"])
        let rows = try await storedSettingRows()
        XCTAssertEqual(rows, ["glucoseUnit": "mg/dL", "doseWindowMinutes": "60", "wardName": "Kestrel",
                              "requirePin": "0"],  // the test case's own row
                       "untouched settings keep no row: their default applies")
    }

    func testEverySettingIsCheckedAgainstItsDeclaredRange() async throws {
        await assertValidationFails(field: "doseWindowMinutes", messageContains: "5 to 120") {
            _ = try await self.store.updateSettings([.doseWindowMinutes: "200"], by: nil)
        }
        await assertValidationFails(field: "doseGraceMinutes", messageContains: "0 to 240") {
            _ = try await self.store.updateSettings([.doseGraceMinutes: "-1"], by: nil)
        }
        await assertValidationFails(field: "adherenceGatePercent", messageContains: "0 to 100") {
            _ = try await self.store.updateSettings([.adherenceGatePercent: "lots"], by: nil)
        }
        await assertValidationFails(field: "glucoseUnit", messageContains: "mmol/L or mg/dL") {
            _ = try await self.store.updateSettings([.glucoseUnit: "g/L"], by: nil)
        }
        let rows = try await storedSettingRows()
        XCTAssertEqual(rows, ["requirePin": "0"], "nothing stored on a refusal beside the test case's own row")
        XCTAssertEqual(Set(WardSettings.declarations.map(\.key)), Set(WardSettingKey.allCases), "one declaration per key")
    }

    // MARK: Helpers

    private func storedSettingRows() async throws -> [String: String] {
        try await sql { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM ward_setting").map {
                (String($0["key"] as String), String($0["value"] as String))
            })
        }
    }

    private func decoded(_ json: String?) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: Data((json ?? "{}").utf8))
    }
}
