import Foundation
import WardSQL

/// Whether the server is answering, as the change feed's listener last found it, shared with the
/// read and write lanes: while it is lost, a lane with no open connection refuses at once
/// instead of trying to connect (the listener reconnects, with back-off, for everyone), and a
/// server that stopped answering without closing its sockets has the lanes' connections closed,
/// so a statement waiting on one fails instead of hanging for minutes in TCP's retries.
///
/// Threading: any thread; state behind a lock. The lanes' abort handlers are called outside it.
final class PostgresServerHealth: @unchecked Sendable {
    struct Outage: Sendable {
        let since: Date
        let reason: String
    }

    private let lock = NSLock()
    private var outage: Outage?
    private var abortHandlers: [@Sendable () -> Void] = []

    /// The current outage, nil while the server answers (or nobody has looked: no feed runs).
    var currentOutage: Outage? { lock.withLock { outage } }

    /// Called for every lane; `abort` closes its connection from any thread.
    func onUnresponsiveServer(_ abort: @escaping @Sendable () -> Void) {
        lock.withLock { abortHandlers.append(abort) }
    }

    /// The listener lost the server. `unresponsive`: it stopped answering with its sockets still
    /// open (a ping timed out), so the lanes' connections are closed too.
    func lost(since: Date, reason: String, unresponsive: Bool) {
        let handlers = lock.withLock { () -> [@Sendable () -> Void] in
            if outage == nil { outage = Outage(since: since, reason: reason) }
            return unresponsive ? abortHandlers : []
        }
        for abort in handlers { abort() }
    }

    func restored() { lock.withLock { outage = nil } }

    /// The refusal a lane throws, without trying, while the server is known to be lost.
    func refusal(_ purpose: PostgresLane.Purpose, now: Date = Date()) -> SQLEngineError? {
        guard let outage = currentOutage else { return nil }
        let seconds = max(0, Int(now.timeIntervalSince(outage.since).rounded()))
        return SQLEngineError(kind: .connectionLost, code: "unreachable",
                              message: "the PostgreSQL server has not answered for \(seconds) s (\(outage.reason)); Cotside is "
                                  + "reconnecting: \(purpose.nothingDone)")
    }
}

extension PostgresLane.Purpose {
    /// What a lost connection means for the caller: nothing half-written, nothing read.
    var nothingDone: String {
        switch self {
        case .read: "nothing was read"
        case .write: "nothing was saved"
        }
    }

    /// A lost connection (before COMMIT, or no connection at all) worded for the caller.
    func unreachable(_ error: SQLEngineError) -> SQLEngineError {
        guard error.kind == .connectionLost, !error.isCommitOutcomeUnknown, error.code != "unreachable" else { return error }
        return SQLEngineError(kind: .connectionLost, code: error.code,
                              message: "the PostgreSQL server cannot be reached: \(nothingDone) (\(error.message))")
    }
}
