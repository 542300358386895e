import Foundation
import GRDB

extension SQLiteWardStore {
    public func activeStaff() async throws -> [Staff] {
        try await pool.read { db in
            try Staff.filter(Staff.Columns.active == true).order(Staff.Columns.name.collating(.nocase)).fetchAll(db)
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

    public func addStaff(_ draft: StaffDraft, by: Int64?) async throws -> Audited<Staff> {
        let now = self.now
        let result = try await pool.write { db -> Audited<Staff> in
            let used = try String.fetchAll(db, sql: "SELECT initials FROM staff WHERE active = 1")
            let issues = WardValidation.staff(draft, activeInitials: used)
            guard issues.isEmpty else { throw WardValidationError(issues) }
            try db.execute(sql: """
                INSERT INTO staff (name, initials, role, active, createdAt, updatedAt)
                VALUES (?, ?, ?, 1, ?, ?)
                """, arguments: [draft.name.trimmingCharacters(in: .whitespaces),
                                 draft.initials.trimmingCharacters(in: .whitespaces).uppercased(),
                                 draft.role, StoredTime.milliseconds(now), StoredTime.milliseconds(now)])
            let staff = try Staff.fetchOne(db, key: db.lastInsertedRowID)!
            let auditId = try AuditTrail.record(db, action: .create, before: nil as Staff?, after: staff, by: by ?? staff.id, at: now)
            return Audited(record: staff, auditEntryId: auditId)
        }
        publish([.staff])
        return result
    }
}
