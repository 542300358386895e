import Foundation
import TerminalUI
import WardStore

/// What a command's result becomes once it is back on the main actor: the intent of the one
/// who asked, made from its typed result.
public typealias CommandDelivery = @MainActor @Sendable (AppContext) -> Intent

/// Numbers each command, so its result can be matched to who asked and dropped when stale.
public struct CommandTicket: Hashable, Sendable {
    let number: Int
}

/// Work against the store that a screen asks for by returning it (`Intent.command`). The
/// shell runs it off the main actor and posts the result back as a message; the screen never
/// holds a task. A newer command from the same asker with the same `tag` makes an older one's
/// result stale, and a load whose screen has closed is dropped: both in one place (the shell).
public struct Command: Sendable {
    /// What asked for it, within one asker ("load", "page", "more").
    public var tag: String
    /// Tags this command makes stale as well as its own (a reload outdates "more").
    public var supersedes: Set<String>
    /// Writes are never dropped: a saved entry's message and undo must not be lost.
    public var isWrite: Bool
    let work: @Sendable (any WardRepository) async -> CommandDelivery

    public init(tag: String, supersedes: Set<String> = [], isWrite: Bool = false,
                work: @escaping @Sendable (any WardRepository) async -> CommandDelivery) {
        self.tag = tag
        self.supersedes = supersedes
        self.isWrite = isWrite
        self.work = work
    }
}

/// Anything that asks for store work: every screen, and the dose reminder.
@MainActor
public protocol CommandAsker: AnyObject, Sendable {
    /// A command or write it asked for failed: the store's words on the message line by
    /// default; forms put them at their fields.
    func failed(_ error: Error, _ context: AppContext) -> Intent
}

extension CommandAsker {
    public func failed(_ error: Error, _ context: AppContext) -> Intent { .message(.error(WardTask.describe(error, context))) }
}

/// An asker whose loads come back to it as its own typed results.
@MainActor
public protocol CommandScreen: CommandAsker {
    /// What this screen's commands bring back (one case per kind of result).
    associatedtype Loaded: Sendable
    /// A result for this screen arrived (never a stale one).
    func update(_ loaded: Loaded, _ context: AppContext) -> Intent
}

extension CommandScreen {
    /// Asks the app to run `work` against the store and hand its result to `update`; a failure
    /// goes to `failed` (the store's words on the message line, or at a form's fields).
    public func command(_ tag: String = "load", supersedes: Set<String> = [],
                        _ work: @escaping @Sendable (any WardRepository) async throws -> Loaded) -> Intent {
        .command(Command(tag: tag, supersedes: supersedes) { [self] repository in
            do {
                let loaded = try await work(repository)
                return { context in self.update(loaded, context) }
            } catch {
                return { context in self.failed(error, context) }
            }
        })
    }
}
