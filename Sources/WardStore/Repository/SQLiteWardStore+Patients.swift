import Foundation
import Clinical
import WardSQL

extension SQLiteWardStore {
    public func admit(_ draft: PatientDraft, by: Int64?) async throws -> Audited<Patient> {
        let draft = draft.trimmed
        let (now, timeZone) = (self.now, self.timeZone)
        let result = try await permittedWrite(.logCare, by: by) { db -> Audited<Patient> in
            try Self.validate(draft, excludingPatient: nil, db: db, now: now, timeZone: timeZone)
            let id = try db.insertReturningId("""
                INSERT INTO patient (bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex,
                    gestationalAgeWeeks, gestationalAgeDays, birthWeightGrams, admittedAt, timeOfBirth, createdAt, updatedAt)
                VALUES (\(draft.bedLabel), \(draft.givenName), \(draft.familyName), \(draft.hospitalNumber), \(draft.dateOfBirth),
                    \(draft.sex), \(draft.gestationalAgeWeeks), \(draft.gestationalAgeDays), \(draft.birthWeightGrams),
                    \(draft.admittedAt), \(draft.timeOfBirth), \(now), \(now))
                RETURNING id
                """)
            return try AuditTrail.created(Patient.self, db, id: id, by: by, at: now)
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
            try db.update(after)
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
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .discharge, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.patient])
        return result
    }

    /// An infusion still running would go on counting as intake after the patient has gone:
    /// its stop is charted first (the fluid chart is complete at discharge).
    static func runningInfusionIssues(patientId: Int64, timeZone: TimeZone, _ db: some SQLConnection) throws -> [ValidationIssue] {
        try db.fetchRecords(Feed.self, """
            SELECT * FROM feed WHERE patientId = \(patientId) AND deletedAt IS NULL AND rateMLPerHour IS NOT NULL
                AND stoppedAt IS NULL
            ORDER BY occurredAt, id
            """).map { feed in
            let rate = NumberText.rounded(feed.rateMLPerHour ?? 0, digits: 1)
            let since = WardLocalTime.timeOfDay(feed.occurredAt, in: timeZone).description
            return ValidationIssue(field: "dischargedAt", message: "\(feed.fluid ?? "an infusion") at \(rate) mL/h is still running "
                                   + "(since \(since)); chart its stop before discharging")
        }
    }

    public func admittedPatients() async throws -> [Patient] {
        let patients = try await database.read { db in
            try db.fetchRecords(Patient.self, "SELECT * FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL")
        }
        return patients.sorted { $0.bedLabel.compare($1.bedLabel, options: [.numeric, .caseInsensitive]) == .orderedAscending }
    }

    public func allPatients() async throws -> [Patient] {
        try await database.read { db in
            try db.fetchRecords(Patient.self, "SELECT * FROM patient WHERE deletedAt IS NULL ORDER BY admittedAt DESC, id DESC")
        }
    }

    public func patient(id: Int64) async throws -> Patient? {
        try await database.read { db in try db.fetchRecord(Patient.self, id: id) }
    }

    public func admittedPatient(bedLabel: String) async throws -> Patient? {
        let label = bedLabel.trimmingCharacters(in: .whitespaces)
        return try await database.read { db in
            try db.fetchRecord(Patient.self, """
                SELECT * FROM patient WHERE lower(bedLabel) = lower(\(label)) AND dischargedAt IS NULL AND deletedAt IS NULL
                LIMIT 1
                """)
        }
    }

    public func searchPatients(_ text: String, includeDischarged: Bool, limit: Int) async throws -> [Patient] {
        let query = text.trimmingCharacters(in: .whitespaces)
        if query.isEmpty {
            return Array(try await (includeDischarged ? allPatients() : admittedPatients()).prefix(limit))
        }
        // SQLite's LIKE ignores ASCII case and PostgreSQL's does not: both sides go through the
        // engine's lower() (SQLite's is ASCII-only, as its LIKE's case folding is).
        let escaped = SQLText.escapeLike(query)
        let (prefix, anywhere) = (escaped + "%", "%" + escaped + "%")
        let admittedOnly: SQLQuery = includeDischarged ? "" : "AND dischargedAt IS NULL"
        return try await database.read { db in
            try db.fetchRecords(Patient.self, """
                SELECT * FROM patient
                WHERE deletedAt IS NULL \(sql: admittedOnly)
                  AND (lower(bedLabel) LIKE lower(\(prefix)) ESCAPE '\\' OR lower(hospitalNumber) LIKE lower(\(prefix)) ESCAPE '\\'
                       OR lower(givenName) LIKE lower(\(anywhere)) ESCAPE '\\' OR lower(familyName) LIKE lower(\(anywhere)) ESCAPE '\\'
                       OR lower(givenName || ' ' || familyName) LIKE lower(\(anywhere)) ESCAPE '\\'
                       OR familyName || givenName LIKE \(anywhere) ESCAPE '\\')
                ORDER BY (lower(bedLabel) = lower(\(query))) DESC, (dischargedAt IS NULL) DESC,
                         length(bedLabel), bedLabel, admittedAt DESC
                LIMIT \(limit)
                """)
        }
    }

    static func existingPatient(_ id: Int64, db: some SQLConnection) throws -> Patient {
        guard let patient = try db.fetchRecord(Patient.self, id: id), patient.deletedAt == nil else {
            throw WardStoreError("no patient with id \(id)")
        }
        return patient
    }

    static func validate(_ draft: PatientDraft, excludingPatient: Int64?, db: some SQLConnection, now: Date,
                         timeZone: TimeZone, checkBed: Bool = true) throws {
        var issues = WardValidation.patient(draft, now: now, timeZone: timeZone)
        if checkBed {
            let beds = try db.fetchAll("""
                SELECT bedLabel FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL
                    AND \(sql: .differs("id", "\(excludingPatient)"))
                """).map { try $0.column("bedLabel", as: String.self) }
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
