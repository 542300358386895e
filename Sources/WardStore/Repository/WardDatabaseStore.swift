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
    /// Read-write, or read-only and why (set when the ward was opened; never changes).
    nonisolated var access: WardAccess { get }
    /// Where the ward lives, for people (the About screen): the SQLite file's path; a server
    /// backend gives its address without credentials.
    nonisolated var location: String { get }
    /// Writes one consistent snapshot of the ward to `destination` (a new file, never replacing
    /// one) and checks it before giving it its name.
    nonisolated func backup(to destination: String) throws -> WardBackup
    /// True when the database holds entries not made by the demo generator.
    func hasRealEntries() async throws -> Bool
}

/// What a backup wrote.
public struct WardBackup: Sendable, Hashable {
    public let path: String
    public let bytes: Int
    public let patients: Int
}
