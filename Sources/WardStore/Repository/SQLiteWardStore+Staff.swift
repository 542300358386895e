import Foundation
import WardSQL

extension SQLiteWardStore {
    public func activeStaff() async throws -> [Staff] {
        try await database.read { db in
            try db.fetchRecords(Staff.self, "SELECT * FROM staff WHERE active = TRUE ORDER BY lower(name)")
        }
    }

    public func staffList(includingInactive: Bool) async throws -> [Staff] {
        try await database.read { db in
            let activeOnly: SQLQuery = includingInactive ? "" : "WHERE active = TRUE"
            return try db.fetchRecords(Staff.self, "SELECT * FROM staff \(sql: activeOnly) ORDER BY active DESC, lower(name), id")
        }
    }

    public func staff(id: Int64) async throws -> Staff? {
        try await database.read { db in try db.fetchRecord(Staff.self, id: id) }
    }

    public func staff(initials: String) async throws -> Staff? {
        let key = initials.trimmingCharacters(in: .whitespaces)
        return try await database.read { db in
            try db.fetchRecord(Staff.self, "SELECT * FROM staff WHERE active = TRUE AND lower(initials) = lower(\(key)) LIMIT 1")
        }
    }

    /// The first member of a ward with no active staff needs no author and becomes its ward
    /// admin; after that only a ward admin adds staff.
    public func addStaff(_ draft: StaffDraft, by: Int64?) async throws -> Audited<Staff> {
        let now = self.now
        let result = try await permittedWrite(.manageStaff, by: by, exempt: { db in
            try db.fetchValue("SELECT count(*) FROM staff WHERE active = TRUE", as: Int.self) == 0
        }) { db -> Audited<Staff> in
            let used = try Self.activeInitials(except: nil, db)
            let issues = WardValidation.staff(draft, activeInitials: used)
            guard issues.isEmpty else { throw WardValidationError(issues) }
            let admin = draft.isWardAdmin || used.isEmpty
            let id = try db.insertReturningId("""
                INSERT INTO staff (name, initials, role, active, isWardAdmin, createdAt, updatedAt)
                VALUES (\(draft.name.trimmingCharacters(in: .whitespaces)),
                    \(draft.initials.trimmingCharacters(in: .whitespaces).uppercased()), \(draft.role), TRUE, \(admin), \(now), \(now))
                RETURNING id
                """)
            guard let staff = try db.fetchRecord(Staff.self, id: id) else { throw WardStoreError("staff member \(id) was not stored") }
            let auditId = try AuditTrail.record(db, action: .create, before: nil as Staff?, after: staff, by: by ?? staff.id, at: now)
            return Audited(record: staff, auditEntryId: auditId)
        }
        publish([.staff])
        return result
    }

    public func updateStaff(id: Int64, _ draft: StaffDraft, by: Int64?) async throws -> Audited<Staff> {
        let now = self.now
        let result = try await permittedWrite(.manageStaff, by: by) { db -> Audited<Staff> in
            guard let before = try db.fetchRecord(Staff.self, id: id) else { throw WardStoreError("no staff member with id \(id)") }
            let used = try Self.activeInitials(except: id, db)
            let issues = WardValidation.staff(draft, activeInitials: before.active ? used : [])
            guard issues.isEmpty else { throw WardValidationError(issues) }
            var after = before
            after.name = draft.name.trimmingCharacters(in: .whitespaces)
            after.initials = draft.initials.trimmingCharacters(in: .whitespaces).uppercased()
            after.role = draft.role
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.staff])
        return result
    }

    public func deactivateStaff(id: Int64, by: Int64?) async throws -> Audited<Staff> {
        let now = self.now
        let result = try await permittedWrite(.manageStaff, by: by) { db -> Audited<Staff> in
            guard let before = try db.fetchRecord(Staff.self, id: id) else { throw WardStoreError("no staff member with id \(id)") }
            guard before.active else { throw WardStoreError("\(before.name) is already inactive") }
            if before.isWardAdmin { try Self.keepOneAdmin(besides: before, db) }
            var after = before
            after.active = false
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .delete, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.staff])
        return result
    }

    /// A ward keeps at least one active ward admin (or nobody could manage it again).
    static func keepOneAdmin(besides member: Staff, _ db: some SQLConnection) throws {
        let others = try db.fetchValue("""
            SELECT count(*) FROM staff WHERE active = TRUE AND isWardAdmin = TRUE AND id <> \(member.id)
            """, as: Int.self) ?? 0
        if others == 0 {
            throw WardStoreError("\(member.initials) is the ward's only ward admin; make someone else a ward admin first")
        }
    }

    /// The initials of the active staff (but `except`), which a new or edited member's must not repeat.
    static func activeInitials(except id: Int64?, _ db: some SQLConnection) throws -> [String] {
        var other: SQLQuery = ""
        if let id { other = "AND id <> \(id)" }
        return try db.fetchAll("SELECT initials FROM staff WHERE active = TRUE \(sql: other)").map {
            try $0.column("initials", as: String.self)
        }
    }
}
