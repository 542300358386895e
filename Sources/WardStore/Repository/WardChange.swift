import Foundation

/// "Something changed in the ward": which kinds of records, and whether another process wrote
/// it (then the kinds are all of them, because `PRAGMA data_version` does not say what changed).
public struct WardChange: Sendable, Hashable {
    public let entities: Set<WardEntity>
    public let isFromAnotherProcess: Bool
    /// The ward file was replaced by a restore in another process and this one now shows the
    /// restored ward: ids it remembers (the undo, the chosen patient) belong to the old one.
    public let wardReplaced: Bool
    /// The ward's server stopped answering or is back (a ward on PostgreSQL); nil otherwise.
    public let server: WardServerState?

    public init(entities: Set<WardEntity>, isFromAnotherProcess: Bool, wardReplaced: Bool = false,
                server: WardServerState? = nil) {
        self.entities = entities
        self.isFromAnotherProcess = isFromAnotherProcess
        self.wardReplaced = wardReplaced
        self.server = server
    }

    static let external = WardChange(entities: Set(WardEntity.allCases), isFromAnotherProcess: true)
    static let replaced = WardChange(entities: Set(WardEntity.allCases), isFromAnotherProcess: true, wardReplaced: true)
}

/// A ward server's connection, as the screen tells it: lost (since when, and why, for the
/// detail), or back — after which everything is read again.
public enum WardServerState: Sendable, Hashable {
    case lost(since: Date, reason: String)
    case restored
}

/// Fans one change out to every `changes()` subscriber. Lock-protected so `changes()` can be
/// called without awaiting the actor.
final class ChangeBroadcaster: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<WardChange>.Continuation] = [:]

    func stream() -> AsyncStream<WardChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: WardChange.self, bufferingPolicy: .bufferingNewest(16))
        let key = UUID()
        lock.withLock { continuations[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.continuations.removeValue(forKey: key) }
        }
        return stream
    }

    func publish(_ change: WardChange) {
        let targets = lock.withLock { Array(continuations.values) }
        for continuation in targets { continuation.yield(change) }
    }

    func finishAll() {
        let targets = lock.withLock { () -> [AsyncStream<WardChange>.Continuation] in
            let all = Array(continuations.values)
            continuations.removeAll()
            return all
        }
        for continuation in targets { continuation.finish() }
    }
}
