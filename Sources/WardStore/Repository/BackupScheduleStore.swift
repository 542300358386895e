import Foundation

/// Automatic backups' shared bookkeeping (`backup_schedule`): a lease so one workstation at a
/// time takes the backup, and the last backup and failure every workstation shows. Part of
/// `WardRepository`. The backup itself is `WardDatabaseStore.backup(to:)`. Bookkeeping, not a
/// record of care: these writes carry no audit row.
public protocol BackupScheduleStore: Sendable {
    func backupRecord() async throws -> BackupRecord
    /// Takes the lease for `holder` when a backup is due at `now` (`BackupSchedule.isDue` on the
    /// stored times) and no other holder's lease is still fresh; true when this holder may back up.
    func claimBackup(holder: String, now: Date, everyHours: Int) async throws -> Bool
    /// Releases `holder`'s lease and records how the attempt ended.
    func finishBackup(holder: String, _ outcome: BackupOutcome, at: Date) async throws -> BackupRecord
}
