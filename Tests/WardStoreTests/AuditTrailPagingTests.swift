import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The paged trail (`auditTrail`) against the obvious answer: on a ward with many kinds of audit
/// rows (several staff, one inactive; two patients in one bed; edits, deletes, sign-ins,
/// refusals, settings; a clock that once went back), walking every page of every filter gives
/// exactly the entries a filter over all rows in Swift gives, newest first, none twice.
final class AuditTrailPagingTests: WardStoreTestCase {
    struct Seeded {
        var staff: [Staff]
        var patients: [Patient]
    }

    func testEveryFilterPagedEqualsTheSlowFilterOverAllRows() async throws {
        let seeded = try await seedVariedTrail()
        let all = try await everyEntryWithItsPatient()
        XCTAssertGreaterThan(all.count, 150)
        let (doctor, nurse, inactive) = (seeded.staff[0].id, seeded.staff[1].id, seeded.staff[3].id)
        let bed3 = seeded.patients.filter { $0.bedLabel == "3" }.map(\.id)
        XCTAssertEqual(bed3.count, 2, "two patients were in bed 3")
        let since = noon.addingTimeInterval(3 * 3600), until = noon.addingTimeInterval(9 * 3600)
        let nappy = try XCTUnwrap(all.first { $0.entry.entity == .nappyChange && $0.entry.action == .update }?.entry.entityId)

        let filters: [AuditFilter] = [
            AuditFilter(),
            AuditFilter(bedLabel: "3"),
            AuditFilter(bedLabel: " 4 "),
            AuditFilter(bedLabel: "9"),
            AuditFilter(patientIds: [seeded.patients[1].id]),
            AuditFilter(patientIds: seeded.patients.map(\.id)),
            AuditFilter(patientIds: [seeded.patients[0].id], bedLabel: "3"),
            AuditFilter(patientIds: [seeded.patients[1].id], bedLabel: "3"),
            AuditFilter(staffId: nurse),
            AuditFilter(staffId: inactive),
            AuditFilter(since: since),
            AuditFilter(until: until),
            AuditFilter(since: since, until: until),
            AuditFilter(actions: [.update]),
            AuditFilter(actions: [.refused, .signIn, .pinFailed]),
            AuditFilter(actions: []),
            AuditFilter(entity: .nappyChange),
            AuditFilter(entity: .nappyChange, entityId: nappy),
            AuditFilter(entity: .setting, entityId: 0),
            AuditFilter(bedLabel: "3", staffId: nurse),
            AuditFilter(bedLabel: "3", actions: [.create, .delete], since: since),
            AuditFilter(patientIds: bed3, staffId: doctor, until: until),
            AuditFilter(staffId: doctor, actions: [.update, .refused], since: since, until: until),
            AuditFilter(actions: [.create], since: since),
            AuditFilter(bedLabel: "3", entity: .nappyChange, entityId: nappy),
        ]
        for filter in filters {
            let expected = all.filter { matches($0, filter, seeded) }.map(\.entry.id).sorted(by: >)
            for limit in [1, 7, 50] {
                var walked: [Int64] = []
                var cursor: Int64?
                while true {
                    let page = try await store.auditTrail(filter, olderThan: cursor, limit: limit)
                    XCTAssertLessThanOrEqual(page.count, limit)
                    walked += page.map(\.entry.id)
                    guard page.count == limit, let last = page.last else { break }
                    cursor = last.entry.id
                }
                XCTAssertEqual(walked, expected, "\(filter) limit \(limit)")
            }
        }
        XCTAssertTrue(filters.contains { filter in all.contains { matches($0, filter, seeded) } })
    }

    func testATrailRowNamesItsAuthorAndPatient() async throws {
        let seeded = try await seedVariedTrail()
        let page = try await store.auditTrail(AuditFilter(bedLabel: "4"), olderThan: nil, limit: 500)
        XCTAssertFalse(page.isEmpty)
        let patient = seeded.patients.first { $0.bedLabel == "4" }!
        for row in page {
            XCTAssertEqual(row.patientId, patient.id)
            XCTAssertEqual(row.patientBed, "4")
            XCTAssertEqual(row.patientName, patient.fullName)
            if let staffId = row.entry.staffId {
                let member = seeded.staff.first { $0.id == staffId }!
                XCTAssertEqual(row.staffInitials, member.initials)
                XCTAssertEqual(row.staffName, member.name)
            }
        }
        let inactive = try await store.auditTrail(AuditFilter(staffId: seeded.staff[3].id), olderThan: nil, limit: 1)
        XCTAssertEqual(inactive.first?.staffInitials, seeded.staff[3].initials, "an inactive member is still named")
        let beds = try await store.auditTrailBeds()
        XCTAssertEqual(beds, ["3", "4", "5"], "discharged patients' beds too")
    }

    // MARK: - The obvious answer

    struct Linked {
        var entry: AuditEntry
        var patientId: Int64?
    }

    /// Every audit entry with the patient it is about, found from the record tables in Swift
    /// (not from `audit_patient`, which the store keeps by trigger).
    func everyEntryWithItsPatient() async throws -> [Linked] {
        try await sql { db in
            let tables: [WardEntity: String] = [
                .nappyChange: "nappy_change", .feed: "feed", .measurement: "measurement", .medication: "medication",
                .doseRecord: "dose_record", .asNeededDose: "as_needed_dose", .calculatorResult: "calculator_result",
                .strokeAssessment: "stroke_assessment",
            ]
            var owner: [WardEntity: [Int64: Int64]] = [:]
            for (entity, table) in tables {
                owner[entity] = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, patientId FROM \(table)")
                    .map { ($0["id"] as Int64, $0["patientId"] as Int64) })
            }
            return try AuditEntry.fetchAll(db).map { entry in
                switch entry.entity {
                case .patient, .measurementGoal: return Linked(entry: entry, patientId: entry.entityId)
                case .staff, .setting, .strokeCentreList: return Linked(entry: entry, patientId: nil)
                default: return Linked(entry: entry, patientId: owner[entry.entity]?[entry.entityId])
                }
            }
        }
    }

    func matches(_ linked: Linked, _ filter: AuditFilter, _ seeded: Seeded) -> Bool {
        let entry = linked.entry
        if let ids = filter.patientIds, !(linked.patientId.map(ids.contains) ?? false) { return false }
        if let bed = filter.bedLabel {
            let inBed = seeded.patients.filter { $0.bedLabel == bed.trimmingCharacters(in: .whitespaces) }.map(\.id)
            if !(linked.patientId.map(inBed.contains) ?? false) { return false }
        }
        if let staffId = filter.staffId, entry.staffId != staffId { return false }
        if let actions = filter.actions, !actions.contains(entry.action) { return false }
        if let entity = filter.entity, entry.entity != entity { return false }
        if let entityId = filter.entityId, entry.entityId != entityId { return false }
        if let since = filter.since, entry.at < since { return false }
        if let until = filter.until, entry.at >= until { return false }
        return true
    }

    // MARK: - The ward

    /// ~170 audit rows of many kinds over ~12 hours; the clock goes back an hour once (a
    /// workstation's clock corrected), so time order and id order differ for a few entries.
    func seedVariedTrail() async throws -> Seeded {
        let doctor = try await addDoctor("DR")
        let nurses = [try await addNurse("AB"), try await addNurse("CD"), try await addNurse("EF")]
        let staff = [doctor] + nurses
        let first = try await store.admit(patientDraft(bed: "3", given: "Ava", hospitalNumber: "H100"), by: nurses[0].id).record
        let second = try await store.admit(patientDraft(bed: "4", given: "Ben", hospitalNumber: "H101"), by: nurses[1].id).record
        let third = try await store.admit(patientDraft(bed: "5", given: "Cal", hospitalNumber: "H102"), by: doctor.id).record
        var patients = [first, second, third]
        var nappies: [Int64: NappyChange] = [:]
        for step in 0..<90 {
            clock.advance(minutes: Double(3 + step % 7))
            if step == 40 { clock.advance(minutes: -60) }
            let active = step > 60 ? Array(staff.prefix(3)) : staff  // EF leaves at step 60
            let author = active[step % active.count]
            let patient = patients[step % patients.count]
            if step == 30 {
                _ = try await store.discharge(patientId: first.id, at: clock.now, by: doctor.id)
                let next = try await store.admit(patientDraft(bed: "3", given: "Dee", hospitalNumber: "H103"), by: nurses[0].id).record
                patients[0] = next
                continue
            }
            guard patient.dischargedAt == nil else { continue }
            let logged = try await store.logNappyChange(
                NappyChangeDraft(patientId: patient.id, occurredAt: clock.now, kind: step % 3 == 0 ? .dirty : .wet), by: author.id).record
            nappies[logged.id] = logged
            if step % 4 == 1 {
                var draft = logged.draft
                draft.kind = .dry
                _ = try await store.updateNappyChange(id: logged.id, draft, by: active[(step + 1) % active.count].id)
            }
            if step % 9 == 2 { _ = try await store.deleteNappyChange(id: logged.id, by: author.id) }
            if step % 5 == 3 {
                _ = try await store.logFeed(FeedDraft(patientId: patient.id, occurredAt: clock.now, kind: .breast, durationMinutes: 10),
                                            by: author.id)
            }
            if step % 6 == 0 { try await store.recordSession(step % 12 == 0 ? .signIn : .signOut, staffId: author.id) }
            if step % 11 == 5 { try await store.recordRefusal(.changeSettings, staffId: nurses[step % 3].id) }
            if step == 50 { _ = try await store.updateSettings([.wardName: "Puffin"], by: doctor.id) }
            if step == 60 { _ = try await store.deactivateStaff(id: nurses[2].id, by: doctor.id) }
            if step == 70 {
                var draft = patients[1].draft
                draft.givenName = "Benjamin"
                patients[1] = try await store.updatePatient(id: patients[1].id, draft, by: nurses[1].id).record
            }
        }
        return Seeded(staff: staff, patients: [first] + patients.dropFirst() + [patients[0]])
    }
}
