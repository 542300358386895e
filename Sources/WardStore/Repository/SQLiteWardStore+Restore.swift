import Foundation
import GRDB

/// Restoring the ward from a backup file.
///
/// Threading and transactions: one actor-isolated call that blocks for its whole length (no
/// suspension point until the new file is open), so no store call of this process uses the old
/// pool meanwhile. The file is first copied beside the ward and checked there
/// (`WardRestoreCandidate`). Then, holding the ward's write lock (an IMMEDIATE transaction on the
/// writer, rolled back at the end) so no process can commit to the old file: the current ward is
/// copied aside with the online backup API (checked, 0600, fsynced, then named
/// `<ward>.before-restore-<UTC time>`), the old file's `-wal` and `-shm` are unlinked (their
/// pages belong to the old file and must never be applied to the new one; processes still
/// holding them keep their own handles) and the checked copy is renamed onto the ward's path —
/// atomic. Processes that had the old file open are refused every commit from then on
/// (`ReplacedFileGuard`) and reopen the new file (`reopenIfReplaced`). Finally this process opens
/// the new file and checkpoints it with TRUNCATE.
extension SQLiteWardStore {
    public func restore(from file: String, by: Int64) async throws -> WardRestoreReport {
        if let reason = access.readOnlyReason { throw WardReadOnlyError(reason: reason) }
        guard try Self.isActiveStaff(by, in: pool) else {
            throw WardStoreError("staff \(by) is not an active staff member; only active staff may restore the ward")
        }
        try await requirePermission(.restoreBackup, by: by)
        // The file itself when the ward's path is a symbolic link: SQLite keeps the log beside
        // it, and the rename must replace it, not the link.
        let ward = (path as NSString).resolvingSymlinksInPath
        let candidate = try WardRestoreCandidate.prepare(file: file, ward: ward)
        defer { WardRestoreCandidate.discard(candidate.path) }
        let aside = ward + ".before-restore-" + Self.restoreStamp(now)
        if FileManager.default.fileExists(atPath: aside) {
            throw WardStoreError("\(aside) already exists (a restore in the same second); try again; nothing was restored")
        }
        try Self.auditRestore(into: candidate.path, from: file, keptAside: aside, by: by, ward: pool, at: now)
        // Folds the log into the old file while nobody holds a read open (best effort), so
        // processes that open the file during the switch find little in a log they cannot see.
        try? pool.checkpoint()
        try Self.switchFiles(ward, to: candidate.path, keepingAside: aside, holdingLockOf: pool)
        try? WardFileSync.sync(WardDatabaseLocation.folder(of: ward))
        reopenIfReplaced()
        if access.readOnlyReason != nil {
            throw WardStoreError("the ward was restored from \(file) (the ward as it was is kept as \(aside)), but this "
                                 + "process could not open the restored file; restart Cotside")
        }
        try? pool.checkpoint()
        publish(Set(WardEntity.allCases))
        return WardRestoreReport(source: file, ward: ward, keptAside: aside, fromSchema: candidate.fromSchema,
                                 schema: WardDatabase.schemaVersion, patients: candidate.patients)
    }

    /// The restore's own audit entry, written into the prepared copy before it is put in place, so
    /// the restored ward says it was restored (the backup's trail ends before it). The member is
    /// named in words; their id is the restored ward's member with the same initials, if active
    /// there (ids in a backup may belong to someone else), else none.
    private static func auditRestore(into copy: String, from file: String, keptAside aside: String, by: Int64,
                                     ward: WardPool, at date: Date) throws {
        guard let member = try ward.read({ db in try Staff.fetchOne(db, key: by) }) else { return }
        let queue = try DatabaseQueue(path: copy)
        try queue.write { db in
            let there = try Int64.fetchOne(db, sql: "SELECT id FROM staff WHERE active = 1 AND initials = ? COLLATE NOCASE",
                                           arguments: [member.initials])
            let note = ["from": file, "keptAside": aside, "by": "\(member.initials) \(member.name)"]
            try AuditTrail.record(db, action: .wardRestored, entity: .setting, entityId: 0, beforeJSON: nil,
                                  afterJSON: try AuditJSON.encode(note), by: there, at: date)
        }
        // The copy is renamed into place alone: nothing may stay behind in a log beside it.
        _ = try queue.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try queue.close()
    }

    private static func isActiveStaff(_ id: Int64, in pool: WardPool) throws -> Bool {
        try pool.read { db in try Bool.fetchOne(db, sql: "SELECT active FROM staff WHERE id = ?", arguments: [id]) } == true
    }

    /// Under the write lock: the ward copied aside, its log and index unlinked, the copy renamed in.
    private static func switchFiles(_ ward: String, to copy: String, keepingAside aside: String, holdingLockOf pool: WardPool) throws {
        try pool.database.writeWithoutTransaction { db in
            var renameFailure: String?
            try db.inTransaction(.immediate) {
                try keepAside(ward, at: aside)
                for suffix in ["-wal", "-shm"] { unlink(ward + suffix) }
                if rename(copy, ward) != 0 { renameFailure = String(cString: strerror(errno)).lowercased() }
                return .rollback
            }
            if let renameFailure {
                // The old file stays; this connection still holds its (unlinked) log: fold it in.
                _ = try? db.checkpoint(.truncate)
                throw WardStoreError("cannot put the restored file in place at \(ward): \(renameFailure); the ward was not replaced")
            }
        }
    }

    /// "20261125T231500Z": the UTC time in a file name (the backups' own form).
    static func restoreStamp(_ date: Date) -> String {
        ISO8601DateFormatter.string(from: date, timeZone: TimeZone(identifier: "UTC")!,
                                    formatOptions: [.withFullDate, .withTime, .withTimeZone])
            .replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "-", with: "")
    }

    /// A consistent copy of the ward as it is now (the caller holds the write lock, so that is
    /// every committed write), written under a temporary name, checked and only then named `aside`.
    private static func keepAside(_ ward: String, at aside: String) throws {
        var readOnly = Configuration()
        readOnly.readonly = true
        let source = try DatabaseQueue(path: ward, configuration: readOnly)
        defer { try? source.close() }
        do {
            _ = try CheckedWardCopy.write(from: source, to: aside)
        } catch CheckedWardCopy.Failure.cannotWrite(let folder, let reason) {
            throw WardStoreError("cannot keep the current ward aside in \(folder): \(reason); nothing was restored")
        } catch CheckedWardCopy.Failure.failedCheck(let findings) {
            throw WardStoreError("the copy of the current ward failed its integrity check (\(findings)); nothing was restored")
        } catch CheckedWardCopy.Failure.cannotRename(let reason) {
            throw WardStoreError("cannot keep the current ward as \(aside): \(reason); nothing was restored")
        }
    }
}
