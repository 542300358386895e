import Foundation
import WardSQL

/// A record kind the audit trail and `undo` know how to handle.
protocol AuditedRecord: Codable, Sendable, Hashable, SQLRecord {
    static var entity: WardEntity { get }
    var id: Int64 { get }
    var updatedAt: Date { get set }
    /// Hides the record the way this kind is hidden (soft delete, or deactivation for staff).
    mutating func retire(at date: Date)
    /// True when retired (deleted or deactivated).
    var isHidden: Bool { get }
}

/// Records hidden by stamping `deletedAt` — every kind but staff, which is deactivated instead.
protocol SoftDeletedRecord: AuditedRecord {
    var deletedAt: Date? { get set }
}

extension SoftDeletedRecord {
    mutating func retire(at date: Date) { deletedAt = date }
    var isHidden: Bool { deletedAt != nil }
}

extension NappyChange: SoftDeletedRecord {
    static var entity: WardEntity { .nappyChange }
}

extension Patient: SoftDeletedRecord {
    static var entity: WardEntity { .patient }
}

extension Staff: AuditedRecord {
    static var entity: WardEntity { .staff }
    mutating func retire(at date: Date) { active = false }
    var isHidden: Bool { !active }
}

extension Medication: SoftDeletedRecord {
    static var entity: WardEntity { .medication }
}

extension DoseRecord: SoftDeletedRecord {
    static var entity: WardEntity { .doseRecord }
}

extension AsNeededDose: SoftDeletedRecord {
    static var entity: WardEntity { .asNeededDose }
}

extension Feed: SoftDeletedRecord {
    static var entity: WardEntity { .feed }
}

extension MeasurementRecord: SoftDeletedRecord {
    static var entity: WardEntity { .measurement }
}

/// Writes audit rows; always called inside the transaction of the change it records, on either
/// engine.
enum AuditTrail {
    /// The row of kind `R` inserted in this transaction with id `id`, read back, with its `create`
    /// audit row: how every insert of an audited record ends.
    static func created<R: AuditedRecord>(_ type: R.Type, _ db: some SQLConnection, id: Int64, by staffId: Int64?,
                                          at date: Date) throws -> Audited<R> {
        guard let record = try db.fetchRecord(R.self, id: id) else {
            throw WardStoreError("\(R.entity.rawValue) \(id) was not found after it was inserted")
        }
        let auditId = try Self.record(db, action: .create, before: nil, after: record, by: staffId, at: date)
        return Audited(record: record, auditEntryId: auditId)
    }

    @discardableResult
    static func record<R: AuditedRecord>(_ db: some SQLConnection, action: AuditAction, before: R?, after: R?,
                                         by staffId: Int64?, at date: Date) throws -> Int64 {
        guard let entityId = after?.id ?? before?.id else { throw WardStoreError("audit entry without a record") }
        return try record(db, action: action, entity: R.entity, entityId: entityId,
                          beforeJSON: before.map(AuditJSON.encode), afterJSON: after.map(AuditJSON.encode),
                          by: staffId, at: date)
    }

    @discardableResult
    static func record(_ db: some SQLConnection, action: AuditAction, entity: WardEntity, entityId: Int64,
                       beforeJSON: String?, afterJSON: String?, by staffId: Int64?, at date: Date) throws -> Int64 {
        try db.insertReturningId("""
            INSERT INTO audit_entry (at, staffId, action, entity, entityId, beforeJSON, afterJSON)
            VALUES (\(date), \(staffId), \(action), \(entity), \(entityId), \(beforeJSON), \(afterJSON))
            RETURNING id
            """)
    }

    /// Takes back one audited write (see `WardRepository.undo`). Returns the new audit entry id.
    static func undo<R: AuditedRecord>(_ entry: AuditEntry, as type: R.Type, db: some SQLConnection,
                                       by staffId: Int64?, at date: Date) throws -> Int64 {
        guard var current = try db.fetchRecord(R.self, id: entry.entityId) else {
            throw WardStoreError("cannot undo: \(R.entity.rawValue) \(entry.entityId) no longer exists")
        }
        if let afterJSON = entry.afterJSON {
            let after = try AuditJSON.decode(R.self, from: afterJSON)
            guard after == current else {
                throw WardStoreError("cannot undo: \(R.entity.rawValue) \(entry.entityId) was changed again since; undo the later change first")
            }
        }
        let before = current
        let action: AuditAction
        if let beforeJSON = entry.beforeJSON {
            current = try AuditJSON.decode(R.self, from: beforeJSON)
            action = before.isHidden && !current.isHidden ? .restore : .revert
        } else {
            current.retire(at: date)
            action = .delete
        }
        current.updatedAt = date
        do {
            try db.update(current)
        } catch let error as SQLEngineError where error.kind == .constraint {
            throw WardStoreError("cannot undo: \(R.entity.rawValue) \(entry.entityId) would clash with a record in use now "
                                 + "(bed label of an admitted patient, or initials of active staff)")
        }
        return try record(db, action: action, before: before, after: current, by: staffId, at: date)
    }
}
