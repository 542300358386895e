import Foundation
import TerminalUI
import WardStore

/// The ward's automatic backups, whatever screen is in front. Once a minute (first a few
/// seconds after start, so the first frame is not slowed) a tick asks the store whether a
/// backup is due (`BackupSchedule`, on the ward's shared record); when it is, and this
/// workstation wins the lease, the backup runs in the command, off the main actor, into the
/// backup folder, which is then pruned to `backup_keep`. The record comes back for the About
/// screen and the status line (a standing failure shows until a backup succeeds).
@MainActor
final class AutomaticBackup: CommandScreen {
    /// This process among the ward's workstations, for the lease.
    let holder = "\(ProcessInfo.processInfo.hostName) pid \(getpid()) \(UUID().uuidString.prefix(8))"
    /// Ticks to wait before the first check.
    static let ticksBeforeFirstCheck = 5
    private var ticks = 0
    private var refresh = ClockRefresh()
    private var running = false

    func tick(_ context: AppContext) -> Intent {
        ticks += 1
        guard !running, ticks >= Self.ticksBeforeFirstCheck,
              ticks == Self.ticksBeforeFirstCheck || refresh.isDue(at: context.clock.now) else { return .ignored }
        return check(context)
    }

    /// Reads the record and, when due, takes the backup.
    /// A ward on a server has no file to copy: the server is backed up with pg_dump.
    func check(_ context: AppContext) -> Intent {
        guard let repository = context.repository, !repository.isOnServer else { return .ignored }
        let now = context.clock.now
        refresh.requested(at: now)
        running = true
        let (holder, folder, writable) = (holder, context.paths.backups, context.readOnlyReason == nil)
        let (every, keep) = (context.wardSettings.backupEveryHours, context.wardSettings.backupKeep)
        return command("backup") { repository in
            try await Self.run(repository, holder: holder, folder: folder, writable: writable, every: every, keep: keep, now: now)
        }
    }

    /// A failed read says nothing (the next minute tries again); a failed backup is in the record.
    func failed(_ error: Error, _ context: AppContext) -> Intent {
        running = false
        return .handled
    }

    func update(_ record: BackupRecord, _ context: AppContext) -> Intent {
        running = false
        let before = context.backupRecord
        var intents: [Intent] = [.session(.backupRecord(record))]
        if let failure = record.standingFailure, record.lastFailureAt != before?.lastFailureAt {
            intents.append(.message(.error(context.t("backup.failed", failure))))
        }
        return .all(intents)
    }

    /// A backup now, asked for from the palette: the same checked copy into the same folder, as
    /// a write (it needs someone signed in; its result is never dropped), outside the schedule.
    func backUpNow(_ context: AppContext) -> Intent {
        let folder = context.paths.backups
        let now = context.clock.now
        let localizer = context.localizer
        let format = context.format
        return .write(WardWrite(undoSummary: nil) { repository in
            let backup = try await AutomaticBackup.takeBackup(repository, into: folder, at: now, priority: .userInitiated)
            let size = format.fixed(Double(backup.bytes) / 1_048_576, digits: 1) + " MB"
            return WriteReceipt(auditEntryIds: [], message: localizer("backup.done", backup.path, size, backup.patients))
        })
    }

    /// The record, after taking a backup when one is due and this workstation got the lease.
    nonisolated static func run(_ repository: any WardRepository, holder: String, folder: String?, writable: Bool,
                                every: Int, keep: Int, now: Date) async throws -> BackupRecord {
        let record = try await repository.backupRecord()
        guard writable, record.isDue(now: now, everyHours: every),
              try await repository.claimBackup(holder: holder, now: now, everyHours: every) else { return record }
        let outcome: BackupOutcome
        do {
            let backup = try await takeBackup(repository, into: folder, at: now, priority: .background)
            if let folder { BackupPruning.prune(folder: folder, keep: keep) }
            outcome = .succeeded(path: backup.path, bytes: backup.bytes)
        } catch {
            outcome = .failed(WardTask.describe(error))
        }
        return try await repository.finishBackup(holder: holder, outcome, at: now)
    }

    /// One checked backup into the backup folder (made 0700 when missing), under a name no
    /// other backup has, copied on a detached task so no cooperative thread blocks on the file.
    nonisolated static func takeBackup(_ repository: any WardRepository, into folder: String?, at now: Date,
                                       priority: TaskPriority) async throws -> WardBackup {
        guard let folder else { throw WardStoreError("cannot find where to keep backups: HOME is not set") }
        try PrivateFolder.ensure(folder, role: "the backup folder", notAFolder: "the backup folder \(folder) is a file, not a folder")
        let destination = WardDatabaseLocation.freeBackupPath(in: folder, at: now)
        return try await Task.detached(priority: priority) { try repository.backup(to: destination) }.value
    }
}
