import Foundation

/// The audit trail and undo. Every write of every other concern leaves an audit entry in its own
/// transaction; this reads them back and takes writes back. Part of `WardRepository`: async calls;
/// an undo is one transaction for all its entries.
public protocol AuditStore: Sendable {
    /// Takes back the writes described by these audit entries, newest first, in one transaction:
    /// a create is soft-deleted, anything else gets its before-image back (a delete is thus
    /// restored). Refused if the record changed since. Returns the new audit entries.
    func undo(auditEntryIds: [Int64], by: Int64?) async throws -> [AuditEntry]
    func auditEntries(entity: WardEntity, entityId: Int64) async throws -> [AuditEntry]
    /// The trail newest first, a page at a time: entries matching `filter` older than the entry
    /// `olderThan` (nil: from the newest), at most `limit`. Reads through indexes (one record,
    /// patient link, staff, time; see `AuditTrailQuery`), so a page costs the same on a million
    /// entries (an action alone walks back by id until the page is full).
    func auditTrail(_ filter: AuditFilter, olderThan: Int64?, limit: Int) async throws -> [AuditTrailRow]
    /// Every bed label a patient record has (discharged and removed patients too), sorted: the
    /// beds a trail filter may name (`AuditFilter.bedLabel`), so a bed no one was in is refused.
    func auditTrailBeds() async throws -> [String]
}

/// Which audit entries to read; every field is optional and all that are given must match.
public struct AuditFilter: Sendable, Hashable {
    /// Entries about these patients' records (the patient, their nappies, doses, goals, …).
    public var patientIds: [Int64]?
    /// Entries about any patient who was ever in this bed.
    public var bedLabel: String?
    /// Entries made by this member (sign-ins, refusals and PIN events are the member's own).
    public var staffId: Int64?
    public var actions: Set<AuditAction>?
    /// One record's trail: its entity, and its id when given.
    public var entity: WardEntity?
    public var entityId: Int64?
    /// From `since` (inclusive) to `until` (exclusive).
    public var since: Date?
    public var until: Date?

    public init(patientIds: [Int64]? = nil, bedLabel: String? = nil, staffId: Int64? = nil,
                actions: Set<AuditAction>? = nil, entity: WardEntity? = nil, entityId: Int64? = nil,
                since: Date? = nil, until: Date? = nil) {
        self.patientIds = patientIds
        self.bedLabel = bedLabel
        self.staffId = staffId
        self.actions = actions
        self.entity = entity
        self.entityId = entityId
        self.since = since
        self.until = until
    }
}

/// One audit entry as the trail shows it: who (by initials and name, inactive staff too) and
/// which patient it is about (their bed and name while the patient record exists; nil once erased).
public struct AuditTrailRow: Sendable, Hashable {
    public let entry: AuditEntry
    public let staffInitials: String?
    public let staffName: String?
    public let patientId: Int64?
    public let patientBed: String?
    public let patientName: String?

    public init(entry: AuditEntry, staffInitials: String?, staffName: String?, patientId: Int64?,
                patientBed: String? = nil, patientName: String? = nil) {
        self.entry = entry
        self.staffInitials = staffInitials
        self.staffName = staffName
        self.patientId = patientId
        self.patientBed = patientBed
        self.patientName = patientName
    }
}
