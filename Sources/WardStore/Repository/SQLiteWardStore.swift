import Foundation
import GRDB

/// The ward store on one SQLite file (GRDB `DatabasePool`, WAL). Several processes may open the
/// same file: writes wait for each other (busy timeout, IMMEDIATE transactions) and each process
/// notices the others' commits by watching `PRAGMA data_version`.
public actor SQLiteWardStore: WardRepository {
    /// The GRDB pool; package code (demo generator, benchmarks) may read or bulk-write with it.
    /// Its writes are refused when the ward is open read-only (`access`). Another pool after a
    /// restore replaced the file (`reopenIfReplaced`), so read it afresh for each use.
    public nonisolated var pool: WardPool { current.pool }
    nonisolated let current: CurrentPool
    /// Read-write, or read-only and why (file not writable, made by a newer Cotside, or replaced
    /// by a restore and not reopened).
    public nonisolated var access: WardAccess { pool.access }
    /// What to tell the user once about opening (new ward created, mode tightened, read-only).
    public nonisolated let openingNotices: [String]
    public nonisolated let path: String
    /// Where the ward lives, for people: the file's path (`WardDatabaseStore.location`).
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
        self.current = CurrentPool(opened.pool)
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

    /// Folds the write-ahead log into the ward file (after a bulk write); see `WardPool.checkpoint`.
    public func checkpoint() throws { try pool.checkpoint() }

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
        lastDataVersion = try? await dataVersion()
        watcher = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: SQLiteWardStore.externalChangePollInterval)
                guard let self else { return }
                await self.checkForOtherProcessWrites()
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
        try await pool.read { db in
            try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM nappy_change WHERE isDemo = 0)
                    OR EXISTS (SELECT 1 FROM patient WHERE isDemo = 0)
                    OR EXISTS (SELECT 1 FROM medication WHERE isDemo = 0)
                    OR EXISTS (SELECT 1 FROM dose_record WHERE isDemo = 0)
                    OR EXISTS (SELECT 1 FROM as_needed_dose WHERE isDemo = 0)
                    OR EXISTS (SELECT 1 FROM feed WHERE isDemo = 0)
                    OR EXISTS (SELECT 1 FROM measurement WHERE isDemo = 0)
                """) ?? false
        }
    }
}
