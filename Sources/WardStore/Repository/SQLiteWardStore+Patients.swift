import Foundation
import Clinical
import GRDB

extension SQLiteWardStore {
    public func admit(_ draft: PatientDraft, by: Int64?) async throws -> Audited<Patient> {
        let draft = draft.trimmed
        let (now, timeZone) = (self.now, self.timeZone)
        let result = try await permittedWrite(.logCare, by: by) { db -> Audited<Patient> in
            try Self.validate(draft, excludingPatient: nil, db: db, now: now, timeZone: timeZone)
            try db.execute(sql: """
                INSERT INTO patient (bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex,
                    gestationalAgeWeeks, gestationalAgeDays, birthWeightGrams, admittedAt, timeOfBirth, createdAt, updatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [draft.bedLabel, draft.givenName, draft.familyName, draft.hospitalNumber,
                                 draft.dateOfBirth, draft.sex, draft.gestationalAgeWeeks, draft.gestationalAgeDays,
                                 draft.birthWeightGrams, StoredTime.milliseconds(draft.admittedAt), draft.timeOfBirth,
                                 StoredTime.milliseconds(now), StoredTime.milliseconds(now)])
            return try AuditTrail.created(Patient.self, db, id: db.lastInsertedRowID, by: by, at: now)
        }
        publish([.patient])
        return result
    }

    public func updatePatient(id: Int64, _ draft: PatientDraft, by: Int64?) async throws -> Audited<Patient> {
        let draft = draft.trimmed
        let (now, timeZone) = (self.now, self.timeZone)
        let result = try await permittedWrite(.logCare, by: by) { db -> Audited<Patient> in
            let before = try Self.existingPatient(id, db: db)
            try Self.validate(draft, excludingPatient: before.dischargedAt == nil ? id : nil, db: db,
                              now: now, timeZone: timeZone, checkBed: before.dischargedAt == nil)
            var after = before
            after.bedLabel = draft.bedLabel
            after.givenName = draft.givenName
            after.familyName = draft.familyName
            after.hospitalNumber = draft.hospitalNumber
            after.dateOfBirth = draft.dateOfBirth
            after.sex = draft.sex
            after.gestationalAgeWeeks = draft.gestationalAgeWeeks
            after.gestationalAgeDays = draft.gestationalAgeDays
            after.birthWeightGrams = draft.birthWeightGrams
            after.admittedAt = draft.admittedAt
            after.timeOfBirth = draft.timeOfBirth
            after.updatedAt = now
            try after.update(db)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.patient])
        return result
    }

    public func discharge(patientId: Int64, at dischargedAt: Date, by: Int64?) async throws -> Audited<Patient> {
        let (now, zone) = (self.now, timeZone)
        let dischargedAt = StoredTime.truncated(dischargedAt)
        let result = try await permittedWrite(.logCare, by: by) { db -> Audited<Patient> in
            let before = try Self.existingPatient(patientId, db: db)
            guard before.dischargedAt == nil else {
                throw WardStoreError("\(before.fullName) (bed \(before.bedLabel)) is already discharged")
            }
            var issues = WardValidation.discharge(at: dischargedAt, admittedAt: before.admittedAt, now: now)
            issues += try Self.runningInfusionIssues(patientId: patientId, timeZone: zone, db)
            guard issues.isEmpty else { throw WardValidationError(issues) }
            var after = before
            after.dischargedAt = dischargedAt
            after.updatedAt = now
            try after.update(db)
            let auditId = try AuditTrail.record(db, action: .discharge, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.patient])
        return result
    }

    /// An infusion still running would go on counting as intake after the patient has gone:
    /// its stop is charted first (the fluid chart is complete at discharge).
    static func runningInfusionIssues(patientId: Int64, timeZone: TimeZone, _ db: Database) throws -> [ValidationIssue] {
        try Feed.fetchAll(db, sql: """
            SELECT * FROM feed WHERE patientId = ? AND deletedAt IS NULL AND rateMLPerHour IS NOT NULL AND stoppedAt IS NULL
            ORDER BY occurredAt, id
            """, arguments: [patientId]).map { feed in
            let rate = NumberText.rounded(feed.rateMLPerHour ?? 0, digits: 1)
            let since = WardLocalTime.timeOfDay(feed.occurredAt, in: timeZone).description
            return ValidationIssue(field: "dischargedAt", message: "\(feed.fluid ?? "an infusion") at \(rate) mL/h is still running "
                                   + "(since \(since)); chart its stop before discharging")
        }
    }

    public func admittedPatients() async throws -> [Patient] {
        let patients = try await pool.read { db in
            try Patient.fetchAll(db, sql: "SELECT * FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL")
        }
        return patients.sorted { $0.bedLabel.compare($1.bedLabel, options: [.numeric, .caseInsensitive]) == .orderedAscending }
    }

    public func allPatients() async throws -> [Patient] {
        try await pool.read { db in
            try Patient.fetchAll(db, sql: "SELECT * FROM patient WHERE deletedAt IS NULL ORDER BY admittedAt DESC, id DESC")
        }
    }

    public func patient(id: Int64) async throws -> Patient? {
        try await pool.read { db in try Patient.fetchOne(db, key: id) }
    }

    public func admittedPatient(bedLabel: String) async throws -> Patient? {
        let label = bedLabel.trimmingCharacters(in: .whitespaces)
        return try await pool.read { db in
            try Patient.fetchOne(db, sql: """
                SELECT * FROM patient WHERE bedLabel = ? COLLATE NOCASE AND dischargedAt IS NULL AND deletedAt IS NULL
                """, arguments: [label])
        }
    }

    public func searchPatients(_ text: String, includeDischarged: Bool, limit: Int) async throws -> [Patient] {
        let query = text.trimmingCharacters(in: .whitespaces)
        if query.isEmpty {
            return Array(try await (includeDischarged ? allPatients() : admittedPatients()).prefix(limit))
        }
        let escaped = SQLText.escapeLike(query)
        let admittedOnly = includeDischarged ? "" : "AND dischargedAt IS NULL"
        return try await pool.read { db in
            try Patient.fetchAll(db, sql: """
                SELECT * FROM patient
                WHERE deletedAt IS NULL \(admittedOnly)
                  AND (bedLabel LIKE ?1 ESCAPE '\\' OR hospitalNumber LIKE ?1 ESCAPE '\\'
                       OR givenName LIKE ?2 ESCAPE '\\' OR familyName LIKE ?2 ESCAPE '\\'
                       OR (givenName || ' ' || familyName) LIKE ?2 ESCAPE '\\')
                ORDER BY (bedLabel = ?3 COLLATE NOCASE) DESC, (dischargedAt IS NULL) DESC,
                         length(bedLabel), bedLabel, admittedAt DESC
                LIMIT ?4
                """, arguments: [escaped + "%", "%" + escaped + "%", query, limit])
        }
    }

    static func existingPatient(_ id: Int64, db: Database) throws -> Patient {
        guard let patient = try Patient.fetchOne(db, key: id), patient.deletedAt == nil else {
            throw WardStoreError("no patient with id \(id)")
        }
        return patient
    }

    static func validate(_ draft: PatientDraft, excludingPatient: Int64?, db: Database, now: Date,
                         timeZone: TimeZone, checkBed: Bool = true) throws {
        var issues = WardValidation.patient(draft, now: now, timeZone: timeZone)
        if checkBed {
            let beds = try String.fetchAll(db, sql: """
                SELECT bedLabel FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL AND id IS NOT ?
                """, arguments: [excludingPatient])
            if let issue = WardValidation.bedLabel(draft.bedLabel, admittedBeds: beds) { issues.append(issue) }
        }
        guard issues.isEmpty else { throw WardValidationError(issues) }
    }
}

enum SQLText {
    /// Escapes `%`, `_` and `\` for a LIKE pattern using `ESCAPE '\'`.
    static func escapeLike(_ text: String) -> String {
        var out = ""
        for ch in text {
            if ch == "%" || ch == "_" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out
    }
}
