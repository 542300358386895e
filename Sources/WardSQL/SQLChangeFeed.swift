import Foundation

/// An engine that tells about other writers and about its server: what another process changed,
/// and when the connection is lost and back. PostgreSQL has one (`PostgresSQLDatabase`, through
/// LISTEN); SQLite has none (the store watches `PRAGMA data_version` itself).
///
/// Threading: `events()` may be called from any thread or actor and returns at once. Each call
/// is a stream of its own (every subscriber gets every event); events are yielded from the
/// engine's own threads into an unbounded buffer, so a slow consumer never blocks the engine
/// (notices arriving together are already one event, so the buffer stays short). The feed runs
/// while at least one stream is being consumed and stops when the last one ends (the consumer's
/// task is cancelled, or the engine is closed, which finishes every stream). Subscribe before
/// the first read: a change committed before the feed listens is not reported.
public protocol SQLChangeFeed: Sendable {
    func events() -> AsyncStream<SQLChangeEvent>
}

/// What a change feed says, in the order it happens.
///
/// After `.connectionLost`, a read or write that would need a new connection fails at once with
/// `SQLEngineError` of kind `.connectionLost` (the screen keeps its last data, marked stale)
/// until `.connectionRestored`, which is always followed by one `.anythingMayHaveChanged`
/// (notifications sent while disconnected are lost, so everything is read again).
public enum SQLChangeEvent: Sendable, Hashable {
    /// Another process committed changes to these tables (names as the schema spells them, lower
    /// case). Own writes are never reported; a rolled-back transaction sends nothing.
    case tablesChanged(Set<String>)
    /// Changes may have been missed: read everything again. Once after each reconnect.
    case anythingMayHaveChanged
    /// The server stopped answering at `since`; `reason` is for people (the status line's detail).
    /// Said once per outage, however many reconnect attempts fail.
    case connectionLost(since: Date, reason: String)
    /// The connection is back; `.anythingMayHaveChanged` follows.
    case connectionRestored
}

/// The notification a ward's change trigger sends (migration v15, PostgreSQL): on `channel`, a
/// JSON object naming the schema (the ward), the table and the writer's `application_name`, so a
/// listener keeps only its own ward and ignores its own process's writes.
public struct SQLChangeNotice: Sendable, Hashable, Codable {
    /// The LISTEN/NOTIFY channel, one for every ward on a server (the payload names the ward).
    public static let channel = "cotside_changes"

    public let schema: String
    public let table: String
    public let application: String

    public init(schema: String, table: String, application: String) {
        self.schema = schema
        self.table = table
        self.application = application
    }

    /// The payload as the trigger writes it; nil when it is not one (another program's NOTIFY).
    public init?(payload: String) {
        guard let notice = try? JSONDecoder().decode(Self.self, from: Data(payload.utf8)) else { return nil }
        self = notice
    }
}
