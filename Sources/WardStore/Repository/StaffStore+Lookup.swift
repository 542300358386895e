import Foundation

extension StaffStore {
    /// The member with these initials for reading the record: the active one, else a departed
    /// member who had them (their entries stay theirs). Initials are unique only among active
    /// staff, so of several departed members the one listed last is taken.
    public func anyMember(initials: String) async throws -> Staff? {
        if let active = try await staff(initials: initials) { return active }
        let key = initials.trimmingCharacters(in: .whitespaces)
        return try await staffList(includingInactive: true)
            .last { !$0.active && $0.initials.caseInsensitiveCompare(key) == .orderedSame }
    }
}
