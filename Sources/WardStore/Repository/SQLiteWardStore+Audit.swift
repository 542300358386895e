import Foundation
import GRDB

extension SQLiteWardStore {
    public func undo(auditEntryIds: [Int64], by: Int64?) async throws -> [AuditEntry] {
        let now = self.now
        let (newEntries, entities) = try await pool.write { db -> ([AuditEntry], Set<WardEntity>) in
            var entries: [AuditEntry] = []
            var entities = Set<WardEntity>()
            for id in auditEntryIds.sorted(by: >) {
                guard let entry = try AuditEntry.fetchOne(db, key: id) else {
                    throw WardStoreError("nothing to undo: no audit entry \(id)")
                }
                if entry.action == .erase || [entry.beforeJSON, entry.afterJSON].contains(AuditRedaction.marker) {
                    throw WardStoreError("cannot undo: that record was erased with its patient's data (audit entry \(id) keeps no content)")
                }
                let newId: Int64
                switch entry.entity {
                case .nappyChange: newId = try AuditTrail.undo(entry, as: NappyChange.self, db: db, by: by, at: now)
                case .patient: newId = try AuditTrail.undo(entry, as: Patient.self, db: db, by: by, at: now)
                case .staff: newId = try AuditTrail.undo(entry, as: Staff.self, db: db, by: by, at: now)
                case .medication: newId = try AuditTrail.undo(entry, as: Medication.self, db: db, by: by, at: now)
                case .doseRecord: newId = try AuditTrail.undo(entry, as: DoseRecord.self, db: db, by: by, at: now)
                case .asNeededDose: newId = try AuditTrail.undo(entry, as: AsNeededDose.self, db: db, by: by, at: now)
                case .feed: newId = try AuditTrail.undo(entry, as: Feed.self, db: db, by: by, at: now)
                case .measurement: newId = try AuditTrail.undo(entry, as: MeasurementRecord.self, db: db, by: by, at: now)
                case .measurementGoal: newId = try Self.undoGoalChange(entry, db: db, by: by, at: now)
                case .setting:
                    throw WardStoreError("settings changes cannot be undone; set the value again")
                case .calculatorResult: newId = try AuditTrail.undo(entry, as: SavedCalculatorResult.self, db: db, by: by, at: now)
                case .strokeAssessment: newId = try AuditTrail.undo(entry, as: StoredStrokeAssessment.self, db: db, by: by, at: now)
                case .strokeCentreList:
                    throw WardStoreError("a centres import cannot be undone; import the previous list again (the audit entry holds it)")
                }
                entities.insert(entry.entity)
                entries.append(try AuditEntry.fetchOne(db, key: newId)!)
            }
            return (entries, entities)
        }
        publish(entities)
        return newEntries
    }

    public func auditEntries(entity: WardEntity, entityId: Int64) async throws -> [AuditEntry] {
        try await pool.read { db in
            try AuditEntry
                .filter(AuditEntry.Columns.entity == entity && AuditEntry.Columns.entityId == entityId)
                .order(AuditEntry.Columns.id)
                .fetchAll(db)
        }
    }
}

extension SQLiteWardStore {
    public func auditTrail(_ filter: AuditFilter, olderThan: Int64?, limit: Int) async throws -> [AuditTrailRow] {
        let (sql, arguments) = Self.auditTrailSQL(filter, olderThan: olderThan, limit: limit)
        return try await pool.read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                AuditTrailRow(entry: try AuditEntry(row: row), staffInitials: row["staffInitials"],
                              staffName: row["staffName"], patientId: row["linkedPatientId"])
            }
        }
    }

    static func auditTrailSQL(_ filter: AuditFilter, olderThan: Int64?, limit: Int) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments = StatementArguments()
        if let olderThan { conditions.append("a.id < ?"); arguments += [olderThan] }
        if let ids = filter.patientIds {
            conditions.append("ap.patientId IN (\(ids.map { _ in "?" }.joined(separator: ", ")))")
            arguments += StatementArguments(ids)
        }
        if let bed = filter.bedLabel {
            conditions.append("ap.patientId IN (SELECT id FROM patient WHERE bedLabel = ? COLLATE NOCASE)")
            arguments += [bed.trimmingCharacters(in: .whitespaces)]
        }
        if let staffId = filter.staffId { conditions.append("a.staffId = ?"); arguments += [staffId] }
        if let actions = filter.actions {
            let sorted = actions.map(\.rawValue).sorted()
            conditions.append("a.action IN (\(sorted.map { _ in "?" }.joined(separator: ", ")))")
            arguments += StatementArguments(sorted)
        }
        if let entity = filter.entity { conditions.append("a.entity = ?"); arguments += [entity.rawValue] }
        if let entityId = filter.entityId { conditions.append("a.entityId = ?"); arguments += [entityId] }
        if let since = filter.since { conditions.append("a.at >= ?"); arguments += [StoredTime.milliseconds(since)] }
        if let until = filter.until { conditions.append("a.at < ?"); arguments += [StoredTime.milliseconds(until)] }
        arguments += [max(1, limit)]
        let sql = """
            SELECT a.*, s.initials AS staffInitials, s.name AS staffName, ap.patientId AS linkedPatientId
            FROM audit_entry a
            LEFT JOIN audit_patient ap ON ap.auditId = a.id
            LEFT JOIN staff s ON s.id = a.staffId
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY a.id DESC
            LIMIT ?
            """
        return (sql, arguments)
    }
}
