import Foundation
import WardSQL

extension SQLiteWardStore {
    public func undo(auditEntryIds: [Int64], by: Int64?) async throws -> [AuditEntry] {
        let now = self.now
        let (newEntries, entities) = try await database.write { db -> ([AuditEntry], Set<WardEntity>) in
            var entries: [AuditEntry] = []
            var entities = Set<WardEntity>()
            for id in auditEntryIds.sorted(by: >) {
                guard let entry = try db.fetchRecord(AuditEntry.self, id: id) else {
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
                guard let written = try db.fetchRecord(AuditEntry.self, id: newId) else {
                    throw WardStoreError("audit entry \(newId) was not found after it was written")
                }
                entries.append(written)
            }
            return (entries, entities)
        }
        publish(entities)
        return newEntries
    }

    public func auditEntries(entity: WardEntity, entityId: Int64) async throws -> [AuditEntry] {
        try await database.read { db in
            try db.fetchRecords(AuditEntry.self, """
                SELECT * FROM audit_entry WHERE entity = \(entity) AND entityId = \(entityId) ORDER BY id
                """)
        }
    }
}

/// The trail a page at a time (`AuditTrailQuery`): one read, so the bed's patients and the page
/// are read from the same snapshot. Safe from any task; never writes.
extension SQLiteWardStore {
    public func auditTrail(_ filter: AuditFilter, olderThan: Int64?, limit: Int) async throws -> [AuditTrailRow] {
        try await database.read { db in
            let query = AuditTrailQuery(filter: filter, patients: try AuditTrailQuery.patients(filter, db: db),
                                        olderThan: olderThan, limit: limit)
            return try query.fetch(db)
        }
    }

    public func auditTrailBeds() async throws -> [String] {
        try await database.read { db in
            // Sorted here: `DISTINCT … ORDER BY lower(bedLabel)` is refused by PostgreSQL (the
            // order must be a selected column), and beds that differ only in case stay apart.
            try db.fetchAll("SELECT DISTINCT bedLabel FROM patient").map { try $0.decode("bedLabel", as: String.self) }
                .sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        }
    }
}

extension AuditTrailQuery {
    /// The page's rows with who made each entry and which patient it is about, inside the
    /// caller's read (the trail on screen, `cotside audit` and the patient report read the same).
    func fetch(_ db: some SQLConnection) throws -> [AuditTrailRow] {
        try db.fetchAll(statement).map { row in
            let given = try row.decode("patientGivenName", as: String?.self)
            let family = try row.decode("patientFamilyName", as: String?.self)
            return AuditTrailRow(entry: try AuditEntry(reading: row), staffInitials: try row.decode("staffInitials"),
                                 staffName: try row.decode("staffName"), patientId: try row.decode("linkedPatientId"),
                                 patientBed: try row.decode("patientBed"),
                                 patientName: given.map { "\($0) \(family ?? "")".trimmingCharacters(in: .whitespaces) })
        }
    }
}
