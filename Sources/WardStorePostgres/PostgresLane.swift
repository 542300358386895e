import Foundation
import PostgresNIO
import WardSQL

/// One PostgreSQL connection and the serial queue its transactions run on, one at a time.
///
/// Threading: everything here runs on `queue`, a Dispatch serial queue (not a Swift-concurrency
/// thread, so blocking it in `EventLoopFuture.wait()` starves no task); the connection is only
/// touched there, which is why the class is `@unchecked Sendable`. `perform` is how an async
/// caller gets onto the queue and is resumed when the work is done.
///
/// While the change feed finds the server lost (`health`), a lane with no open connection refuses
/// at once; the feed may also close the lane's connection from its own thread (`abort`, the only
/// thing done off the queue: `current` mirrors `connection` behind a lock for it).
final class PostgresLane: @unchecked Sendable {
    /// What the transaction is for: a lost connection means "nothing saved" to a write, and a
    /// read-only COMMIT that never answered loses nothing already read.
    enum Purpose: Sendable {
        case read, write
    }

    private let queue: DispatchQueue
    private let opener: PostgresOpener
    private let retry: PostgresRetryPolicy
    private let health: PostgresServerHealth
    private var connection: PostgresConnection? {
        didSet { currentLock.withLock { current = connection } }
    }
    private let currentLock = NSLock()
    private var current: PostgresConnection?

    init(name: String, opener: PostgresOpener, retry: PostgresRetryPolicy, health: PostgresServerHealth) {
        queue = DispatchQueue(label: "cotside.postgres.\(name)", qos: .userInitiated)
        self.opener = opener
        self.retry = retry
        self.health = health
        health.onUnresponsiveServer { [weak self] in self?.abort() }
    }

    /// Closes the connection from any thread, so a statement waiting on a server that stopped
    /// answering fails now; the lane finds it closed and forgets it on its queue.
    func abort() {
        guard let connection = currentLock.withLock({ current }) else { return }
        Self.closeSoon(connection)
    }

    deinit {
        if let connection { Self.closeSoon(connection) }
    }

    /// Runs `work` on the lane's queue and resumes the caller with its outcome.
    func perform<T: Sendable>(_ work: @escaping @Sendable (PostgresLane) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work(self) }) }
        }
    }

    /// The open connection, opened (again) when there is none or the server dropped it.
    func connected() throws -> PostgresConnection {
        dispatchPrecondition(condition: .onQueue(queue))
        if let connection, !connection.isClosed { return connection }
        connection = nil
        let opened = try opener.open()
        connection = opened
        return opened
    }

    func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        if let connection { try? Self.closeSoon(connection).wait() }
        connection = nil
    }

    /// Forgets a connection the server has given up on (closing it if it is still open).
    private func drop() {
        if let connection { Self.closeSoon(connection) }
        connection = nil
    }

    /// Starts closing (the future-returning `close`, not the async one), and keeps the connection
    /// alive until it is closed: postgres-nio requires a connection to be closed before it goes.
    @discardableResult
    private static func closeSoon(_ connection: PostgresConnection) -> EventLoopFuture<Void> {
        let closed: EventLoopFuture<Void> = connection.close()
        closed.whenComplete { _ in withExtendedLifetime(connection) {} }
        return closed
    }

    /// One transaction: `begin`, the body, COMMIT. A lost race (40001 serialization failure,
    /// 40P01 deadlock, at any statement or at COMMIT) rolls back, waits a short jittered while and
    /// runs the body again, up to `retry.maxRetries` times; anything else rolls back and is thrown.
    /// A COMMIT answered with ROLLBACK (the body caught a failed statement and went on) is thrown,
    /// never taken as success. A connection found dead at BEGIN (the server restarted or ended it
    /// while idle) is opened again once, as nothing had been sent. Lost later, before COMMIT, it
    /// is thrown as `.connectionLost` saying nothing was saved (the server rolls back what it had);
    /// lost during a write's COMMIT, whether it was applied cannot be known: thrown as
    /// `isCommitOutcomeUnknown`, never retried here. A read's lost COMMIT returns what was read.
    /// While the server is known to be lost (`health`) it is not tried: refused at once.
    func transaction<T>(_ purpose: Purpose, begin: SQLQuery, _ body: (any SQLConnection) throws -> T) throws -> T {
        dispatchPrecondition(condition: .onQueue(queue))
        var retries = 0
        var reopened = false
        while true {
            let session: PostgresSQLConnection
            do {
                if connection == nil || connection?.isClosed == true, let refusal = health.refusal(purpose) { throw refusal }
                session = PostgresSQLConnection(try connected(), logger: opener.logger, domains: opener.domains)
            } catch {
                throw purpose.unreachable(PostgresErrorMapping.engineError(error))
            }
            do {
                try session.execute(begin)
            } catch let error as SQLEngineError where error.kind == .connectionLost && !reopened {
                drop()
                reopened = true
                continue
            } catch {
                rollBack(session)
                throw purpose.unreachable(PostgresErrorMapping.engineError(error))
            }
            var result: T?
            do {
                let value = try body(session)
                result = value
                let tag = try session.commandTag("COMMIT")
                guard tag == "COMMIT" else {
                    throw SQLEngineError(kind: session.lostRace ? .serializationFailure : .other, code: "25P02",
                                         message: "the transaction was rolled back at COMMIT: a statement in it had failed")
                }
                return value
            } catch let error as SQLEngineError where error.kind == .connectionLost && result != nil {
                drop()
                if purpose == .read, let result { return result }
                throw SQLEngineError(kind: .connectionLost, code: SQLEngineError.commitOutcomeUnknownCode,
                                     message: "the connection to the PostgreSQL server was lost while saving: the change may not "
                                         + "have been saved — check before recording it again (\(error.message))")
            } catch {
                let lostRace = session.lostRace || (error as? SQLEngineError)?.kind == .serializationFailure
                rollBack(session)
                if let engineError = error as? SQLEngineError, engineError.kind == .connectionLost {
                    drop()
                    throw purpose.unreachable(engineError)
                }
                guard lostRace, retries < retry.maxRetries else { throw error }
                retries += 1
                Thread.sleep(forTimeInterval: retry.delay(beforeRetry: retries))
            }
        }
    }

    private func rollBack(_ session: PostgresSQLConnection) {
        guard !session.connection.isClosed else {
            drop()
            return
        }
        _ = try? session.execute("ROLLBACK")
    }
}

/// How often and after how long a transaction that lost a race runs again.
public struct PostgresRetryPolicy: Sendable {
    /// Runs after the first, at most; then the serialization failure is thrown.
    public var maxRetries: Int
    /// The first retry waits up to this long, each later one up to twice as long as the one before.
    public var baseDelay: TimeInterval

    public init(maxRetries: Int = 5, baseDelay: TimeInterval = 0.004) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
    }

    /// Jittered (between a quarter of the doubling ceiling and the ceiling), so two racers part ways.
    func delay(beforeRetry retry: Int) -> TimeInterval {
        let ceiling = baseDelay * Double(1 << min(retry - 1, 10))
        return Double.random(in: ceiling / 4...ceiling)
    }
}
