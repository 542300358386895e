import Foundation
import TerminalUI
import WardStore

/// Everything that can happen to the running app, as one stream the loop awaits: input, the
/// results of work it asked for, other processes' writes, and the clock. Nothing reaches a
/// screen by any other door.
public enum AppMessage: Sendable {
    /// The terminal has input or a signal ready; the loop reads it on the main actor.
    case inputReady
    /// An event from a script (tests, benchmarks, snapshots) rather than the terminal.
    case event(TerminalEvent)
    /// A command finished: its ticket, and what the one who asked does with the result.
    case finished(CommandTicket, CommandDelivery)
    /// Another process (a second workstation, the CLI) changed the ward.
    case storeChanged(WardChange)
    /// The wall clock moved on a second: clocks, due-dose checks.
    case tick
}

/// The app's single mailbox: any thread may post; the main actor takes messages one at a time.
public final class MessageQueue: Sendable {
    private let continuation: AsyncStream<AppMessage>.Continuation
    nonisolated(unsafe) private var iterator: AsyncStream<AppMessage>.AsyncIterator

    public init() {
        let (stream, continuation) = AsyncStream.makeStream(of: AppMessage.self)
        self.continuation = continuation
        iterator = stream.makeAsyncIterator()
    }

    public func post(_ message: AppMessage) { continuation.yield(message) }

    /// The next message; only the main actor takes, so there is one consumer at a time.
    @MainActor func next() async -> AppMessage? { await iterator.next() }
}
