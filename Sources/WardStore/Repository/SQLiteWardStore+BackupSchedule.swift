import Foundation
import WardSQL

/// The automatic backups' lease and record, one row of `backup_schedule`. Claiming is one write
/// transaction (SQLite's writer lock makes it exclusive across processes; PostgreSQL's writes are
/// SERIALIZABLE): it checks due-ness against the stored times and that no other workstation holds
/// a lease younger than `BackupSchedule.leaseTimeout`, then takes it. Runs on the store actor; no
/// audit rows (not a record of care); other workstations read the record on their own minute
/// checks. Times are written as Unix milliseconds on both engines (`BackupScheduleTime`).
extension SQLiteWardStore {
    public func backupRecord() async throws -> BackupRecord {
        try await database.read { db in try Self.backupRecord(db) }
    }

    public func claimBackup(holder: String, now: Date, everyHours: Int) async throws -> Bool {
        try await database.write { db in try Self.claimBackup(holder: holder, now: now, everyHours: everyHours, db) }
    }

    public func finishBackup(holder: String, _ outcome: BackupOutcome, at: Date) async throws -> BackupRecord {
        try await database.write { db in try Self.finishBackup(holder: holder, outcome, at: at, db) }
    }

    static func claimBackup(holder: String, now: Date, everyHours: Int, _ db: some SQLConnection) throws -> Bool {
        let row = try db.fetchOne("SELECT leaseHolder, leaseUntil FROM backup_schedule WHERE id = 1")
        let leaseHolder = try row?.decode("leaseHolder", as: String?.self)
        let leaseUntil = try row.flatMap { try BackupScheduleTime.date($0, "leaseUntil") }
        if let leaseHolder, leaseHolder != holder, let leaseUntil, leaseUntil > now { return false }
        guard try backupRecord(db).isDue(now: now, everyHours: everyHours) else { return false }
        try db.execute("""
            INSERT INTO backup_schedule (id, leaseHolder, leaseUntil) VALUES (1, \(holder), \(now.addingTimeInterval(BackupSchedule.leaseTimeout)))
            ON CONFLICT (id) DO UPDATE SET leaseHolder = excluded.leaseHolder, leaseUntil = excluded.leaseUntil
            """)
        return true
    }

    static func finishBackup(holder: String, _ outcome: BackupOutcome, at: Date, _ db: some SQLConnection) throws -> BackupRecord {
        try db.execute("UPDATE backup_schedule SET leaseHolder = NULL, leaseUntil = NULL WHERE id = 1 AND leaseHolder = \(holder)")
        switch outcome {
        case .succeeded(let path, let bytes):
            try db.execute("UPDATE backup_schedule SET lastBackupAt = \(at), lastBackupPath = \(path), lastBackupBytes = \(bytes) WHERE id = 1")
        case .failed(let message):
            try db.execute("UPDATE backup_schedule SET lastFailureAt = \(at), lastFailure = \(message) WHERE id = 1")
        }
        return try backupRecord(db)
    }

    static func backupRecord(_ db: some SQLConnection) throws -> BackupRecord {
        guard let row = try db.fetchOne("SELECT * FROM backup_schedule WHERE id = 1") else { return BackupRecord() }
        return BackupRecord(lastBackupAt: try BackupScheduleTime.date(row, "lastBackupAt"),
                            lastBackupPath: try row.decode("lastBackupPath"),
                            lastBackupBytes: try row.decode("lastBackupBytes"),
                            lastFailureAt: try BackupScheduleTime.date(row, "lastFailureAt"),
                            lastFailure: try row.decode("lastFailure"))
    }
}

/// A time in `backup_schedule`, read in either form it is found in: Unix milliseconds (written
/// by this build on both engines, as every other instant), or the date text GRDB wrote into
/// SQLite's DATETIME columns before (`2026-11-25 08:30:00.000`, UTC). Reading both needs no
/// migration; the text goes away with the next backup or lease.
enum BackupScheduleTime {
    static func date(_ row: SQLRow, _ column: String) throws -> Date? {
        switch row[column] {
        case nil: throw SQLDecodingError(column: column, expected: "a time", found: "no such column")
        case .null?: return nil
        case .text(let text)?:
            guard let date = grdbText(text) else {
                throw SQLDecodingError(column: column, expected: "a time", found: "text that is not a date")
            }
            return date
        case let value?:
            guard let date = Date.fromSQL(value) else {
                throw SQLDecodingError(column: column, expected: "a time", found: value.storageClass)
            }
            return date
        }
    }

    /// GRDB's date text: `YYYY-MM-DD HH:MM[:SS[.SSS]]` (or with a `T`), in UTC.
    static func grdbText(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count == 2 else { return nil }
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        let time = parts[1].split(separator: ":")
        guard day.count == 3, time.count >= 2, let hour = Int(time[0]), let minute = Int(time[1]) else { return nil }
        let seconds = time.count > 2 ? Double(time[2]) : 0
        guard let seconds else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let whole = calendar.date(from: DateComponents(year: day[0], month: day[1], day: day[2],
                                                             hour: hour, minute: minute)) else { return nil }
        return Date(timeIntervalSince1970: ((whole.timeIntervalSince1970 + seconds) * 1000).rounded() / 1000)
    }
}
