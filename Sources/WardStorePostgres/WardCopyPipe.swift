import Foundation
import WardSQL

/// The rows of a ward copy on their way from the source's read transaction to the target's write
/// transaction, which run at the same time on their engines' own threads.
///
/// Threading: `send` blocks the source's thread while `capacity` pages wait, `receive` blocks the
/// target's thread while none does, so a ward larger than memory streams through a few pages. The
/// two bodies run on engine threads (GRDB's queues, a PostgreSQL lane's Dispatch queue), never
/// on Swift-concurrency threads, so blocking them starves no task. `fail` wakes both sides: when
/// either transaction fails the other stops instead of waiting for ever.
final class WardCopyPipe: @unchecked Sendable {
    enum Item {
        /// Rows of one table, in key order.
        case rows(table: String, [SQLRow])
        /// The end of a table: what the source read of it (rows counted and checksummed).
        case tableEnd(WardCopyTableSummary)
    }

    private let condition = NSCondition()
    private var items: [Item] = []
    private var failure: (any Error)?
    private let capacity: Int

    init(capacity: Int = 8) { self.capacity = capacity }

    /// Waits for room, then hands `item` on; throws the failure that stopped the copy.
    func send(_ item: Item) throws {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && failure == nil { condition.wait() }
        if let failure { throw failure }
        items.append(item)
        condition.broadcast()
    }

    /// The next item, waiting for one; throws the failure that stopped the copy.
    func receive() throws -> Item {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && failure == nil { condition.wait() }
        if let failure { throw failure }
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// Stops both sides with `error` (the first failure wins).
    func fail(_ error: any Error) {
        condition.lock()
        if failure == nil { failure = error }
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
