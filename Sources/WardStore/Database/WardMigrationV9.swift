import GRDB

extension WardMigrations {
    /// The automatic backups' shared bookkeeping, one row: which workstation holds the lease
    /// (so one at a time takes the backup; a lease past `leaseUntil` is stale and may be taken
    /// over) and the last backup and the last failure, which every workstation's About screen
    /// and status line show. The schedule itself is ward settings (`ward_setting`).
    static let v9BackupSchedule = """
        CREATE TABLE backup_schedule (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            leaseHolder TEXT,
            leaseUntil DATETIME,
            lastBackupAt DATETIME,
            lastBackupPath TEXT,
            lastBackupBytes INTEGER,
            lastFailureAt DATETIME,
            lastFailure TEXT
        );
        INSERT INTO backup_schedule (id) VALUES (1);
        """
}

extension WardMigrations {
    /// PostgreSQL's v9: the times are Unix milliseconds, as every instant on PostgreSQL (SQLite
    /// declares DATETIME, and GRDB writes its own date text there).
    static let v9Postgres: [String] = [
        """
        CREATE TABLE backup_schedule (
            id bigint PRIMARY KEY CHECK (id = 1),
            leaseHolder text,
            leaseUntil bigint,
            lastBackupAt bigint,
            lastBackupPath text,
            lastBackupBytes bigint,
            lastFailureAt bigint,
            lastFailure text
        )
        """,
        "INSERT INTO backup_schedule (id) VALUES (1)",
    ]
}
