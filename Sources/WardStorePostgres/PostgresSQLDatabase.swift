import Foundation
import PostgresNIO
import WardSQL

/// `SQLDatabase` on PostgreSQL through postgres-nio: the store's portable queries and rules run
/// here as written for SQLite.
///
/// Transactions: a write runs `BEGIN ISOLATION LEVEL SERIALIZABLE` (postgres-nio's own helper
/// sends a plain BEGIN, which is READ COMMITTED) and is run again, a bounded number of times, when
/// it loses a race (SQLSTATE 40001 / 40P01), so a check-then-write rule holds between
/// workstations; a read runs in `BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`, one snapshot.
///
/// Connections: two per database object, one for reads and one for writes, each with its own
/// serial queue (see `PostgresLane`), so a screen's read never waits behind a write's retries.
/// Reads from one process run one at a time, and so do writes: a body is synchronous and holds its
/// connection throughout, and the store's writes go through one actor anyway, so a pool would
/// add threads blocked in `wait()` for no gain. Notifications (LISTEN) need a connection of their
/// own: the change feed's (`events()`), opened beside these while someone subscribes.
///
/// Losing the server: a read or write that finds the connection gone throws `SQLEngineError` of
/// kind `.connectionLost` ("nothing was saved" / "nothing was read"); a write whose COMMIT was
/// on its way says `isCommitOutcomeUnknown` instead. While the change feed runs and finds the
/// server lost, reads and writes are refused at once without trying (no connect timeout per
/// keypress), and a server that stops answering has its connections closed, so nothing waits
/// on it for minutes; the feed reconnects and says so. Nothing is queued: a refused write is
/// the caller's to report.
public final class PostgresSQLDatabase: SQLDatabase, SQLChangeFeed {
    public let location: PostgresLocation
    /// Sent as `application_name` on every connection of this process (`cotside-<pid>-<random>`),
    /// so a listener can tell its own writes from another workstation's.
    public let applicationName: String
    private let reads: PostgresLane
    private let writes: PostgresLane
    private let feed: PostgresChangeFeed

    public var dialect: SQLDialect { .postgres }

    /// This process's `application_name`.
    public static let processApplicationName: String = {
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return "cotside-\(ProcessInfo.processInfo.processIdentifier)-\(random)"
    }()

    /// Connects (the write connection at once, so a wrong host, database, password or ward shows
    /// here; the read connection when first used). The password is `PGPASSWORD` from
    /// `environment`, else `passwordPrompt`'s answer, asked only when the server wants one; the
    /// prompt runs on the engine's thread and may block on a terminal.
    public static func open(
        _ location: PostgresLocation,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        passwordPrompt: (@Sendable () throws -> String?)? = nil,
        applicationName: String = processApplicationName,
        retry: PostgresRetryPolicy = PostgresRetryPolicy(),
        feedTiming: PostgresFeedTiming = PostgresFeedTiming()
    ) async throws -> PostgresSQLDatabase {
        let opener = PostgresOpener(location: location, applicationName: applicationName,
                                    environment: environment, prompt: passwordPrompt)
        let database = PostgresSQLDatabase(location: location, opener: opener, retry: retry, feedTiming: feedTiming)
        try await database.writes.perform { lane in
            do { _ = try lane.connected() } catch { throw PostgresErrorMapping.engineError(error) }
        }
        return database
    }

    private init(location: PostgresLocation, opener: PostgresOpener, retry: PostgresRetryPolicy, feedTiming: PostgresFeedTiming) {
        self.location = location
        applicationName = opener.applicationName
        let health = PostgresServerHealth()
        reads = PostgresLane(name: "read", opener: opener, retry: retry, health: health)
        writes = PostgresLane(name: "write", opener: opener, retry: retry, health: health)
        feed = PostgresChangeFeed(opener: opener, health: health, timing: feedTiming)
    }

    /// Other processes' changes to this ward and the connection's ups and downs (see
    /// `SQLChangeFeed`). The first subscriber opens the listening connection; notices from this
    /// process's `applicationName` are left out.
    public func events() -> AsyncStream<SQLChangeEvent> { feed.events() }

    /// Waits (polling) until the change feed's LISTEN is in force, so a change committed from
    /// then on is reported; false when it is not within `timeout` (the server cannot be
    /// reached, or nobody subscribes to `events()`).
    public func waitUntilListening(timeout: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !feed.isListening {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await reads.perform { lane in
            try lane.transaction(.read, begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
        }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await writes.perform { lane in
            try lane.transaction(.write, begin: "BEGIN ISOLATION LEVEL SERIALIZABLE", body)
        }
    }

    /// Ends the change feed's streams and closes every connection; a later read or write opens
    /// its connection again.
    public func close() async {
        feed.finish()
        _ = try? await reads.perform { $0.close() }
        _ = try? await writes.perform { $0.close() }
    }
}
