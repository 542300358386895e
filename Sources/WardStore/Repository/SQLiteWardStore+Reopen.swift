import Foundation
import GRDB

/// The pool a store works on now. Swapped only when the ward file was replaced by a restore (in
/// this process or another); lock-protected so `nonisolated` members (`access`, `backup`) read it
/// without awaiting the actor.
final class CurrentPool: @unchecked Sendable {
    private let lock = NSLock()
    private var value: WardPool

    init(_ pool: WardPool) { value = pool }

    var pool: WardPool { lock.withLock { value } }

    func replace(with pool: WardPool) { lock.withLock { value = pool } }
}

/// Noticing that the ward file was replaced (`cotside restore`, here or in another process) and
/// reopening it.
///
/// Threading: runs on the store's actor — from the change watcher (every 0.5 s while someone
/// subscribes to `changes()`) or right after this process's own restore — so no store call uses
/// the old pool while it is swapped. A commit the old pool attempts meanwhile is refused by
/// `ReplacedFileGuard`, so nothing is ever written into the replaced file.
extension SQLiteWardStore {
    /// When the path names another file than the pool opened: opens the new file and works on it
    /// from now on (true). If it cannot be opened, keeps the old pool read-only with a reason
    /// telling the user to restart (also true: something changed). False when nothing was replaced.
    @discardableResult
    func reopenIfReplaced() -> Bool {
        guard case .file(let current) = engine else { return false }
        let old = current.pool
        guard old.fileWasReplaced, WardFileIdentity.of(path) != nil,
              old.access.readOnlyReason != WardReplacedFile.reason(path) else { return false }
        do {
            let opened = try WardDatabase.open(path: path)
            current.replace(with: opened.pool)
        } catch {
            current.replace(with: WardPool(database: old.database, access: .readOnly(reason: WardReplacedFile.reason(path)),
                                           path: old.path, identity: old.identity))
            return true
        }
        try? old.close()
        return true
    }
}
