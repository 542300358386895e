import Foundation
import GRDB

/// What an audited write did.
public enum AuditAction: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case create, update, delete, restore, discharge
    /// An edit undone: the before-image written back.
    case revert
    /// Bulk rows written by the demo generator (one entry per generation, not per row).
    case demoGenerate
    /// A patient's data erased on request: the after-image holds only the counts removed by kind.
    case erase
    /// Records loaded from an export (`cotside import`; one entry per import, with the counts).
    case imported
    /// Who is at the keyboard (entity `staff`, the member's id; no images): signed in or out,
    /// locked the screen or unlocked it with the PIN.
    case signIn, signOut, lock, unlock
    /// A wrong PIN (the after-image says how many in a row); `lockedOut` when it was the fifth.
    case pinFailed, lockedOut
    /// A PIN set by its member, or reset by a ward admin (never the PIN, never its hash).
    case pinSet, pinReset
    /// A member asked for what their role does not allow (the after-image names the permission).
    case refused
    /// The whole ward replaced by a backup (`cotside restore`): written into the restored ward
    /// before it is put in place, naming the backup, where the old ward was kept and who did it.
    case wardRestored

    /// Actions that change a record (and may be undone); the others only say who did what.
    public var changesRecord: Bool {
        switch self {
        case .signIn, .signOut, .lock, .unlock, .pinFailed, .lockedOut, .pinSet, .pinReset, .refused: return false
        case .create, .update, .delete, .restore, .discharge, .revert, .demoGenerate, .erase, .imported, .wardRestored:
            return true
        }
    }
}

/// Which table an audit entry (or a change notification) is about.
public enum WardEntity: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case staff, patient, nappyChange, setting
    case medication, doseRecord, asNeededDose, feed, measurement, measurementGoal
    case calculatorResult, strokeAssessment, strokeCentreList
}

/// One row of the audit trail, written in the same transaction as the change it describes.
/// `beforeJSON` / `afterJSON` hold the whole record (JSON, dates as Unix milliseconds).
public struct AuditEntry: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "audit_entry"

    public var id: Int64
    public var at: Date
    public var staffId: Int64?
    public var action: AuditAction
    public var entity: WardEntity
    public var entityId: Int64
    public var beforeJSON: String?
    public var afterJSON: String?

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let entity = Column(CodingKeys.entity)
        public static let entityId = Column(CodingKeys.entityId)
    }
}

/// A record returned by a write, with the id of the audit entry that describes the write
/// (pass it to `undo` to take the write back).
public struct Audited<Record: Sendable & Hashable>: Sendable, Hashable {
    public let record: Record
    public let auditEntryId: Int64

    public init(record: Record, auditEntryId: Int64) {
        self.record = record
        self.auditEntryId = auditEntryId
    }
}
