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
                case .setting, .measurementGoal:
                    throw WardStoreError("settings and goal changes cannot be undone; set the value again")
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

    public func settings() async throws -> WardSettings {
        try await pool.read { db in try Self.settings(db) }
    }

    public func updateSettings(_ settings: WardSettings, by: Int64?) async throws -> WardSettings {
        let issues = WardValidation.settings(settings)
        guard issues.isEmpty else { throw WardValidationError(issues) }
        let now = self.now
        try await pool.write { db in
            let before = try Self.settings(db)
            for (key, value) in settings.values {
                try db.execute(sql: "INSERT OR REPLACE INTO ward_setting (key, value) VALUES (?, ?)", arguments: [key, value])
            }
            try AuditTrail.record(db, action: .update, entity: .setting, entityId: 0,
                                  beforeJSON: try AuditJSON.encode(before), afterJSON: try AuditJSON.encode(settings),
                                  by: by, at: now)
        }
        publish([.setting])
        return settings
    }

    static func settings(_ db: Database) throws -> WardSettings {
        let rows = try Row.fetchAll(db, sql: "SELECT key, value FROM ward_setting")
        var values: [String: String] = [:]
        for row in rows { values[row["key"]] = row["value"] }
        return WardSettings(values: values)
    }
}
