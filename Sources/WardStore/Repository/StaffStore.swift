import Foundation

/// The ward's staff: who may sign in and whose initials go on each record. Part of
/// `WardRepository`: async calls; each write is one transaction with its audit row.
public protocol StaffStore: Sendable {
    func activeStaff() async throws -> [Staff]
    /// Every member for the Staff screen: active first, then inactive ones when asked; each
    /// group by name.
    func staffList(includingInactive: Bool) async throws -> [Staff]
    func staff(id: Int64) async throws -> Staff?
    /// Active staff member with these initials (case-insensitive).
    func staff(initials: String) async throws -> Staff?
    /// The first member of a ward with no active staff becomes its ward admin and needs no
    /// author; after that only a ward admin adds staff (`WardPermission.manageStaff`).
    func addStaff(_ draft: StaffDraft, by: Int64?) async throws -> Audited<Staff>
    /// Name, initials and role (the ward admin flag changes only through `setWardAdmin`).
    func updateStaff(id: Int64, _ draft: StaffDraft, by: Int64?) async throws -> Audited<Staff>
    /// Hides a staff member from the picker (rows they recorded keep their id); undo reactivates.
    func deactivateStaff(id: Int64, by: Int64?) async throws -> Audited<Staff>
}
