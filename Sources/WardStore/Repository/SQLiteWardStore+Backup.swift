import Foundation
import GRDB

extension SQLiteWardStore {
    /// Copies the ward to `destination` with SQLite's online backup API (never a file copy): the
    /// copy is one consistent snapshot, taken in a read transaction, so other processes keep
    /// writing meanwhile and every write acknowledged before the backup began is in it. The copy
    /// is written 0600 under a temporary name, made a single self-contained file (rollback
    /// journal, no `-wal`), checked with `integrity_check`, fsynced and only then renamed into
    /// place: a half-written backup never exists under its final name. Refuses to replace an
    /// existing file. Blocking; call it from a command or a background task, not the screen's loop.
    public nonisolated func backup(to destination: String) throws -> WardBackup {
        let folder = WardDatabaseLocation.folder(of: destination)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw WardStoreError("the folder \(folder) does not exist; create it or choose another place for the backup")
        }
        if FileManager.default.fileExists(atPath: destination) {
            throw WardStoreError("\(destination) already exists; a backup never replaces a file — choose another name")
        }
        let temporary = folder + "/.\((destination as NSString).lastPathComponent).partial-\(getpid())"
        let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw WardStoreError("cannot write in \(folder): \(String(cString: strerror(errno)).lowercased())")
        }
        fchmod(fd, 0o600)
        Glibc.close(fd)
        var renamed = false
        defer { if !renamed { try? FileManager.default.removeItem(atPath: temporary) } }

        let copy = try DatabaseQueue(path: temporary)
        try pool.database.backup(to: copy)
        let (check, patients) = try copy.writeWithoutTransaction { db -> ([String], Int) in
            // The copy carries the ward's WAL flag; a backup is one file that opens anywhere.
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            return (try String.fetchAll(db, sql: "PRAGMA integrity_check"),
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM patient WHERE deletedAt IS NULL") ?? 0)
        }
        try copy.close()
        guard check == ["ok"] else {
            throw WardStoreError("the backup failed its integrity check (\(check.prefix(3).joined(separator: "; "))); nothing was kept")
        }
        try Self.sync(temporary)
        guard rename(temporary, destination) == 0 else {
            throw WardStoreError("cannot name the backup \(destination): \(String(cString: strerror(errno)).lowercased())")
        }
        renamed = true
        try? Self.sync(folder)  // the new name itself survives a power cut
        let bytes = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? Int) ?? 0
        return WardBackup(path: destination, bytes: bytes, patients: patients)
    }

    private static func sync(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw WardStoreError("cannot open \(path) to sync it") }
        defer { Glibc.close(fd) }
        guard fsync(fd) == 0 else { throw WardStoreError("cannot sync \(path): \(String(cString: strerror(errno)).lowercased())") }
    }
}
