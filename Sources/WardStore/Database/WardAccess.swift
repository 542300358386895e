import Foundation
import GRDB

/// How this process opened the ward file. Read-only when the file or its folder is not writable
/// by this user, or when a newer Cotside made it: the ward can still be viewed, and every write
/// is refused with `WardReadOnlyError` before it reaches SQLite.
public enum WardAccess: Sendable, Hashable {
    case readWrite
    /// `reason` says why, in the user's words ("the file … is not writable by this user").
    case readOnly(reason: String)

    public var readOnlyReason: String? {
        if case .readOnly(let reason) = self { return reason }
        return nil
    }
}

/// A write refused because the ward is open read-only; nothing was changed.
public struct WardReadOnlyError: Error, Sendable, Hashable, CustomStringConvertible {
    public let reason: String
    public var description: String { "the ward database is open read-only (\(reason)); nothing was saved" }
}

/// The ward's GRDB pool with the access it was opened with. Reads pass straight through; every
/// write path checks the access first, so a read-only ward refuses writes with the reason instead
/// of a bare "attempt to write a readonly database". Same call shapes as `DatabasePool`.
public struct WardPool: Sendable {
    public let database: DatabasePool
    public let access: WardAccess
    /// The ward file (its `-wal` sits beside it).
    let path: String
    /// The file `path` named when it was opened; a restore renames another file onto the path.
    let identity: WardFileIdentity?

    init(database: DatabasePool, access: WardAccess, path: String, identity: WardFileIdentity?) {
        self.database = database
        self.access = access
        self.path = path
        self.identity = identity
    }

    /// True when the path now names another file than the one this pool opened (a restore).
    var fileWasReplaced: Bool { identity != nil && WardFileIdentity.of(path) != identity }

    public func read<T>(_ value: (Database) throws -> T) throws -> T { try database.read(value) }

    public func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await database.read(value)
    }

    public func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try checkWritable()
        return try database.write(updates)
    }

    public func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try checkWritable()
        return try await database.write(updates)
    }

    public func writeWithoutTransaction<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try checkWritable()
        return try await database.writeWithoutTransaction(updates)
    }

    public func close() throws { try database.close() }

    /// Folds the write-ahead log into the ward file and truncates it, when the log has grown
    /// past `minimumBytes` (a no-op for a read-only ward, so a start that only reads writes nothing).
    public func checkpoint(ifLogExceeds minimumBytes: Int = 0) throws {
        guard access == .readWrite, !fileWasReplaced else { return }
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        guard size > minimumBytes else { return }
        try database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }

    /// The checkpoint every way out makes before closing: a log grown past `largeLogBytes` (a
    /// bulk write) is folded in and truncated; a smaller one is folded in and left in place (a
    /// passive checkpoint waits for nobody, and the kept file means the next start does not
    /// write). SQLite folds the log in itself when the last connection closes, but the
    /// full-screen app's way out was seen to leave it undone (`ClosingFoldsTheLogTests`).
    public func checkpointBeforeClosing(largeLogBytes: Int) throws {
        guard access == .readWrite, !fileWasReplaced else { return }
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        let mode: Database.CheckpointMode = size > largeLogBytes ? .truncate : .passive
        try database.writeWithoutTransaction { db in _ = try db.checkpoint(mode) }
    }

    func checkWritable() throws {
        if let reason = access.readOnlyReason { throw WardReadOnlyError(reason: reason) }
    }
}
