import Foundation
import GRDB

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
/// processes' writes wait meanwhile (busy timeout), for seconds on a large ward.
extension SQLiteWardStore {
    public func erasurePlan(hospitalNumber: String) async throws -> ErasurePlan {
        let number = hospitalNumber.trimmingCharacters(in: .whitespaces)
        return try await pool.read { db in try Self.plan(number, db: db) }
    }

    public func erasePatient(hospitalNumber: String, by: Int64) async throws -> ErasureReport {
        let number = hospitalNumber.trimmingCharacters(in: .whitespaces)
        let now = self.now
        try await requirePermission(.eraseOrImport, by: by)
        let (plan, redacted, auditIds) = try await pool.writeWithoutTransaction { db -> (ErasurePlan, Int, [Int64]) in
            let secureBefore = try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0
            try db.execute(sql: "PRAGMA secure_delete = ON")
            defer { try? db.execute(sql: "PRAGMA secure_delete = \(secureBefore)") }
            var result: (ErasurePlan, Int, [Int64])?
            try db.inTransaction(.immediate) {
                guard try Bool.fetchOne(db, sql: "SELECT active FROM staff WHERE id = ?", arguments: [by]) == true else {
                    throw WardStoreError("staff \(by) is not an active staff member; only active staff may erase a patient's data")
                }
                let plan = try Self.plan(number, db: db)
                let ids = plan.patients.map(\.id)
                try db.execute(sql: Self.redactAuditSQL(patientIds: ids), arguments: [AuditRedaction.marker])
                let redacted = db.changesCount
                var perPatient: [Int64: ErasureCounts] = [:]
                for id in ids { perPatient[id] = try Self.counts(patientIds: [id], db: db) }
                try Self.deleteRecords(patientIds: ids, db: db)
                var auditIds: [Int64] = []
                for id in ids {
                    auditIds.append(try AuditTrail.record(db, action: .erase, entity: .patient, entityId: id, beforeJSON: nil,
                                                          afterJSON: try AuditJSON.encode(perPatient[id]!), by: by, at: now))
                }
                for (table, _) in Self.searchedTables { try db.execute(sql: "INSERT INTO \(table)_search (\(table)_search) VALUES ('optimize')") }
                result = (plan, redacted, auditIds)
                return .commit
            }
            return result!
        }
        publish(Set(WardEntity.allCases))
        let logEmptied = try await wipeFreedSpace()
        return ErasureReport(hospitalNumber: plan.hospitalNumber, removed: plan.counts, auditEntriesRedacted: redacted,
                             auditEntryIds: auditIds, at: now, logEmptied: logEmptied)
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
    static func plan(_ number: String, db: Database) throws -> ErasurePlan {
        guard !number.isEmpty else {
            throw WardValidationError([ValidationIssue(field: "hospitalNumber", message: "hospital number is empty; give the number of a discharged patient")])
        }
        let patients = try Patient.fetchAll(db, sql: "SELECT * FROM patient WHERE hospitalNumber = ? COLLATE NOCASE ORDER BY id",
                                            arguments: [number])
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
        let redactable = try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry WHERE " + auditCondition(patientIds: ids),
                                          arguments: [AuditRedaction.marker]) ?? 0
        return ErasurePlan(hospitalNumber: first.hospitalNumber, patients: patients,
                           counts: try counts(patientIds: ids, db: db), auditEntriesToRedact: redactable)
    }

    private static func list(_ ids: [Int64]) -> String { ids.map(String.init).joined(separator: ", ") }

    static func counts(patientIds ids: [Int64], db: Database) throws -> ErasureCounts {
        let inList = list(ids)
        func count(_ sql: String) throws -> Int { try Int.fetchOne(db, sql: sql) ?? 0 }
        var counts = ErasureCounts()
        counts.patients = try count("SELECT count(*) FROM patient WHERE id IN (\(inList))")
        counts.nappyChanges = try count("SELECT count(*) FROM nappy_change WHERE patientId IN (\(inList))")
        counts.feeds = try count("SELECT count(*) FROM feed WHERE patientId IN (\(inList))")
        counts.measurements = try count("SELECT count(*) FROM measurement WHERE patientId IN (\(inList))")
        counts.goalRanges = try count("SELECT count(*) FROM measurement_goal WHERE patientId IN (\(inList))")
        counts.medications = try count("SELECT count(*) FROM medication WHERE patientId IN (\(inList))")
        counts.medicationPauses = try count("""
            SELECT count(*) FROM medication_pause WHERE medicationId IN (SELECT id FROM medication WHERE patientId IN (\(inList)))
            """)
        counts.doseRecords = try count("SELECT count(*) FROM dose_record WHERE patientId IN (\(inList))")
        counts.asNeededDoses = try count("SELECT count(*) FROM as_needed_dose WHERE patientId IN (\(inList))")
        counts.calculatorResults = try count("SELECT count(*) FROM calculator_result WHERE patientId IN (\(inList))")
        counts.strokeAssessments = try count("SELECT count(*) FROM stroke_assessment WHERE patientId IN (\(inList))")
        return counts
    }

    /// Children before parents (foreign keys are enforced); the trend and search triggers keep
    /// their summaries and indexes right as the rows go.
    private static func deleteRecords(patientIds ids: [Int64], db: Database) throws {
        let inList = list(ids)
        try db.execute(sql: """
            DELETE FROM medication_pause WHERE medicationId IN (SELECT id FROM medication WHERE patientId IN (\(inList)));
            DELETE FROM dose_record WHERE patientId IN (\(inList))
                OR medicationId IN (SELECT id FROM medication WHERE patientId IN (\(inList)));
            DELETE FROM as_needed_dose WHERE patientId IN (\(inList))
                OR medicationId IN (SELECT id FROM medication WHERE patientId IN (\(inList)));
            DELETE FROM medication WHERE patientId IN (\(inList));
            DELETE FROM nappy_change WHERE patientId IN (\(inList));
            DELETE FROM feed WHERE patientId IN (\(inList));
            DELETE FROM measurement WHERE patientId IN (\(inList));
            DELETE FROM measurement_goal WHERE patientId IN (\(inList));
            DELETE FROM calculator_result WHERE patientId IN (\(inList));
            DELETE FROM stroke_assessment WHERE patientId IN (\(inList));
            DELETE FROM patient WHERE id IN (\(inList));
            """)
    }

    /// The audit entries of these patients and of every record linked to them that still hold
    /// an image other than the marker (`?` is the marker).
    private static func auditCondition(patientIds ids: [Int64]) -> String {
        let inList = list(ids)
        let linked = [("nappyChange", "nappy_change"), ("feed", "feed"), ("measurement", "measurement"),
                      ("medication", "medication"), ("doseRecord", "dose_record"), ("asNeededDose", "as_needed_dose"),
                      ("calculatorResult", "calculator_result"), ("strokeAssessment", "stroke_assessment")]
        let kinds = linked.map { entity, table in
            "(entity = '\(entity)' AND entityId IN (SELECT id FROM \(table) WHERE patientId IN (\(inList))))"
        }
        return """
            (coalesce(beforeJSON, ?1) <> ?1 OR coalesce(afterJSON, ?1) <> ?1) AND (
                (entity IN ('patient', 'measurementGoal') AND entityId IN (\(inList)))
                OR \(kinds.joined(separator: "\n    OR ")))
            """
    }

    /// The one statement that redacts: every non-NULL image of the patient's audit entries
    /// becomes `AuditRedaction.marker` (`?1`); no other column changes, no row is deleted.
    static func redactAuditSQL(patientIds ids: [Int64]) -> String {
        """
        UPDATE audit_entry SET
            beforeJSON = CASE WHEN beforeJSON IS NULL THEN NULL ELSE ?1 END,
            afterJSON = CASE WHEN afterJSON IS NULL THEN NULL ELSE ?1 END
        WHERE \(auditCondition(patientIds: ids))
        """
    }
}
