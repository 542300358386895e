import Foundation
import GRDB
import WardSQL

/// Erasure of one patient (every record with a hospital number) and the wipe that follows.
///
/// Threading and transactions: `erasurePlan` is one read (a consistent snapshot). `erasePatient`
/// is one IMMEDIATE write transaction on the writer connection with `secure_delete` on (deleted
/// cells and freed pages are overwritten with zeros): the checks (number known, nobody still
/// admitted, `by` active), the redaction of the patient's earlier audit entries (one statement,
/// `redactAuditSQL`), the deletes, one `erase` audit entry per patient record, and an FTS5
/// `optimize` of the notes indexes (a delete only adds a tombstone there; merging drops the old
/// words). After the commit, outside any transaction: `VACUUM` (rewrites the file from its live
/// rows, so nothing written before with `secure_delete` off — a freed overflow page, a stale cell
/// from an edit — survives) and a TRUNCATE checkpoint, which empties the `-wal` file. Other
/// processes' writes wait meanwhile (busy timeout), for seconds on a large ward. On a server the
/// same checks and deletes are one SERIALIZABLE write; PostgreSQL's own vacuum reclaims the space.
extension SQLiteWardStore {
    public func erasurePlan(hospitalNumber: String) async throws -> ErasurePlan {
        let number = hospitalNumber.trimmingCharacters(in: .whitespaces)
        return try await database.read { db in try Self.plan(number, db: db) }
    }

    public func erasePatient(hospitalNumber: String, by: Int64) async throws -> ErasureReport {
        let number = hospitalNumber.trimmingCharacters(in: .whitespaces)
        let now = self.now
        try await requirePermission(.eraseOrImport, by: by)
        if isOnServer {
            // One SERIALIZABLE transaction; the server's own vacuum reclaims the rows' space.
            let (plan, redacted, auditIds) = try await database.write { db in try Self.erase(number, by: by, now: now, db) }
            publish(Set(WardEntity.allCases))
            return ErasureReport(hospitalNumber: plan.hospitalNumber, removed: plan.counts, auditEntriesRedacted: redacted,
                                 auditEntryIds: auditIds, at: now, logEmptied: true)
        }
        let (plan, redacted, auditIds) = try await pool.writeWithoutTransaction { db -> (ErasurePlan, Int, [Int64]) in
            let secureBefore = try db.fetchValue("PRAGMA secure_delete", as: Int.self) ?? 0
            try db.execute("PRAGMA secure_delete = ON")
            defer { _ = try? db.execute(SQLQuery(verbatim: "PRAGMA secure_delete = \(secureBefore)")) }
            var result: (ErasurePlan, Int, [Int64])?
            try db.inTransaction(.immediate) {
                result = try Self.erase(number, by: by, now: now, db)
                return .commit
            }
            return result!
        }
        publish(Set(WardEntity.allCases))
        let logEmptied = try await wipeFreedSpace()
        return ErasureReport(hospitalNumber: plan.hospitalNumber, removed: plan.counts, auditEntriesRedacted: redacted,
                             auditEntryIds: auditIds, at: now, logEmptied: logEmptied)
    }

    /// The erasure inside the caller's write transaction, on either engine: the checks, the
    /// redaction, the counts, the deletes and one `erase` entry per patient record. The notes
    /// indexes are merged on SQLite only (an FTS5 delete leaves a tombstone; PostgreSQL's GIN
    /// indexes drop the words with the rows).
    static func erase(_ number: String, by: Int64, now: Date, _ db: some SQLConnection) throws -> (ErasurePlan, Int, [Int64]) {
        guard try db.fetchValue("SELECT active FROM staff WHERE id = \(by)", as: Bool.self) == true else {
            throw WardStoreError("staff \(by) is not an active staff member; only active staff may erase a patient's data")
        }
        let plan = try Self.plan(number, db: db)
        let ids = plan.patients.map(\.id)
        let redacted = try db.execute(Self.redactAudit(patientIds: ids))
        var perPatient: [Int64: ErasureCounts] = [:]
        for id in ids { perPatient[id] = try Self.counts(patientIds: [id], db: db) }
        try Self.deleteRecords(patientIds: ids, db: db)
        var auditIds: [Int64] = []
        for id in ids {
            auditIds.append(try AuditTrail.record(db, action: .erase, entity: .patient, entityId: id, beforeJSON: nil,
                                                  afterJSON: try AuditJSON.encode(perPatient[id]!), by: by, at: now))
        }
        if db.dialect == .sqlite {
            for (table, _) in Self.searchedTables {
                try db.execute(SQLQuery(verbatim: "INSERT INTO \(table)_search (\(table)_search) VALUES ('optimize')"))
            }
        }
        return (plan, redacted, auditIds)
    }

    /// VACUUM, then empty the log; false when another process kept the log from being emptied.
    private func wipeFreedSpace() async throws -> Bool {
        do {
            try await pool.writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
        } catch {
            throw WardStoreError("the patient's records were erased, but the ward file could not be rewritten to wipe the "
                                 + "space they held (\(error)); copies may remain in free pages until a VACUUM succeeds")
        }
        do {
            try await pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            return true
        } catch {
            return false
        }
    }

    /// The tables whose text columns have a notes-search (FTS5) index, by the v7 migration.
    static let searchedTables = [("nappy_change", "notes"), ("feed", "notes"), ("measurement", "notes"),
                                 ("dose_record", "notes"), ("as_needed_dose", "notes"),
                                 ("calculator_result", "summary"), ("stroke_assessment", "summary")]

    /// The patient's records and counts, or the refusal: unknown number, or still admitted.
    static func plan(_ number: String, db: some SQLConnection) throws -> ErasurePlan {
        guard !number.isEmpty else {
            throw WardValidationError([ValidationIssue(field: "hospitalNumber", message: "hospital number is empty; give the number of a discharged patient")])
        }
        let patients = try db.fetchRecords(Patient.self, """
            SELECT * FROM patient WHERE lower(hospitalNumber) = lower(\(number)) ORDER BY id
            """)
        guard let first = patients.first else {
            throw WardValidationError([ValidationIssue(field: "hospitalNumber",
                                                       message: "no patient has hospital number \(number); nothing was erased")])
        }
        if let admitted = patients.first(where: { $0.dischargedAt == nil && $0.deletedAt == nil }) {
            throw WardValidationError([ValidationIssue(
                field: "hospitalNumber",
                message: "hospital number \(number) is still admitted in bed \(admitted.bedLabel); discharge the patient first "
                    + "(a current inpatient's record is never erased), then erase")])
        }
        let ids = patients.map(\.id)
        let redactable = try db.fetchValue("SELECT count(*) FROM audit_entry WHERE " + auditCondition(patientIds: ids),
                                           as: Int.self) ?? 0
        return ErasurePlan(hospitalNumber: first.hospitalNumber, patients: patients,
                           counts: try counts(patientIds: ids, db: db), auditEntriesToRedact: redactable)
    }

    static func counts(patientIds ids: [Int64], db: some SQLConnection) throws -> ErasureCounts {
        let inList = SQLQuery.list(ids)
        func count(_ sql: SQLQuery) throws -> Int { try db.fetchValue(sql, as: Int.self) ?? 0 }
        var counts = ErasureCounts()
        counts.patients = try count("SELECT count(*) FROM patient WHERE id IN (\(sql: inList))")
        counts.nappyChanges = try count("SELECT count(*) FROM nappy_change WHERE patientId IN (\(sql: inList))")
        counts.feeds = try count("SELECT count(*) FROM feed WHERE patientId IN (\(sql: inList))")
        counts.measurements = try count("SELECT count(*) FROM measurement WHERE patientId IN (\(sql: inList))")
        counts.goalRanges = try count("SELECT count(*) FROM measurement_goal WHERE patientId IN (\(sql: inList))")
        counts.medications = try count("SELECT count(*) FROM medication WHERE patientId IN (\(sql: inList))")
        counts.medicationPauses = try count("""
            SELECT count(*) FROM medication_pause WHERE medicationId IN (SELECT id FROM medication WHERE patientId IN (\(sql: inList)))
            """)
        counts.doseRecords = try count("SELECT count(*) FROM dose_record WHERE patientId IN (\(sql: inList))")
        counts.asNeededDoses = try count("SELECT count(*) FROM as_needed_dose WHERE patientId IN (\(sql: inList))")
        counts.calculatorResults = try count("SELECT count(*) FROM calculator_result WHERE patientId IN (\(sql: inList))")
        counts.strokeAssessments = try count("SELECT count(*) FROM stroke_assessment WHERE patientId IN (\(sql: inList))")
        return counts
    }

    /// Children before parents (foreign keys are enforced); the trend and search triggers keep
    /// their summaries and indexes right as the rows go.
    private static func deleteRecords(patientIds ids: [Int64], db: some SQLConnection) throws {
        let inList = SQLQuery.list(ids)
        // One statement each: PostgreSQL runs one statement per call.
        let statements: [SQLQuery] = [
            "DELETE FROM medication_pause WHERE medicationId IN (SELECT id FROM medication WHERE patientId IN (\(sql: inList)))",
            """
            DELETE FROM dose_record WHERE patientId IN (\(sql: inList))
                OR medicationId IN (SELECT id FROM medication WHERE patientId IN (\(sql: inList)))
            """,
            """
            DELETE FROM as_needed_dose WHERE patientId IN (\(sql: inList))
                OR medicationId IN (SELECT id FROM medication WHERE patientId IN (\(sql: inList)))
            """,
            "DELETE FROM medication WHERE patientId IN (\(sql: inList))",
            "DELETE FROM nappy_change WHERE patientId IN (\(sql: inList))",
            "DELETE FROM feed WHERE patientId IN (\(sql: inList))",
            "DELETE FROM measurement WHERE patientId IN (\(sql: inList))",
            "DELETE FROM measurement_goal WHERE patientId IN (\(sql: inList))",
            "DELETE FROM calculator_result WHERE patientId IN (\(sql: inList))",
            "DELETE FROM stroke_assessment WHERE patientId IN (\(sql: inList))",
            "DELETE FROM patient WHERE id IN (\(sql: inList))",
        ]
        for statement in statements { try db.execute(statement) }
    }

    /// The audit entries of these patients and of every record linked to them that still hold
    /// an image other than the marker.
    private static func auditCondition(patientIds ids: [Int64]) -> SQLQuery {
        let inList = SQLQuery.list(ids)
        let marker = AuditRedaction.marker
        let linked = [(WardEntity.nappyChange, "nappy_change"), (.feed, "feed"), (.measurement, "measurement"),
                      (.medication, "medication"), (.doseRecord, "dose_record"), (.asNeededDose, "as_needed_dose"),
                      (.calculatorResult, "calculator_result"), (.strokeAssessment, "stroke_assessment")]
        let kinds = linked.map { entity, table -> SQLQuery in
            "(entity = \(entity) AND entityId IN (SELECT id FROM \(sql: SQLQuery(verbatim: table)) WHERE patientId IN (\(sql: inList))))"
        }
        return """
            (coalesce(beforeJSON, \(marker)) <> \(marker) OR coalesce(afterJSON, \(marker)) <> \(marker)) AND (
                (entity IN (\(WardEntity.patient), \(WardEntity.measurementGoal)) AND entityId IN (\(sql: inList)))
                OR \(sql: .joined(kinds, separator: "\n    OR ")))
            """
    }

    /// The one statement that redacts: every non-NULL image of the patient's audit entries
    /// becomes `AuditRedaction.marker`; no other column changes, no row is deleted.
    static func redactAudit(patientIds ids: [Int64]) -> SQLQuery {
        let marker = AuditRedaction.marker
        return """
            UPDATE audit_entry SET
                beforeJSON = CASE WHEN beforeJSON IS NULL THEN NULL ELSE \(marker) END,
                afterJSON = CASE WHEN afterJSON IS NULL THEN NULL ELSE \(marker) END
            WHERE \(sql: auditCondition(patientIds: ids))
            """
    }
}
