import Foundation
import GRDB
import WardSQL

/// The ward store: every concern's rules and queries, written once against WardSQL, on one of
/// two engines (`WardEngine`): the ward's SQLite file (GRDB `DatabasePool`, WAL), or a ward
/// schema on a PostgreSQL server shared by several workstations. The name is historical: it
/// began on SQLite alone.
///
/// SQLite: several processes may open the same file; writes wait for each other (busy timeout,
/// IMMEDIATE transactions) and each process notices the others' commits by watching
/// `PRAGMA data_version`. PostgreSQL: writes are SERIALIZABLE and retried when they lose a race
/// (`PostgresSQLDatabase`), so the same check-then-write rules hold between workstations.
public actor SQLiteWardStore: WardRepository {
    /// Where the data lives. A file's pool is replaced after a restore (`reopenIfReplaced`).
    nonisolated let engine: WardEngine
    /// The engine every portable read and write runs on (read it afresh for each use: after a
    /// restore the file's pool is another).
    public nonisolated var database: any SQLDatabase {
        switch engine {
        case .file(let current): WardFileDatabase(pool: current.pool)
        case .server(let server): server.database
        }
    }
    /// The GRDB pool of a ward file, for what only a file has (backup, restore, erasure's VACUUM,
    /// the demo generator's bulk write, benchmarks). On a server ward it throws, saying what to
    /// use instead, so a file-only feature never half-runs there. Writes are refused when the
    /// ward is open read-only (`access`).
    public nonisolated var pool: WardPool {
        get throws {
            switch engine {
            case .file(let current): return current.pool
            case .server(let server): throw WardServerRefusal(location: server.location)
            }
        }
    }
    /// Read-write, or read-only and why (file not writable, made by a newer Cotside, or replaced
    /// by a restore and not reopened). A server ward is read-write; the server's roles refuse
    /// what a user may not do.
    public nonisolated var access: WardAccess {
        switch engine {
        case .file(let current): current.pool.access
        case .server: .readWrite
        }
    }
    /// True when the ward is on a PostgreSQL server rather than in a file.
    public nonisolated var isOnServer: Bool {
        if case .server = engine { return true }
        return false
    }
    /// What to tell the user once about opening (new ward created, mode tightened, read-only).
    public nonisolated let openingNotices: [String]
    /// The ward file's path; on a server, the server's address and ward without credentials.
    public nonisolated let path: String
    /// Where the ward lives, for people: the file's path or the server's address (`WardDatabaseStore.location`).
    public nonisolated var location: String { path }
    let clock: @Sendable () -> Date
    let timeZone: TimeZone
    nonisolated let broadcaster = ChangeBroadcaster()
    private var watcher: Task<Void, Never>?
    private var lastDataVersion: Int?

    /// How often other processes' writes are looked for (only while someone subscribes).
    public static let externalChangePollInterval: Duration = .milliseconds(500)

    /// Opens (creating if needed, folder 0700, file 0600) and migrates the database at `path`;
    /// read-only, unmigrated, when it is not writable or a newer Cotside made it (`access`).
    /// `clock` and `timeZone` are used by validation (no future times, date of birth not after
    /// today); tests pass fixed ones.
    public init(path: String, clock: @escaping @Sendable () -> Date = { Date() },
                timeZone: TimeZone = .current) throws {
        let opened = try WardDatabase.open(path: path)
        self.engine = .file(CurrentPool(opened.pool))
        self.openingNotices = opened.notices
        self.path = path
        self.clock = clock
        self.timeZone = timeZone
    }

    /// Opens the ward database where `WardDatabaseLocation.resolve` says it lives
    /// (`--db` path, else `COTSIDE_DB`, else the XDG data folder).
    public init(explicitPath: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                clock: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current) throws {
        try self.init(path: WardDatabaseLocation.resolve(explicitPath: explicitPath, environment: environment),
                      clock: clock, timeZone: timeZone)
    }

    deinit {
        watcher?.cancel()
        broadcaster.finishAll()
    }

    /// Works on a ward schema on a server (`WardServer`), already connected and migrated
    /// (`SQLiteWardStore.open(server:)`).
    init(server: WardServer, notices: [String], clock: @escaping @Sendable () -> Date, timeZone: TimeZone) {
        self.engine = .server(server)
        self.openingNotices = notices
        self.path = server.location
        self.clock = clock
        self.timeZone = timeZone
    }

    /// Folds the write-ahead log into the ward file (after a bulk write); see `WardPool.checkpoint`.
    /// Nothing to fold on a server.
    public func checkpoint() throws {
        guard case .file(let current) = engine else { return }
        try current.pool.checkpoint()
    }

    /// Stops watching for other processes and ends every change stream.
    public func close() {
        watcher?.cancel()
        watcher = nil
        broadcaster.finishAll()
    }

    public nonisolated func changes() -> AsyncStream<WardChange> {
        let stream = broadcaster.stream()
        Task { await self.startWatchingOtherProcesses() }
        return stream
    }

    private func startWatchingOtherProcesses() async {
        guard watcher == nil else { return }
        if case .server(let server) = engine {
            if let feed = server.database as? any SQLChangeFeed { watcher = Self.follow(feed, into: broadcaster) }
            return
        }
        lastDataVersion = try? await dataVersion()
        watcher = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: SQLiteWardStore.externalChangePollInterval)
                guard let self else { return }
                await self.checkForOtherProcessWrites()
            }
        }
    }

    /// A server's notifications as the store's changes: another workstation's tables, "anything
    /// may have changed" after a reconnect, and the connection lost and back (the screen's
    /// status line). Own writes are not in the feed; they are published as they commit.
    private static func follow(_ feed: any SQLChangeFeed, into broadcaster: ChangeBroadcaster) -> Task<Void, Never> {
        let events = feed.events()
        return Task {
            for await event in events {
                switch event {
                case .tablesChanged(let tables):
                    broadcaster.publish(WardChange(otherProcessChangedTables: tables))
                case .anythingMayHaveChanged:
                    broadcaster.publish(.external)
                case .connectionLost(let since, let reason):
                    broadcaster.publish(WardChange(entities: [], isFromAnotherProcess: true, server: .lost(since: since, reason: reason)))
                case .connectionRestored:
                    broadcaster.publish(WardChange(entities: [], isFromAnotherProcess: true, server: .restored))
                }
            }
        }
    }

    /// `data_version` of the writer connection changes only when ANOTHER connection commits;
    /// this process writes through that same connection, so its own writes do not count.
    private func dataVersion() async throws -> Int {
        try await pool.database.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        }
    }

    private func checkForOtherProcessWrites() async {
        if reopenIfReplaced() {
            lastDataVersion = try? await dataVersion()
            broadcaster.publish(.replaced)
            return
        }
        guard let version = try? await dataVersion() else { return }
        if let last = lastDataVersion, last != version {
            broadcaster.publish(.external)
        }
        lastDataVersion = version
    }

    nonisolated func publish(_ entities: Set<WardEntity>) {
        broadcaster.publish(WardChange(entities: entities, isFromAnotherProcess: false))
    }

    /// Now, rounded to whole milliseconds as stored.
    nonisolated var now: Date { StoredTime.truncated(clock()) }

    public func hasRealEntries() async throws -> Bool {
        try await database.read { db in
            try db.fetchValue("""
                SELECT EXISTS (SELECT 1 FROM nappy_change WHERE NOT isDemo)
                    OR EXISTS (SELECT 1 FROM patient WHERE NOT isDemo)
                    OR EXISTS (SELECT 1 FROM medication WHERE NOT isDemo)
                    OR EXISTS (SELECT 1 FROM dose_record WHERE NOT isDemo)
                    OR EXISTS (SELECT 1 FROM as_needed_dose WHERE NOT isDemo)
                    OR EXISTS (SELECT 1 FROM feed WHERE NOT isDemo)
                    OR EXISTS (SELECT 1 FROM measurement WHERE NOT isDemo)
                """, as: Bool.self) ?? false
        }
    }
}
