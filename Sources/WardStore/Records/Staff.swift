import Foundation
import GRDB

/// A member of staff who can be "at the keyboard". PIN and auto-lock columns exist (nullable)
/// so the later PIN issue needs no table rewrite.
public struct Staff: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "staff"

    public var id: Int64
    public var name: String
    /// 1–4 letters, unique (case-insensitive) among active staff.
    public var initials: String
    public var role: StaffRole
    public var active: Bool
    /// Reserved for the PIN issue: hash and salt of the staff PIN (nil = no PIN set).
    public var pinHash: Data?
    public var pinSalt: Data?
    /// Reserved for the PIN issue: minutes of inactivity before the screen locks (nil = ward default).
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
        public static let isDemo = Column(CodingKeys.isDemo)
    }
}

/// What a person types to add a staff member.
public struct StaffDraft: Sendable, Hashable, Codable {
    public var name: String
    public var initials: String
    public var role: StaffRole

    public init(name: String, initials: String, role: StaffRole) {
        self.name = name
        self.initials = initials
        self.role = role
    }
}
