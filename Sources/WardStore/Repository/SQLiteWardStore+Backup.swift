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
        let patients: Int
        do {
            patients = try CheckedWardCopy.write(from: pool.database, to: destination)
        } catch CheckedWardCopy.Failure.cannotWrite(let folder, let reason) {
            throw WardStoreError("cannot write in \(folder): \(reason)")
        } catch CheckedWardCopy.Failure.failedCheck(let findings) {
            throw WardStoreError("the backup failed its integrity check (\(findings)); nothing was kept")
        } catch CheckedWardCopy.Failure.cannotRename(let reason) {
            throw WardStoreError("cannot name the backup \(destination): \(reason)")
        }
        try? WardFileSync.sync(folder)  // the new name itself survives a power cut
        let bytes = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? Int) ?? 0
        return WardBackup(path: destination, bytes: bytes, patients: patients)
    }
}
