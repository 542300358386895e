import Foundation
import GRDB
import WardSQL
import XCTest
@testable import WardStore

/// Every filter shape of the audit trail reads its page through an index in id order: never a
/// whole-table scan followed by a sort (which on a million entries reads all of them for every
/// page). The plans are those of the very statements `auditTrail` runs (`AuditTrailQuery`).
final class AuditTrailQueryPlanTests: WardStoreTestCase {
    /// The plan of the page's statement: the id search (inside the `page` subquery) and the
    /// outer read of those ids' rows, separately.
    func plan(_ query: AuditTrailQuery) async throws -> (ids: String, rows: String) {
        let lines = try await self.sql { db in
            try db.fetchAll("EXPLAIN QUERY PLAN " + query.statement)
                .map { (try $0.decode("parent", as: Int.self), try $0.decode("detail", as: String.self)) }
        }
        return (lines.filter { $0.0 != 0 }.map(\.1).joined(separator: "\n"), lines.filter { $0.0 == 0 }.map(\.1).joined(separator: "\n"))
    }

    func query(_ filter: AuditFilter, patients: [Int64]? = nil, olderThan: Int64? = 5000) -> AuditTrailQuery {
        AuditTrailQuery(filter: filter, patients: patients, olderThan: olderThan, limit: 50)
    }

    /// `SCAN a` of audit_entry (in any order) with a temp B-tree sort reads every entry per page.
    func assertNoScanAndSort(_ plan: String, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let scansTable = plan.split(separator: "\n").contains { $0.contains("SCAN a") || $0.contains("SCAN ap") }
        XCTAssertFalse(scansTable && plan.contains("TEMP B-TREE"), "\(label): full scan + sort\n\(plan)", file: file, line: line)
        XCTAssertFalse(plan.contains("SCAN patient"), "\(label): the bed is resolved before the page\n\(plan)", file: file, line: line)
    }

    func testEveryFilterShapeReadsThroughAnIndexInIdOrder() async throws {
        let day = noon.addingTimeInterval(-86_400)
        // (filter, patients the bed or ids resolve to, what the plan must say)
        let shapes: [(String, AuditFilter, [Int64]?, [String])] = [
            ("none", AuditFilter(), nil, ["SEARCH a USING INTEGER PRIMARY KEY (rowid<?)"]),
            ("one patient", AuditFilter(patientIds: [7]), [7],
             ["INDEX audit_patient_by_patient (patientId=? AND auditId<?)"]),
            ("bed (three patients)", AuditFilter(bedLabel: "3"), [7, 9, 12],
             ["MERGE (UNION ALL)", "INDEX audit_patient_by_patient (patientId=? AND auditId<?)"]),
            ("by", AuditFilter(staffId: 2), nil, ["INDEX audit_by_staff (staffId=? AND id<?)"]),
            ("since", AuditFilter(since: day), nil, ["INDEX audit_by_time (at>?)"]),
            ("until", AuditFilter(until: noon), nil, ["INDEX audit_by_time (at<?)"]),
            ("since and until", AuditFilter(since: day, until: noon), nil, ["INDEX audit_by_time (at>? AND at<?)"]),
            ("action", AuditFilter(actions: [.refused, .pinFailed]), nil,
             ["MERGE (UNION ALL)", "INDEX audit_by_action (action=? AND id<?)"]),
            ("one rare action", AuditFilter(actions: [.lockedOut]), nil, ["INDEX audit_by_action (action=? AND id<?)"]),
            ("entity and id", AuditFilter(entity: .nappyChange, entityId: 42), nil,
             ["INDEX audit_entity (entity=? AND entityId=? AND id<?)"]),
            ("bed and by", AuditFilter(bedLabel: "3", staffId: 2), [7, 9],
             ["MERGE (UNION ALL)", "audit_patient_by_patient (patientId=? AND auditId<?)"]),
            ("bed, action and since", AuditFilter(bedLabel: "3", actions: [.update], since: day), [7],
             ["INDEX audit_patient_by_patient (patientId=? AND auditId<?)"]),
            ("by, action, since and until", AuditFilter(staffId: 2, actions: [.update], since: day, until: noon), nil,
             ["INDEX audit_by_staff (staffId=? AND id<?)"]),
            ("action and since", AuditFilter(actions: [.create], since: day), nil, ["INDEX audit_by_time (at>?)"]),
            ("entity, id and bed", AuditFilter(bedLabel: "3", entity: .nappyChange, entityId: 42), [7, 9],
             ["audit_entity (entity=? AND entityId=? AND id<?)"]),
        ]
        for (label, filter, patients, expected) in shapes {
            for olderThan in [nil, Int64(5000)] {
                let (plan, rows) = try await plan(query(filter, patients: patients, olderThan: olderThan))
                assertNoScanAndSort(plan, label)
                for text in expected {
                    let wanted = olderThan == nil
                        ? text.replacingOccurrences(of: " AND id<?", with: "").replacingOccurrences(of: " AND auditId<?", with: "")
                        : text
                    if olderThan == nil && wanted.contains("rowid<?") {
                        XCTAssertTrue(plan.contains("SCAN a"), "\(label) first page: backwards by id\n\(plan)")
                        continue
                    }
                    XCTAssertTrue(plan.contains(wanted), "\(label) (olderThan \(String(describing: olderThan))): want \(wanted)\n\(plan)")
                }
                // Only the time range sorts, and only its own ids (the index holds them): never whole rows.
                if plan.contains("TEMP B-TREE") {
                    XCTAssertTrue(plan.contains("audit_by_time"), "\(label): only a time range sorts\n\(plan)")
                }
                // The rows themselves are read by primary key for the page's ids only (sorting at
                // most `limit` of them).
                XCTAssertTrue(rows.contains("SCAN page\nSEARCH a USING INTEGER PRIMARY KEY (rowid=?)"), "\(label)\n\(rows)")
                let scans = rows.split(separator: "\n").filter { $0.hasPrefix("SCAN") && $0 != "SCAN page" }
                XCTAssertEqual(scans, [], "\(label)\n\(rows)")
            }
        }
    }

    /// A bed that held more patients than a compound SELECT may merge is read through one IN
    /// search of the link index (and its ids sorted), never by walking the whole trail.
    func testABedWithVeryManyPatientsStillSearchesTheLinkIndex() async throws {
        let many = (1...Int64(AuditTrailQuery.mergeLimit + 1)).map { $0 }
        let plan = try await plan(query(AuditFilter(bedLabel: "3"), patients: many)).ids
        XCTAssertTrue(plan.contains("INDEX audit_patient_by_patient (patientId=? AND auditId<?)"), plan)
        XCTAssertFalse(plan.contains("SCAN a"), plan)
    }

    /// A filter whose bed or patients hold nobody matches nothing, without reading the trail.
    func testAnEmptyPatientSetReadsNothing() async throws {
        let plan = try await plan(query(AuditFilter(bedLabel: "nowhere"), patients: [])).ids
        XCTAssertFalse(plan.contains("audit_entry") || plan.contains("SCAN a"), plan)
    }
}
