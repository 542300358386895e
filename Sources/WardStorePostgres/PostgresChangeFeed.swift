import Foundation
import PostgresNIO
import WardSQL

/// How quickly the change feed notices a lost server and how patiently it reconnects.
public struct PostgresFeedTiming: Sendable {
    /// An idle listener asks the server `SELECT 1` this often, so a server gone quiet is noticed
    /// with nobody writing.
    public var pingInterval: Duration
    /// A ping unanswered this long means the server is lost even though its socket is open (a
    /// cable pulled, a machine frozen); the lanes' connections are then closed as well.
    public var pingTimeout: Duration
    /// The wait before the second attempt to reconnect (the first is at once), doubled after each
    /// failure up to `maxRetryDelay`, and back to this after a success.
    public var firstRetryDelay: Duration
    public var maxRetryDelay: Duration

    public init(pingInterval: Duration = .seconds(1), pingTimeout: Duration = .seconds(2),
                firstRetryDelay: Duration = .milliseconds(500), maxRetryDelay: Duration = .seconds(10)) {
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
        self.firstRetryDelay = firstRetryDelay
        self.maxRetryDelay = maxRetryDelay
    }
}

/// One dedicated connection that LISTENs on `SQLChangeNotice.channel` for the ward's schema and
/// turns what it hears, and what happens to the connection, into `SQLChangeEvent`s for every
/// subscriber. postgres-nio listens on a single connection, never through a pool (and a pooler
/// in transaction mode cannot carry LISTEN), so this is a connection of its own beside the lanes.
///
/// - Own writes: notices whose `application` is this process's `application_name` are dropped;
///   so are other wards' (another schema on the same server).
/// - Coalescing: notices arriving within a few milliseconds (one transaction touching several
///   tables) become one `.tablesChanged`.
/// - Losing the server: a closed connection, a failed LISTEN or an unanswered ping (`timing`)
///   reports `.connectionLost` once and marks `health` lost (the lanes refuse at once); it then
///   reconnects by itself, at once and then with doubling waits; on success, `.connectionRestored`
///   and one `.anythingMayHaveChanged`, as notices sent meanwhile are lost.
///
/// Threading: the listener is a task (it only suspends on NIO's futures, never blocks a thread),
/// started by the first subscriber and cancelled when the last one goes or `finish()` is called.
/// Subscribers and pending tables are behind a lock; events are yielded from the task or a
/// Dispatch timer into unbounded streams, which the subscribers read on their own executors.
final class PostgresChangeFeed: @unchecked Sendable {
    private let opener: PostgresOpener
    private let health: PostgresServerHealth
    private let timing: PostgresFeedTiming
    private let lock = NSLock()
    private var subscribers: [UUID: AsyncStream<SQLChangeEvent>.Continuation] = [:]
    private var listener: Task<Void, Never>?
    private var listening = false
    /// When the current outage began; nil while connected (or not yet tried).
    private var lostSince: Date?
    private var pendingTables: Set<String> = []
    private var flushScheduled = false

    /// How long notices are gathered into one event.
    static let coalescingWindow: TimeInterval = 0.005

    init(opener: PostgresOpener, health: PostgresServerHealth, timing: PostgresFeedTiming) {
        self.opener = opener
        self.health = health
        self.timing = timing
    }

    deinit { listener?.cancel() }

    func events() -> AsyncStream<SQLChangeEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SQLChangeEvent.self, bufferingPolicy: .unbounded)
        let key = UUID()
        lock.withLock {
            subscribers[key] = continuation
            if listener == nil { listener = Task { [weak self] in await self?.listen() } }
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(key) }
        return stream
    }

    /// Whether LISTEN is in force now (a change committed from here on is reported).
    var isListening: Bool { lock.withLock { listening } }

    /// Stops listening and ends every stream.
    func finish() {
        let (task, continuations) = lock.withLock { () -> (Task<Void, Never>?, [AsyncStream<SQLChangeEvent>.Continuation]) in
            defer {
                subscribers.removeAll()
                listener = nil
                listening = false
                lostSince = nil
            }
            return (listener, Array(subscribers.values))
        }
        task?.cancel()
        // Nobody watches the server now: the lanes try it themselves again.
        health.restored()
        for continuation in continuations { continuation.finish() }
    }

    private func unsubscribe(_ key: UUID) {
        let task = lock.withLock { () -> Task<Void, Never>? in
            subscribers.removeValue(forKey: key)
            guard subscribers.isEmpty, let task = listener else { return nil }
            listener = nil
            listening = false
            lostSince = nil
            return task
        }
        guard let task else { return }
        task.cancel()
        health.restored()
    }

    // MARK: - The listener

    /// Connects, listens and watches, again and again until cancelled.
    private func listen() async {
        var delay: Duration?
        while !Task.isCancelled {
            if let delay { try? await Task.sleep(for: delay) }
            if Task.isCancelled { break }
            let outcome = await session()
            if Task.isCancelled { break }
            switch outcome {
            case .ended(let reason, let unresponsive):
                // A session that had been listening ends: try again at once.
                delay = nil
                lost(reason: reason, unresponsive: unresponsive)
            case .failedToStart(let reason):
                delay = delay.map { min($0 * 2, timing.maxRetryDelay) } ?? timing.firstRetryDelay
                lost(reason: reason, unresponsive: false)
            }
        }
    }

    /// LISTEN is in force: after an outage, say the connection is back and everything may have
    /// changed.
    private func startedListening() {
        let wasLost = lock.withLock { () -> Bool in
            listening = true
            defer { lostSince = nil }
            return lostSince != nil
        }
        guard wasLost else { return }
        health.restored()
        announce(.connectionRestored)
        announce(.anythingMayHaveChanged)
    }

    /// Said once per outage.
    private func lost(reason: String, unresponsive: Bool) {
        let since = Date()
        let first = lock.withLock { () -> Bool in
            listening = false
            guard lostSince == nil else { return false }
            lostSince = since
            return true
        }
        guard first else { return }
        health.lost(since: since, reason: reason, unresponsive: unresponsive)
        announce(.connectionLost(since: since, reason: reason))
    }

    private enum SessionOutcome {
        /// It listened, then the connection ended (`unresponsive`: a ping went unanswered).
        case ended(reason: String, unresponsive: Bool)
        /// It could not connect or LISTEN.
        case failedToStart(reason: String)
    }

    /// One connection: LISTEN, `listening()` once it is in force, then notices and pings until
    /// the connection fails or the task is cancelled.
    private func session() async -> SessionOutcome {
        let connection: PostgresConnection
        let schema: String?
        do {
            connection = try await opener.openListening()
        } catch {
            return .failedToStart(reason: PostgresErrorMapping.engineError(error).message)
        }
        let watchdog = Watchdog()
        do {
            schema = try await Self.currentSchema(connection, logger: opener.logger)
            try await connection.listen(on: SQLChangeNotice.channel) { notices in
                self.startedListening()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await notice in notices { self.heard(notice.payload, schema: schema) }
                        throw SQLEngineError(kind: .connectionLost, code: "listen", message: "the server ended the listening connection")
                    }
                    group.addTask { try await self.ping(connection, watchdog: watchdog) }
                    try await group.next()
                    group.cancelAll()
                }
            }
        } catch {
            try? await connection.close()
            if Task.isCancelled { return .ended(reason: "stopped", unresponsive: false) }
            if watchdog.timedOut {
                return .ended(reason: "the server did not answer for \(timing.pingTimeout)", unresponsive: true)
            }
            let reason = PostgresErrorMapping.engineError(error).message
            return isListening ? .ended(reason: reason, unresponsive: false) : .failedToStart(reason: reason)
        }
        try? await connection.close()
        return .ended(reason: "the listening connection ended", unresponsive: false)
    }

    /// `SELECT 1` every `pingInterval`; unanswered within `pingTimeout`, the connection is closed
    /// (which fails the ping and the notices) and the watchdog remembers why.
    private func ping(_ connection: PostgresConnection, watchdog: Watchdog) async throws {
        while true {
            try await Task.sleep(for: timing.pingInterval)
            let timeout = connection.eventLoop.scheduleTask(in: TimeAmount(timing.pingTimeout)) {
                watchdog.timedOut = true
                let _: EventLoopFuture<Void> = connection.close()
            }
            defer { timeout.cancel() }
            let answer: EventLoopFuture<PostgresQueryResult> = connection.query("SELECT 1", logger: opener.logger)
            _ = try await answer.get()
        }
    }

    /// The schema the ward's tables are in (its search_path), whose notices are this ward's.
    private static func currentSchema(_ connection: PostgresConnection, logger: Logger) async throws -> String? {
        let answer: EventLoopFuture<PostgresQueryResult> = connection.query(
            "SELECT coalesce(current_schema()::text, '') AS schema", logger: logger)
        guard let cell = try await answer.get().rows.first?.first, case .text(let schema) = try SQLValue(cell: cell),
              !schema.isEmpty else { return nil }
        return schema
    }

    // MARK: - Events

    /// A notice: another process's change to this ward's table, gathered into the next event.
    private func heard(_ payload: String, schema: String?) {
        guard let notice = SQLChangeNotice(payload: payload), notice.application != opener.applicationName,
              schema == nil || notice.schema == schema else { return }
        let schedule = lock.withLock { () -> Bool in
            pendingTables.insert(notice.table)
            defer { flushScheduled = true }
            return !flushScheduled
        }
        if schedule {
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.coalescingWindow) { [weak self] in self?.flushTables() }
        }
    }

    private func flushTables() {
        let tables = lock.withLock { () -> Set<String> in
            defer {
                pendingTables = []
                flushScheduled = false
            }
            return pendingTables
        }
        if !tables.isEmpty { broadcast(.tablesChanged(tables)) }
    }

    /// An event about the connection, after any tables still being gathered.
    private func announce(_ event: SQLChangeEvent) {
        flushTables()
        broadcast(event)
    }

    private func broadcast(_ event: SQLChangeEvent) {
        let targets = lock.withLock { Array(subscribers.values) }
        for continuation in targets { continuation.yield(event) }
    }
}

/// Whether the ping timed out (set on the event loop, read by the listener after the session).
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var timedOut: Bool {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
