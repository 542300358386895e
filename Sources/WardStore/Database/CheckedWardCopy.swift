import Foundation
import GRDB

/// A ward database copied whole or not at all: written 0600 under a temporary name beside the
/// destination with SQLite's online backup API, made one self-contained file (rollback journal,
/// no `-wal`), checked with `integrity_check`, fsynced, and only then renamed into place. A
/// backup and the ward a restore keeps aside are both made this way. Blocking: call it from a
/// command or a background task. Each caller words the failures for its own user.
enum CheckedWardCopy {
    enum Failure: Error {
        /// The temporary file could not be made in the destination's folder (the reason).
        case cannotWrite(folder: String, reason: String)
        /// The copy failed `integrity_check` (its first findings).
        case failedCheck(String)
        /// The checked copy could not take its final name (the reason).
        case cannotRename(reason: String)
    }

    /// Copies `source` to `destination`; returns the number of patients not deleted in the copy.
    static func write(from source: some DatabaseReader, to destination: String) throws -> Int {
        let folder = WardDatabaseLocation.folder(of: destination)
        let temporary = folder + "/.\((destination as NSString).lastPathComponent).partial-\(getpid())"
        WardRestoreCandidate.discard(temporary)
        let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure.cannotWrite(folder: folder, reason: String(cString: strerror(errno)).lowercased()) }
        fchmod(fd, 0o600)
        close(fd)
        var renamed = false
        defer { if !renamed { WardRestoreCandidate.discard(temporary) } }

        let copy = try DatabaseQueue(path: temporary)
        try source.backup(to: copy)
        let (check, patients) = try copy.writeWithoutTransaction { db -> ([String], Int) in
            // The copy carries the ward's WAL flag; a copy is one file that opens anywhere.
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            return (try String.fetchAll(db, sql: "PRAGMA integrity_check"),
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM patient WHERE deletedAt IS NULL") ?? 0)
        }
        try copy.close()
        guard check == ["ok"] else { throw Failure.failedCheck(check.prefix(3).joined(separator: "; ")) }
        try WardFileSync.sync(temporary)
        guard rename(temporary, destination) == 0 else {
            throw Failure.cannotRename(reason: String(cString: strerror(errno)).lowercased())
        }
        renamed = true
        return patients
    }
}
