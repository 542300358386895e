import Foundation
import GRDB

/// Every ward file this process opened, so the process can close them all on its way out —
/// normal exit, an error exit, `q`, SIGTERM or SIGHUP. A log grown large (a bulk write) is
/// checkpointed and truncated first, so the next process does not replay it.
public final class OpenWards: @unchecked Sendable {
    public static let shared = OpenWards()
    private let lock = NSLock()
    /// Weak: a ward nobody uses any more closes as before, when its pool is released.
    private var entries: [Entry] = []

    private final class Entry: @unchecked Sendable {
        weak var database: DatabasePool?
        let access: WardAccess
        let path: String
        let identity: WardFileIdentity?
        init(_ pool: WardPool) { database = pool.database; access = pool.access; path = pool.path; identity = pool.identity }
    }

    func add(_ pool: WardPool) {
        lock.withLock {
            entries.removeAll { $0.database == nil }
            entries.append(Entry(pool))
        }
    }

    /// Checkpoints and closes every ward opened by this process. Safe to call more than once,
    /// and from any thread; errors (a reader still busy) leave that file as SQLite keeps it,
    /// which is always correct, only slower to open next time.
    public func closeAll() {
        let open = lock.withLock { () -> [WardPool] in
            defer { entries.removeAll() }
            return entries.compactMap { entry in entry.database.map { WardPool(database: $0, access: entry.access, path: entry.path, identity: entry.identity) } }
        }
        for pool in open {
            try? pool.checkpointBeforeClosing(largeLogBytes: WardDatabase.walCheckpointThresholdBytes)
            try? pool.close()
        }
    }
}
