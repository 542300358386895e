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
/// own, which the live-update listener opens beside these.
public final class PostgresSQLDatabase: SQLDatabase {
    public let location: PostgresLocation
    /// Sent as `application_name` on every connection of this process (`cotside-<pid>-<random>`),
    /// so a listener can tell its own writes from another workstation's.
    public let applicationName: String
    private let reads: PostgresLane
    private let writes: PostgresLane

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
        retry: PostgresRetryPolicy = PostgresRetryPolicy()
    ) async throws -> PostgresSQLDatabase {
        let opener = PostgresOpener(location: location, applicationName: applicationName,
                                    environment: environment, prompt: passwordPrompt)
        let database = PostgresSQLDatabase(location: location, opener: opener, retry: retry)
        try await database.writes.perform { lane in
            do { _ = try lane.connected() } catch { throw PostgresErrorMapping.engineError(error) }
        }
        return database
    }

    private init(location: PostgresLocation, opener: PostgresOpener, retry: PostgresRetryPolicy) {
        self.location = location
        applicationName = opener.applicationName
        reads = PostgresLane(name: "read", opener: opener, retry: retry)
        writes = PostgresLane(name: "write", opener: opener, retry: retry)
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await reads.perform { lane in
            try lane.transaction(begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
        }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLConnection) throws -> T) async throws -> T {
        try await writes.perform { lane in
            try lane.transaction(begin: "BEGIN ISOLATION LEVEL SERIALIZABLE", body)
        }
    }

    /// Closes both connections; a later read or write opens them again.
    public func close() async {
        _ = try? await reads.perform { $0.close() }
        _ = try? await writes.perform { $0.close() }
    }
}
