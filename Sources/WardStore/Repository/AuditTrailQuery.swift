import Foundation
import GRDB

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
/// The other conditions are checked on the driven rows.
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
    static func patients(_ filter: AuditFilter, db: Database) throws -> [Int64]? {
        var result = filter.patientIds.map(Set.init)
        if let bed = filter.bedLabel {
            let inBed = try Int64.fetchSet(db, sql: "SELECT id FROM patient WHERE bedLabel = ? COLLATE NOCASE",
                                           arguments: [bed.trimmingCharacters(in: .whitespaces)])
            result = result.map { $0.intersection(inBed) } ?? inBed
        }
        return result.map { Array($0).sorted() }
    }

    /// The page's ids, newest first.
    var idsSQL: (sql: String, arguments: StatementArguments) {
        if let patients, patients.isEmpty { return ("SELECT NULL AS id WHERE 0", []) }
        var arguments = StatementArguments()
        let sql: String
        if filter.entity != nil, filter.entityId != nil {
            sql = driven(by: "a", idColumn: "a.id", from: "audit_entry a INDEXED BY audit_entity", patientJoin: true, &arguments)
        } else if let patients, patients.count == 1 || patients.count > Self.mergeLimit {
            sql = driven(by: "ap", idColumn: "ap.auditId", from: "audit_patient ap JOIN audit_entry a ON a.id = ap.auditId",
                         patientJoin: false, &arguments)
        } else if let patients {
            // One ordered search per patient, merged: no sort, and it stops after `limit` rows.
            var arms: [String] = []
            for patient in patients {
                var one = self
                one.patients = [patient]
                arms.append(one.conditions(idColumn: "ap.auditId", patientJoin: false, &arguments)
                    .map { "SELECT ap.auditId AS id FROM audit_patient ap JOIN audit_entry a ON a.id = ap.auditId" + $0 }!)
            }
            arguments += [limit]
            sql = arms.joined(separator: " UNION ALL ") + " ORDER BY 1 DESC LIMIT ?"
        } else if filter.staffId != nil {
            sql = driven(by: "a", idColumn: "a.id", from: "audit_entry a INDEXED BY audit_by_staff", patientJoin: false, &arguments)
        } else if filter.since != nil || filter.until != nil {
            sql = driven(by: "a", idColumn: "a.id", from: "audit_entry a INDEXED BY audit_by_time", patientJoin: false, &arguments)
        } else if let actions = filter.actions, !actions.isEmpty {
            // One ordered search per action, merged: a rare action (a lock-out, an erasure) is
            // found through its index instead of by walking back through the whole trail.
            var arms: [String] = []
            for action in actions.sorted(by: { $0.rawValue < $1.rawValue }) {
                var one = self
                one.filter.actions = [action]
                arms.append("SELECT a.id AS id FROM audit_entry a INDEXED BY audit_by_action"
                            + (one.conditions(idColumn: "a.id", patientJoin: false, &arguments) ?? ""))
            }
            arguments += [limit]
            sql = arms.count == 1 ? arms[0] + " ORDER BY a.id DESC LIMIT ?" : arms.joined(separator: " UNION ALL ") + " ORDER BY 1 DESC LIMIT ?"
        } else {
            sql = driven(by: "a", idColumn: "a.id", from: "audit_entry a NOT INDEXED", patientJoin: false, &arguments)
        }
        return (sql, arguments)
    }

    /// The page's full rows: the entry, its author and the patient it is about, newest first.
    var sqlAndArguments: (sql: String, arguments: StatementArguments) {
        let ids = idsSQL
        let sql = """
            SELECT a.*, s.initials AS staffInitials, s.name AS staffName, ap.patientId AS linkedPatientId,
                   p.bedLabel AS patientBed, p.givenName AS patientGivenName, p.familyName AS patientFamilyName
            FROM (\(ids.sql)) page
            JOIN audit_entry a ON a.id = page.id
            LEFT JOIN audit_patient ap ON ap.auditId = a.id
            LEFT JOIN patient p ON p.id = ap.patientId
            LEFT JOIN staff s ON s.id = a.staffId
            ORDER BY a.id DESC
            """
        return (sql, ids.arguments)
    }

    private func driven(by alias: String, idColumn: String, from: String, patientJoin: Bool,
                        _ arguments: inout StatementArguments) -> String {
        let whereClause = conditions(idColumn: idColumn, patientJoin: patientJoin, &arguments) ?? ""
        arguments += [limit]
        return "SELECT \(idColumn) AS id FROM \(from)\(whereClause) ORDER BY \(idColumn) DESC LIMIT ?"
    }

    /// " WHERE …" for every condition of the filter (nil never; an empty filter gives "").
    /// `patientJoin`: the patient condition is checked through the link table's primary key (the
    /// driver is not `audit_patient`).
    private func conditions(idColumn: String, patientJoin: Bool, _ arguments: inout StatementArguments) -> String? {
        var conditions: [String] = []
        if let olderThan { conditions.append("\(idColumn) < ?"); arguments += [olderThan] }
        if let patients {
            let list = patients.map { _ in "?" }.joined(separator: ", ")
            if patientJoin {
                conditions.append("(SELECT patientId FROM audit_patient WHERE auditId = a.id) IN (\(list))")
            } else {
                conditions.append("ap.patientId IN (\(list))")
            }
            arguments += StatementArguments(patients)
        }
        if let staffId = filter.staffId { conditions.append("a.staffId = ?"); arguments += [staffId] }
        if let actions = filter.actions {
            let sorted = actions.map(\.rawValue).sorted()
            conditions.append(sorted.isEmpty ? "0" : "a.action IN (\(sorted.map { _ in "?" }.joined(separator: ", ")))")
            arguments += StatementArguments(sorted)
        }
        if let entity = filter.entity { conditions.append("a.entity = ?"); arguments += [entity.rawValue] }
        if let entityId = filter.entityId { conditions.append("a.entityId = ?"); arguments += [entityId] }
        if let since = filter.since { conditions.append("a.at >= ?"); arguments += [StoredTime.milliseconds(since)] }
        if let until = filter.until { conditions.append("a.at < ?"); arguments += [StoredTime.milliseconds(until)] }
        return conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }
}
