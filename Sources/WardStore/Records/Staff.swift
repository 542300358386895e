import Foundation
import GRDB

/// A member of staff who can be "at the keyboard". Their PIN lives apart, in
/// `staff_credential` (never in this record, so never in an audit image or an export).
public struct Staff: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "staff"

    public var id: Int64
    public var name: String
    /// 1–4 letters, unique (case-insensitive) among active staff.
    public var initials: String
    public var role: StaffRole
    public var active: Bool
    /// May manage staff, change ward settings, restore and erase (`WardPermission`), beside the
    /// clinical role. The first member added to an empty ward is one.
    public var isWardAdmin: Bool
    /// Unused (the idle lock is the ward setting `idle_lock_minutes`); kept for the export format.
    public var autoLockMinutes: Int?
    /// True for rows made by the demo generator.
    public var isDemo: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let name = Column(CodingKeys.name)
        public static let initials = Column(CodingKeys.initials)
        public static let role = Column(CodingKeys.role)
        public static let active = Column(CodingKeys.active)
        public static let isWardAdmin = Column(CodingKeys.isWardAdmin)
        public static let isDemo = Column(CodingKeys.isDemo)
    }
}

/// What a person types to add a staff member.
public struct StaffDraft: Sendable, Hashable, Codable {
    public var name: String
    public var initials: String
    public var role: StaffRole
    public var isWardAdmin: Bool

    public init(name: String, initials: String, role: StaffRole, isWardAdmin: Bool = false) {
        self.name = name
        self.initials = initials
        self.role = role
        self.isWardAdmin = isWardAdmin
    }
}
