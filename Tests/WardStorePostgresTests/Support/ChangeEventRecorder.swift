import Foundation
import WardSQL

/// Reads a change feed's stream in a task of its own and keeps every event with the time it
/// arrived, so a test can wait for one and then look at all of them. `stop()` cancels the
/// reading task, which ends the subscription.
final class ChangeEventRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [(event: SQLChangeEvent, at: ContinuousClock.Instant)] = []
    private var task: Task<Void, Never>?

    init(_ stream: AsyncStream<SQLChangeEvent>) {
        task = Task { [weak self] in
            for await event in stream {
                let at = ContinuousClock.now
                self?.lock.withLock { self?.received.append((event, at)) }
            }
        }
    }

    deinit { task?.cancel() }

    func stop() { task?.cancel() }

    var events: [SQLChangeEvent] { lock.withLock { received.map(\.event) } }

    /// Waits (polling) for the first event from position `start` on that satisfies `match`; its
    /// index and arrival time, or nil after `timeout`.
    func first(from start: Int = 0, within timeout: Duration,
               where match: (SQLChangeEvent) -> Bool) async -> (index: Int, at: ContinuousClock.Instant)? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let found = lock.withLock { () -> (Int, ContinuousClock.Instant)? in
                guard start < received.count else { return nil }
                return received[start...].enumerated().first { match($0.element.event) }.map { (start + $0.offset, $0.element.at) }
            }
            if let found { return found }
            guard ContinuousClock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

extension SQLChangeEvent {
    var isLost: Bool { if case .connectionLost = self { true } else { false } }

    /// `.connectionLost` with its details left out, so a sequence of events can be compared.
    var shape: String {
        switch self {
        case .tablesChanged(let tables): "tables \(tables.sorted().joined(separator: ","))"
        case .anythingMayHaveChanged: "anything"
        case .connectionLost: "lost"
        case .connectionRestored: "restored"
        }
    }
}
