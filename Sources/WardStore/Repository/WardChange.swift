import Foundation

/// "Something changed in the ward": which kinds of records, and whether another process wrote
/// it (then the kinds are all of them, because `PRAGMA data_version` does not say what changed).
public struct WardChange: Sendable, Hashable {
    public let entities: Set<WardEntity>
    public let isFromAnotherProcess: Bool

    public init(entities: Set<WardEntity>, isFromAnotherProcess: Bool) {
        self.entities = entities
        self.isFromAnotherProcess = isFromAnotherProcess
    }

    static let external = WardChange(entities: Set(WardEntity.allCases), isFromAnotherProcess: true)
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
