import Foundation
import GRDB

/// Which file a path names (device and inode): a restore replaces the ward file by renaming a
/// new one onto its path, so a process that opened the old file sees a different identity there.
struct WardFileIdentity: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64

    /// The file at `path` now, or nil when there is none.
    static func of(_ path: String) -> WardFileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return WardFileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

/// Refuses every commit on a connection whose ward file was replaced after it was opened: the
/// check runs in SQLite's commit hook, while this connection holds the write lock, and a restore
/// holds that same lock while it renames the new file into place — so a commit either lands
/// before the restore's copy of the old ward was taken, or is refused. Never writes into a
/// replaced (unlinked) file.
final class ReplacedFileGuard: TransactionObserver, @unchecked Sendable {
    private let path: String
    private let opened: WardFileIdentity?

    init(path: String, opened: WardFileIdentity?) {
        self.path = path
        self.opened = opened
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}

    func databaseWillCommit() throws {
        guard let opened, WardFileIdentity.of(path) != opened else { return }
        throw WardReadOnlyError(reason: WardReplacedFile.reason(path))
    }
}

/// The words for a ward file replaced under a running process.
enum WardReplacedFile {
    static func reason(_ path: String) -> String {
        "the ward file \(path) was replaced (restored from a backup) while this process had it open; "
            + "restart Cotside to work on the restored ward"
    }
}
