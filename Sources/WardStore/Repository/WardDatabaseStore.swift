import Foundation

/// The ward database as a whole: where it lives, whether it may be written, the stream of its
/// changes, backups, and whether it holds real entries. Part of `WardRepository`.
///
/// Threading: `changes`, `access`, `location` and `backup` are `nonisolated` — callable without
/// awaiting the store (`backup` blocks; call it from a command or a background task, never the
/// screen's loop). `hasRealEntries` is an async read like every other.
public protocol WardDatabaseStore: Sendable {
    /// Every change from now on: this process's writes at once, other processes' within ~0.5 s.
    nonisolated func changes() -> AsyncStream<WardChange>
    /// Read-write, or read-only and why (set when the ward was opened; read-only later only when
    /// a restore elsewhere replaced the file and it could not be reopened).
    nonisolated var access: WardAccess { get }
    /// Where the ward lives, for people (the About screen): the SQLite file's path; a server
    /// backend gives its address without credentials.
    nonisolated var location: String { get }
    /// True for a ward on a PostgreSQL server: no file to copy, so no automatic backups here (the
    /// server is backed up with pg_dump).
    nonisolated var isOnServer: Bool { get }
    /// Writes one consistent snapshot of the ward to `destination` (a new file, never replacing
    /// one) and checks it before giving it its name.
    nonisolated func backup(to destination: String) throws -> WardBackup
    /// Replaces the ward with the backup `file` (checked first: a Cotside ward, whole, of a schema
    /// this version reads; migrated on a copy when older), keeping the ward as it was aside.
    /// Refusals throw `WardRestoreRefusal` with the ward untouched. `by`: an active staff member
    /// (a ward admin once roles exist). Blocks the store for the copy; call it from a command.
    func restore(from file: String, by: Int64) async throws -> WardRestoreReport
    /// True when the database holds entries not made by the demo generator.
    func hasRealEntries() async throws -> Bool
}

/// What a backup wrote.
public struct WardBackup: Sendable, Hashable {
    public let path: String
    public let bytes: Int
    public let patients: Int
}
