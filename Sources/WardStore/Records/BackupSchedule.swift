import Foundation

/// When an automatic backup is due: a pure function of the last backup, the last failure, the
/// clock and the ward's settings, so the schedule is tested with any clock.
public enum BackupSchedule {
    /// How long a failed attempt waits before the next, so a full disk is not retried each minute.
    public static let retryAfterFailure: TimeInterval = 15 * 60
    /// A lease older than this is stale (its workstation died mid-backup) and may be taken over.
    public static let leaseTimeout: TimeInterval = 30 * 60

    /// Due when automatic backups are on (`backupEveryHours` > 0), there has been none or the
    /// last is at least that many hours old, and no attempt failed in the last 15 minutes.
    public static func isDue(lastBackup: Date?, lastFailure: Date?, now: Date, everyHours: Int) -> Bool {
        guard everyHours > 0 else { return false }
        if let lastFailure, let lastBackup, lastFailure < lastBackup {
            // An old failure, already followed by a success, does not hold anything back.
        } else if let lastFailure, now.timeIntervalSince(lastFailure) < retryAfterFailure, now >= lastFailure {
            return false
        }
        guard let lastBackup else { return true }
        // A last backup "in the future" (a clock set back) counts as due rather than never.
        return now.timeIntervalSince(lastBackup) >= Double(everyHours) * 3600 || now < lastBackup
    }
}

/// The ward's automatic-backup bookkeeping (`backup_schedule`): the last backup, the last failure.
public struct BackupRecord: Sendable, Hashable {
    public var lastBackupAt: Date?
    public var lastBackupPath: String?
    public var lastBackupBytes: Int?
    public var lastFailureAt: Date?
    public var lastFailure: String?

    public init(lastBackupAt: Date? = nil, lastBackupPath: String? = nil, lastBackupBytes: Int? = nil,
                lastFailureAt: Date? = nil, lastFailure: String? = nil) {
        self.lastBackupAt = lastBackupAt
        self.lastBackupPath = lastBackupPath
        self.lastBackupBytes = lastBackupBytes
        self.lastFailureAt = lastFailureAt
        self.lastFailure = lastFailure
    }

    /// The failure to show: one not followed by a successful backup (at the same time or later).
    public var standingFailure: String? {
        guard let lastFailureAt, let lastFailure else { return nil }
        if let lastBackupAt, lastBackupAt >= lastFailureAt { return nil }
        return lastFailure
    }

    public func isDue(now: Date, everyHours: Int) -> Bool {
        BackupSchedule.isDue(lastBackup: lastBackupAt, lastFailure: lastFailureAt, now: now, everyHours: everyHours)
    }
}

/// How an automatic backup attempt ended, for `BackupScheduleStore.finishBackup`.
public enum BackupOutcome: Sendable, Hashable {
    case succeeded(path: String, bytes: Int)
    case failed(String)
}
