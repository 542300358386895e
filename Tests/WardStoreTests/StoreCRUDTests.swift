import Foundation
import XCTest
@testable import WardStore

final class StoreCRUDTests: WardStoreTestCase {
    func testStaffAddListAndFindByInitialsCaseInsensitive() async throws {
        let added = try await store.addStaff(StaffDraft(name: " Ann Brown ", initials: "ab", role: .nurse), by: nil).record
        XCTAssertEqual(added.name, "Ann Brown")
        XCTAssertEqual(added.initials, "AB")
        _ = try await store.addStaff(StaffDraft(name: "Carl Diaz", initials: "CD", role: .doctor), by: added.id)
        let found = try await store.staff(initials: "Ab")
        XCTAssertEqual(found, added)
        let active = try await store.activeStaff()
        XCTAssertEqual(active.map(\.initials), ["AB", "CD"])
        XCTAssertEqual(active.map(\.isWardAdmin), [true, false], "the first member of an empty ward is its ward admin")
        let status = try await store.pinStatus(staffId: added.id)
        XCTAssertFalse(status.hasPin, "nobody has a PIN until they set one")
        await assertValidationFails(field: "initials", messageContains: "already used") {
            _ = try await self.store.addStaff(StaffDraft(name: "Another", initials: "AB", role: .student), by: nil)
        }
    }

    func testTheStaffListPutsActiveMembersFirstAndInactiveOnesOnlyWhenAsked() async throws {
        let zed = try await addNurse("ZZ")
        let amy = try await addNurse("AA")
        let off = try await addNurse("BB")
        _ = try await store.deactivateStaff(id: off.id, by: zed.id)
        let active = try await store.staffList(includingInactive: false)
        XCTAssertEqual(active.map(\.id), [amy.id, zed.id], "by name")
        let all = try await store.staffList(includingInactive: true)
        XCTAssertEqual(all.map(\.id), [amy.id, zed.id, off.id], "inactive after every active member")
    }

    /// A departed member's entries stay theirs: the trail and History filters find them by
    /// initials, preferring the active member when the initials were given to someone new.
    func testAnyMemberFindsTheActiveMemberElseADepartedOne() async throws {
        let admin = try await addNurse("WA")
        let leaver = try await addNurse("LV")
        _ = try await store.deactivateStaff(id: leaver.id, by: admin.id)
        let found = try await store.anyMember(initials: "lv")
        XCTAssertEqual(found?.id, leaver.id)
        let successor = try await addNurse("LV")
        let preferred = try await store.anyMember(initials: "LV")
        XCTAssertEqual(preferred?.id, successor.id)
        let nobody = try await store.anyMember(initials: "QQ")
        XCTAssertNil(nobody)
    }

    func testStaffEditDeactivateAndUndo() async throws {
        let admin = try await addNurse("WA")
        let nurse = try await addNurse("AB")
        let edited = try await store.updateStaff(id: nurse.id, StaffDraft(name: "Ann Brown", initials: "abc", role: .doctor),
                                                 by: admin.id).record
        XCTAssertEqual([edited.name, edited.initials], ["Ann Brown", "ABC"])
        XCTAssertEqual(edited.role, .doctor)
        let off = try await store.deactivateStaff(id: nurse.id, by: nil)
        let activeAfter = try await store.activeStaff()
        XCTAssertEqual(activeAfter.map(\.id), [admin.id])
        // Initials of an inactive member are free for someone else.
        let other = try await addNurse("ABC")
        XCTAssertEqual(other.initials, "ABC")
        do {
            _ = try await store.undo(auditEntryIds: [off.auditEntryId], by: nil)
            XCTFail("reactivating would duplicate active initials ABC")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("would clash"), error.description)
        }
    }

    func testAdmitGetUpdateDischargeAndLists() async throws {
        let nurse = try await addNurse()
        let admitted = try await store.admit(patientDraft(bed: " 10 "), by: nurse.id).record
        XCTAssertEqual(admitted.bedLabel, "10", "spaces trimmed")
        try await admit(bed: "2", given: "Leo", hospitalNumber: "H200")
        let fetched = try await store.patient(id: admitted.id)
        XCTAssertEqual(fetched, admitted, "a written record reads back identical (times in whole ms)")
        let byBed = try await store.admittedPatient(bedLabel: "10")
        XCTAssertEqual(byBed?.id, admitted.id)
        let bedOrder = try await store.admittedPatients().map(\.bedLabel)
        XCTAssertEqual(bedOrder, ["2", "10"], "natural bed order")

        var draft = admitted.draft
        draft.familyName = "Smith-Jones"
        draft.birthWeightGrams = 2150
        let updated = try await store.updatePatient(id: admitted.id, draft, by: nurse.id).record
        XCTAssertEqual(updated.familyName, "Smith-Jones")
        XCTAssertEqual(updated.birthWeightGrams, 2150)

        clock.advance(minutes: 10)
        let discharged = try await store.discharge(patientId: admitted.id, at: clock.now, by: nurse.id).record
        XCTAssertEqual(discharged.dischargedAt, StoredTime.truncated(clock.now))
        let afterDischarge = try await store.admittedPatients().map(\.bedLabel)
        XCTAssertEqual(afterDischarge, ["2"])
        let all = try await store.allPatients()
        XCTAssertEqual(Set(all.map(\.id)), Set([admitted.id, all.first { $0.bedLabel == "2" }!.id]))
        let dischargedBed = try await store.admittedPatient(bedLabel: "10")
        XCTAssertNil(dischargedBed)
        // The bed is free again.
        let next = try await store.admit(patientDraft(bed: "10", given: "Mia", hospitalNumber: "H300"), by: nil).record
        XCTAssertEqual(next.bedLabel, "10")
    }

    func testPatientSearchByBedNameAndHospitalNumber() async throws {
        try await admit(bed: "1", given: "Ava", hospitalNumber: "RX123")
        try await admit(bed: "12", given: "Leo", hospitalNumber: "RX999")
        try await admit(bed: "2", given: "Bella", hospitalNumber: "ZZ1")
        let byBed = try await store.searchPatients("1", includeDischarged: false, limit: 10).map(\.bedLabel)
        XCTAssertEqual(byBed, ["1", "12"], "exact bed first, then prefix")
        let byName = try await store.searchPatients("ell", includeDischarged: false, limit: 10).map(\.bedLabel)
        XCTAssertEqual(byName, ["2"])
        let byNumber = try await store.searchPatients("rx9", includeDischarged: false, limit: 10).map(\.bedLabel)
        XCTAssertEqual(byNumber, ["12"])
        let fullName = try await store.searchPatients("leo smith", includeDischarged: false, limit: 10).map(\.bedLabel)
        XCTAssertEqual(fullName, ["12"])
        let wildcard = try await store.searchPatients("%", includeDischarged: false, limit: 10)
        XCTAssertTrue(wildcard.isEmpty, "LIKE wildcards in the text are matched literally")
    }

    func testPatientSearchAndBedLookUpIgnoreCase() async throws {
        try await admit(bed: "A1", given: "Mia", hospitalNumber: "RX1")
        try await admit(bed: "A12", given: "Zoë", hospitalNumber: "RX2")
        let byBed = try await store.searchPatients("a1", includeDischarged: false, limit: 10).map(\.bedLabel)
        XCTAssertEqual(byBed, ["A1", "A12"], "the bed named exactly, whatever its case, comes first")
        let byName = try await store.searchPatients("ZO", includeDischarged: false, limit: 10).map(\.bedLabel)
        XCTAssertEqual(byName, ["A12"])
        let bed = try await store.admittedPatient(bedLabel: " a12 ")
        XCTAssertEqual(bed?.givenName, "Zoë")
    }

    func testLogGetAndUpdateNappyChange() async throws {
        let nurse = try await addNurse()
        let patient = try await admit()
        let draft = NappyChangeDraft(patientId: patient.id, occurredAt: clock.now.addingTimeInterval(-900), kind: .mixed,
                                     size: .large, stoolColour: .yellow, nappyWeightGrams: 40, notes: "  rash  ")
        let logged = try await store.logNappyChange(draft, by: nurse.id).record
        XCTAssertEqual(logged.notes, "rash")
        XCTAssertEqual(logged.recordedBy, nurse.id)
        let fetched = try await store.nappyChange(id: logged.id)
        XCTAssertEqual(fetched, logged)

        clock.advance(minutes: 1)
        var edit = logged.draft
        edit.kind = .wet
        edit.stoolColour = nil
        let updated = try await store.updateNappyChange(id: logged.id, edit, by: nurse.id).record
        XCTAssertEqual(updated.kind, .wet)
        XCTAssertNil(updated.stoolColour)
        XCTAssertEqual(updated.createdAt, logged.createdAt)
        XCTAssertGreaterThan(updated.updatedAt, logged.updatedAt)
    }

    func testNappyRoundIsAllOrNothing() async throws {
        let a = try await admit(bed: "1", given: "A", hospitalNumber: "1")
        let b = try await admit(bed: "2", given: "B", hospitalNumber: "2")
        let round = try await store.logNappyChanges(
            [a, b].map { NappyChangeDraft(patientId: $0.id, occurredAt: clock.now, kind: .wet) }, by: nil)
        XCTAssertEqual(round.map(\.record.patientId), [a.id, b.id])
        XCTAssertEqual(round.map(\.record.size), [.medium, .medium])

        let bad = [NappyChangeDraft(patientId: a.id, occurredAt: clock.now, kind: .wet),
                   NappyChangeDraft(patientId: 9999, occurredAt: clock.now, kind: .wet)]
        await assertValidationFails(field: "patientId", messageContains: "no patient") {
            _ = try await self.store.logNappyChanges(bad, by: nil)
        }
        let count = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM nappy_change")! }
        XCTAssertEqual(count, 2, "the failed round stored nothing")
    }

    func testSettingsDefaultsAndUpdate() async throws {
        let fresh = try await store.settings()
        XCTAssertFalse(fresh.requirePin, "the test case turned PINs off on this new ward")
        try await filePool.write { db in try db.execute(sql: "DELETE FROM ward_setting WHERE key = 'requirePin'") }
        let defaults = try await store.settings()
        XCTAssertEqual(defaults, WardSettings(wardName: "Ward", dayStartMinutes: 0, noWetAlertThresholdMinutes: 480,
                                              dryNappyWeightGrams: 0))
        var changed = defaults
        changed.wardName = "Puffin Ward"
        changed.dayStartMinutes = 7 * 60
        changed.dryNappyWeightGrams = 12
        _ = try await store.updateSettings(changed, by: nil)
        let reread = try await store.settings()
        XCTAssertEqual(reread, changed)
        var bad = changed
        bad.dayStartMinutes = 1440
        await assertValidationFails(field: "dayStartMinutes", messageContains: "00:00 and 23:59") {
            _ = try await self.store.updateSettings(bad, by: nil)
        }
    }
}
