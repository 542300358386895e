import Foundation
import WardSQL

/// One page of the audit trail as SQL: pure, so the query plan tests read the very statement the
/// store runs. Every page is newest first by id (the order the entries were written), keyset-paged
/// by `olderThan`. The ids of the page are found first by one *driving* index, chosen so the rows
/// come out already in id order and the page stops after `limit` matches; the full rows (with
/// their staff and patient) are read only for those ids.
///
/// Drivers, most selective first:
/// - one record (`entity` + `entityId`): `audit_entity(entity, entityId, id)`;
/// - patients (`patientIds`, or a bed's patients resolved by the caller): `audit_patient_by_patient
///   (patientId, auditId)`, one ordered search per patient merged by SQLite (`MERGE (UNION ALL)`);
/// - staff: `audit_by_staff(staffId, id)`;
/// - a time range without the above: `audit_by_time(at)`, a range search whose ids alone are sorted
///   (the range's size, never the ward's);
/// - actions without the above: `audit_by_action(action, id)`, one ordered search per action merged;
/// - nothing or only an entity: the table backwards by id, stopping at the page's end.
/// The other conditions are checked on the driven rows. The driver is named to SQLite with
/// `INDEXED BY` (its planner otherwise sorts a whole range); PostgreSQL's planner takes no hints
/// and is given the same statement without them.
struct AuditTrailQuery: Sendable {
    /// More patients than this are read through one `IN` search and sorted (SQLite allows at most
    /// 500 arms in a compound SELECT).
    static let mergeLimit = 200

    var filter: AuditFilter
    /// The patients `filter.patientIds` and `filter.bedLabel` come to (their intersection); nil
    /// when neither is given. Empty: nothing can match.
    var patients: [Int64]?
    var olderThan: Int64?
    var limit: Int

    init(filter: AuditFilter, patients: [Int64]?, olderThan: Int64?, limit: Int) {
        self.filter = filter
        self.patients = patients.map { Array(Set($0)).sorted() }
        self.olderThan = olderThan
        self.limit = max(1, limit)
    }

    /// The patients a filter names (its ids, its bed's patients, or both), or nil when it names none.
    static func patients(_ filter: AuditFilter, db: some SQLConnection) throws -> [Int64]? {
        var result = filter.patientIds.map(Set.init)
        if let bed = filter.bedLabel {
            let key = bed.trimmingCharacters(in: .whitespaces)
            let inBed = Set(try db.fetchAll("SELECT id FROM patient WHERE lower(bedLabel) = lower(\(key))")
                .map { try $0.decode("id", as: Int64.self) })
            result = result.map { $0.intersection(inBed) } ?? inBed
        }
        return result.map { Array($0).sorted() }
    }

    /// `audit_entry a` read through one index on SQLite; plain on PostgreSQL.
    private static func entries(indexedBy index: String?) -> SQLQuery {
        .dialect(sqlite: "audit_entry a " + (index.map { "INDEXED BY " + $0 } ?? "NOT INDEXED"), postgres: "audit_entry a")
    }

    /// The page's ids, newest first.
    var idsStatement: SQLQuery {
        if let patients, patients.isEmpty { return "SELECT CAST(NULL AS BIGINT) AS id WHERE FALSE" }
        let linked: SQLQuery = "audit_patient ap JOIN audit_entry a ON a.id = ap.auditId"
        if filter.entity != nil, filter.entityId != nil {
            return driven(idColumn: "a.id", from: Self.entries(indexedBy: "audit_entity"), patientJoin: true)
        } else if let patients, patients.count == 1 || patients.count > Self.mergeLimit {
            return driven(idColumn: "ap.auditId", from: linked, patientJoin: false)
        } else if let patients {
            // One ordered search per patient, merged: no sort, and it stops after `limit` rows.
            let arms = patients.map { patient -> SQLQuery in
                var one = self
                one.patients = [patient]
                return "SELECT ap.auditId AS id FROM \(sql: linked)" + one.conditions(idColumn: "ap.auditId", patientJoin: false)
            }
            return .joined(arms, separator: " UNION ALL ") + " ORDER BY 1 DESC LIMIT \(limit)"
        } else if filter.staffId != nil {
            return driven(idColumn: "a.id", from: Self.entries(indexedBy: "audit_by_staff"), patientJoin: false)
        } else if filter.since != nil || filter.until != nil {
            return driven(idColumn: "a.id", from: Self.entries(indexedBy: "audit_by_time"), patientJoin: false)
        } else if let actions = filter.actions, !actions.isEmpty {
            // One ordered search per action, merged: a rare action (a lock-out, an erasure) is
            // found through its index instead of by walking back through the whole trail.
            let arms = actions.sorted(by: { $0.rawValue < $1.rawValue }).map { action -> SQLQuery in
                var one = self
                one.filter.actions = [action]
                return "SELECT a.id AS id FROM \(sql: Self.entries(indexedBy: "audit_by_action"))"
                    + one.conditions(idColumn: "a.id", patientJoin: false)
            }
            return arms.count == 1 ? arms[0] + " ORDER BY a.id DESC LIMIT \(limit)"
                : .joined(arms, separator: " UNION ALL ") + " ORDER BY 1 DESC LIMIT \(limit)"
        } else {
            return driven(idColumn: "a.id", from: Self.entries(indexedBy: nil), patientJoin: false)
        }
    }

    /// The page's full rows: the entry, its author and the patient it is about, newest first.
    var statement: SQLQuery {
        """
        SELECT a.*, s.initials AS staffInitials, s.name AS staffName, ap.patientId AS linkedPatientId,
               p.bedLabel AS patientBed, p.givenName AS patientGivenName, p.familyName AS patientFamilyName
        FROM (\(sql: idsStatement)) page
        JOIN audit_entry a ON a.id = page.id
        LEFT JOIN audit_patient ap ON ap.auditId = a.id
        LEFT JOIN patient p ON p.id = ap.patientId
        LEFT JOIN staff s ON s.id = a.staffId
        ORDER BY a.id DESC
        """
    }

    private func driven(idColumn: String, from: SQLQuery, patientJoin: Bool) -> SQLQuery {
        let id = SQLQuery(verbatim: idColumn)
        return "SELECT \(sql: id) AS id FROM \(sql: from)" + conditions(idColumn: idColumn, patientJoin: patientJoin)
            + " ORDER BY \(sql: id) DESC LIMIT \(limit)"
    }

    /// " WHERE …" for every condition of the filter (an empty filter gives nothing).
    /// `patientJoin`: the patient condition is checked through the link table's primary key (the
    /// driver is not `audit_patient`).
    private func conditions(idColumn: String, patientJoin: Bool) -> SQLQuery {
        let id = SQLQuery(verbatim: idColumn)
        var conditions: [SQLQuery] = []
        if let olderThan { conditions.append("\(sql: id) < \(olderThan)") }
        if let patients {
            conditions.append(patientJoin
                ? "(SELECT patientId FROM audit_patient WHERE auditId = a.id) IN (\(sql: .list(patients)))"
                : "ap.patientId IN (\(sql: .list(patients)))")
        }
        if let staffId = filter.staffId { conditions.append("a.staffId = \(staffId)") }
        if let actions = filter.actions {
            let sorted = actions.map(\.rawValue).sorted()
            conditions.append(sorted.isEmpty ? "FALSE" : "a.action IN (\(sql: .list(sorted)))")
        }
        if let entity = filter.entity { conditions.append("a.entity = \(entity)") }
        if let entityId = filter.entityId { conditions.append("a.entityId = \(entityId)") }
        if let since = filter.since { conditions.append("a.at >= \(since)") }
        if let until = filter.until { conditions.append("a.at < \(until)") }
        return conditions.isEmpty ? SQLQuery(verbatim: "") : " WHERE " + .joined(conditions, separator: " AND ")
    }
}
