import Clinical
import Foundation
import WardSQL

extension SQLiteWardStore {
    public func logMeasurement(_ draft: MeasurementDraft, by: Int64?) async throws -> Audited<MeasurementRecord> {
        let now = self.now
        let result = try await permittedWrite(.logCare, by: by) { db -> Audited<MeasurementRecord> in
            try Self.checkMeasurement(draft, db: db, now: now)
            return try Self.insertMeasurement(draft, db: db, by: by, now: now)
        }
        publish([.measurement])
        return result
    }

    public func updateMeasurement(id: Int64, _ draft: MeasurementDraft, by: Int64?) async throws -> Audited<MeasurementRecord> {
        let now = self.now
        let result = try await permittedWrite(.logCare, by: by) { db -> Audited<MeasurementRecord> in
            let before = try Self.existing(MeasurementRecord.self, id, db: db)
            guard before.deletedAt == nil else { throw WardStoreError("measurement \(id) is deleted; restore it before editing") }
            try Self.checkMeasurement(draft, db: db, now: now)
            var after = before
            after.patientId = draft.patientId
            after.measuredAt = StoredTime.truncated(draft.measuredAt)
            after.kind = draft.kind
            after.value = draft.value
            after.diastolicMmHg = draft.diastolicMmHg
            after.oxygen = draft.oxygen
            after.notes = Self.cleanNotes(draft.notes)
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.measurement])
        return result
    }

    public func deleteMeasurement(id: Int64, by: Int64?) async throws -> Audited<MeasurementRecord> {
        try await setDeleted(MeasurementRecord.self, id: id, deleted: true, by: by)
    }

    public func restoreMeasurement(id: Int64, by: Int64?) async throws -> Audited<MeasurementRecord> {
        try await setDeleted(MeasurementRecord.self, id: id, deleted: false, by: by)
    }

    public func measurement(id: Int64) async throws -> MeasurementRecord? {
        try await database.read { db in try db.fetchRecord(MeasurementRecord.self, id: id) }
    }

    /// One kind's readings in `[from, to)`, oldest first (trend charts, the effectiveness series).
    public func measurements(patientId: Int64, kind: MeasurementKind, from: Date, to: Date) async throws -> [MeasurementRecord] {
        try await database.read { db in
            try db.fetchRecords(MeasurementRecord.self, """
                SELECT * FROM measurement WHERE patientId = \(patientId) AND kind = \(kind) AND deletedAt IS NULL
                    AND measuredAt >= \(from) AND measuredAt < \(to) ORDER BY measuredAt, id
                """)
        }
    }

    /// The goal range per kind for a patient: their own goal, else the default for their age.
    public func goalRanges(patientId: Int64) async throws -> [MeasurementKind: GoalRange] {
        let (now, timeZone) = (self.now, self.timeZone)
        return try await database.read { db in
            guard let patient = try db.fetchRecord(Patient.self, id: patientId) else {
                throw WardStoreError("no patient with id \(patientId)")
            }
            return try Self.goalRanges(for: patient, db: db, now: now, timeZone: timeZone)
        }
    }

    /// Sets (or with nil clears, back to the age default) a patient's goal range for one kind.
    /// Returns the audit entry id (for `undo`).
    @discardableResult
    public func setGoalRange(patientId: Int64, kind: MeasurementKind, _ range: GoalRange?, by: Int64?) async throws -> Int64 {
        if let range {
            var issues: [ValidationIssue] = []
            if range.low == nil && range.high == nil {
                issues.append(.init(field: "range", message: "a goal needs a low or a high limit"))
            }
            if let low = range.low, let high = range.high, low >= high {
                issues.append(.init(field: "range", message: "the low limit must be below the high limit"))
            }
            for v in [range.low, range.high].compactMap({ $0 }) where !kind.plausibleRange.contains(v) {
                issues.append(.init(field: "range", message: "\(NumberText.rounded(v, digits: 3)) \(kind.canonicalUnit) is not a plausible \(kind.displayName)"))
            }
            guard issues.isEmpty else { throw WardValidationError(issues) }
        }
        let now = self.now
        let auditId = try await permittedWrite(.setGoalRanges, by: by) { db -> Int64 in
            let beforeRow = try db.fetchOne("SELECT low, high FROM measurement_goal WHERE patientId = \(patientId) AND kind = \(kind)")
            let before = try beforeRow.map {
                GoalRange(low: try $0.column("low", as: Double?.self), high: try $0.column("high", as: Double?.self), source: "patient goal")
            }
            if let range {
                try Self.storeGoal(patientId: patientId, kind: kind, range, now: now, db)
            } else {
                try db.execute("DELETE FROM measurement_goal WHERE patientId = \(patientId) AND kind = \(kind)")
            }
            return try AuditTrail.record(db, action: .update, entity: .measurementGoal, entityId: patientId,
                                         beforeJSON: try before.map { try AuditJSON.encode([kind.rawValue: $0]) },
                                         afterJSON: try range.map { try AuditJSON.encode([kind.rawValue: $0]) }, by: by, at: now)
        }
        publish([.measurementGoal])
        return auditId
    }

    /// Stores a patient's goal for one kind, replacing the one stored (an upsert on patient and
    /// kind, on either engine). Runs in the caller's write transaction.
    static func storeGoal(patientId: Int64, kind: MeasurementKind, _ range: GoalRange, now: Date, _ db: some SQLConnection) throws {
        try db.execute("""
            INSERT INTO measurement_goal (patientId, kind, low, high, updatedAt)
            VALUES (\(patientId), \(kind), \(range.low), \(range.high), \(now))
            ON CONFLICT (patientId, kind) DO UPDATE SET low = excluded.low, high = excluded.high, updatedAt = excluded.updatedAt
            """)
    }

    static func goalRanges(for patient: Patient, db: some SQLConnection, now: Date,
                           timeZone: TimeZone) throws -> [MeasurementKind: GoalRange] {
        let own = try db.fetchAll("SELECT kind, low, high FROM measurement_goal WHERE patientId = \(patient.id)")
        return goalRanges(for: patient, own: own, now: now, timeZone: timeZone)
    }

    /// The ranges in force from the patient's own goal rows (`kind, low, high`), which a ward-wide
    /// screen fetches for every cot in one statement (as GRDB rows today, or portable rows).
    static func goalRanges(for patient: Patient, own: [some SQLColumnReader], now: Date,
                           timeZone: TimeZone) -> [MeasurementKind: GoalRange] {
        let age = PatientAge(patient: patient, now: now, timeZone: timeZone)
        var ranges: [MeasurementKind: GoalRange] = [:]
        for kind in MeasurementKind.allCases {
            ranges[kind] = MeasurementGoals.defaultRange(kind, ageDays: age.days, correctedWeeks: age.correctedGestationWeeks)
        }
        for row in own {
            if let kind = try? row.column("kind", as: MeasurementKind.self) {
                ranges[kind] = GoalRange(low: try? row.column("low", as: Double?.self), high: try? row.column("high", as: Double?.self),
                                         source: "patient goal")
            }
        }
        return ranges
    }

    static func checkMeasurement(_ draft: MeasurementDraft, db: some SQLConnection, now: Date) throws {
        var issues = WardValidation.measurement(draft, now: now)
        try checkPatient(draft.patientId, at: draft.measuredAt, field: "measuredAt", db: db, issues: &issues)
        guard issues.isEmpty else { throw WardValidationError(issues) }
    }
}
