import Foundation
import GRDB

/// The automatic backups' lease and record, one row of `backup_schedule`. Claiming is one write
/// transaction (SQLite's writer lock makes it exclusive across processes): it checks due-ness
/// against the stored times and that no other workstation holds a lease younger than
/// `BackupSchedule.leaseTimeout`, then takes it. Runs on the store actor; no audit rows (not a
/// record of care); other workstations read the record on their own minute checks.
extension SQLiteWardStore {
    public func backupRecord() async throws -> BackupRecord {
        try await pool.read { db in try Self.backupRecord(db) }
    }

    public func claimBackup(holder: String, now: Date, everyHours: Int) async throws -> Bool {
        try await pool.write { db in
            let row = try Row.fetchOne(db, sql: "SELECT leaseHolder, leaseUntil FROM backup_schedule WHERE id = 1")
            let leaseHolder: String? = row?["leaseHolder"]
            let leaseUntil: Date? = row?["leaseUntil"]
            if let leaseHolder, leaseHolder != holder, let leaseUntil, leaseUntil > now { return false }
            guard try Self.backupRecord(db).isDue(now: now, everyHours: everyHours) else { return false }
            try db.execute(sql: """
                INSERT INTO backup_schedule (id, leaseHolder, leaseUntil) VALUES (1, ?, ?)
                ON CONFLICT (id) DO UPDATE SET leaseHolder = excluded.leaseHolder, leaseUntil = excluded.leaseUntil
                """, arguments: [holder, now.addingTimeInterval(BackupSchedule.leaseTimeout)])
            return true
        }
    }

    public func finishBackup(holder: String, _ outcome: BackupOutcome, at: Date) async throws -> BackupRecord {
        try await pool.write { db -> BackupRecord in
            try db.execute(sql: "UPDATE backup_schedule SET leaseHolder = NULL, leaseUntil = NULL WHERE id = 1 AND leaseHolder = ?",
                           arguments: [holder])
            switch outcome {
            case .succeeded(let path, let bytes):
                try db.execute(sql: "UPDATE backup_schedule SET lastBackupAt = ?, lastBackupPath = ?, lastBackupBytes = ? WHERE id = 1",
                               arguments: [at, path, bytes])
            case .failed(let message):
                try db.execute(sql: "UPDATE backup_schedule SET lastFailureAt = ?, lastFailure = ? WHERE id = 1",
                               arguments: [at, message])
            }
            return try Self.backupRecord(db)
        }
    }

    static func backupRecord(_ db: Database) throws -> BackupRecord {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM backup_schedule WHERE id = 1") else { return BackupRecord() }
        return BackupRecord(lastBackupAt: row["lastBackupAt"], lastBackupPath: row["lastBackupPath"],
                            lastBackupBytes: row["lastBackupBytes"], lastFailureAt: row["lastFailureAt"],
                            lastFailure: row["lastFailure"])
    }
}
