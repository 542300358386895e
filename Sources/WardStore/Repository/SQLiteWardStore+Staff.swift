import Foundation
import GRDB

extension SQLiteWardStore {
    public func activeStaff() async throws -> [Staff] {
        try await pool.read { db in
            try Staff.filter(Staff.Columns.active == true).order(Staff.Columns.name.collating(.nocase)).fetchAll(db)
        }
    }

    public func staffList(includingInactive: Bool) async throws -> [Staff] {
        try await pool.read { db in
            var request = Staff.order(Staff.Columns.active.desc, Staff.Columns.name.collating(.nocase), Staff.Columns.id)
            if !includingInactive { request = request.filter(Staff.Columns.active == true) }
            return try request.fetchAll(db)
        }
    }

    public func staff(id: Int64) async throws -> Staff? {
        try await pool.read { db in try Staff.fetchOne(db, key: id) }
    }

    public func staff(initials: String) async throws -> Staff? {
        let key = initials.trimmingCharacters(in: .whitespaces)
        return try await pool.read { db in
            try Staff.fetchOne(db, sql: "SELECT * FROM staff WHERE active = 1 AND initials = ? COLLATE NOCASE",
                               arguments: [key])
        }
    }

    /// The first member of a ward with no active staff needs no author and becomes its ward
    /// admin; after that only a ward admin adds staff.
    public func addStaff(_ draft: StaffDraft, by: Int64?) async throws -> Audited<Staff> {
        let now = self.now
        let noActiveStaff: @Sendable (Database) throws -> Bool = { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM staff WHERE active = 1") == 0
        }
        let result = try await permittedWrite(.manageStaff, by: by, exempt: noActiveStaff) { db -> Audited<Staff> in
            let used = try String.fetchAll(db, sql: "SELECT initials FROM staff WHERE active = 1")
            let issues = WardValidation.staff(draft, activeInitials: used)
            guard issues.isEmpty else { throw WardValidationError(issues) }
            let admin = draft.isWardAdmin || used.isEmpty
            try db.execute(sql: """
                INSERT INTO staff (name, initials, role, active, isWardAdmin, createdAt, updatedAt)
                VALUES (?, ?, ?, 1, ?, ?, ?)
                """, arguments: [draft.name.trimmingCharacters(in: .whitespaces),
                                 draft.initials.trimmingCharacters(in: .whitespaces).uppercased(),
                                 draft.role, admin, StoredTime.milliseconds(now), StoredTime.milliseconds(now)])
            let staff = try Staff.fetchOne(db, key: db.lastInsertedRowID)!
            let auditId = try AuditTrail.record(db, action: .create, before: nil as Staff?, after: staff, by: by ?? staff.id, at: now)
            return Audited(record: staff, auditEntryId: auditId)
        }
        publish([.staff])
        return result
    }

    public func updateStaff(id: Int64, _ draft: StaffDraft, by: Int64?) async throws -> Audited<Staff> {
        let now = self.now
        let result = try await permittedWrite(.manageStaff, by: by) { db -> Audited<Staff> in
            guard let before = try Staff.fetchOne(db, key: id) else { throw WardStoreError("no staff member with id \(id)") }
            let used = try String.fetchAll(db, sql: "SELECT initials FROM staff WHERE active = 1 AND id != ?", arguments: [id])
            let issues = WardValidation.staff(draft, activeInitials: before.active ? used : [])
            guard issues.isEmpty else { throw WardValidationError(issues) }
            var after = before
            after.name = draft.name.trimmingCharacters(in: .whitespaces)
            after.initials = draft.initials.trimmingCharacters(in: .whitespaces).uppercased()
            after.role = draft.role
            after.updatedAt = now
            try after.update(db)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.staff])
        return result
    }

    public func deactivateStaff(id: Int64, by: Int64?) async throws -> Audited<Staff> {
        let now = self.now
        let result = try await permittedWrite(.manageStaff, by: by) { db -> Audited<Staff> in
            guard let before = try Staff.fetchOne(db, key: id) else { throw WardStoreError("no staff member with id \(id)") }
            guard before.active else { throw WardStoreError("\(before.name) is already inactive") }
            if before.isWardAdmin { try Self.keepOneAdmin(besides: before, db) }
            var after = before
            after.active = false
            after.updatedAt = now
            try after.update(db)
            let auditId = try AuditTrail.record(db, action: .delete, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.staff])
        return result
    }

    /// A ward keeps at least one active ward admin (or nobody could manage it again).
    static func keepOneAdmin(besides member: Staff, _ db: Database) throws {
        let others = try Int.fetchOne(db, sql: "SELECT count(*) FROM staff WHERE active = 1 AND isWardAdmin = 1 AND id != ?",
                                      arguments: [member.id]) ?? 0
        if others == 0 {
            throw WardStoreError("\(member.initials) is the ward's only ward admin; make someone else a ward admin first")
        }
    }
}
