import Foundation
import WardStore

/// One due-board read shared by every screen that asks for it in the same reload pass: the
/// drug round and the dose reminder read the same slots at the same clock, so a reload of both
/// (start-up, a write, another workstation's change) runs the query once.
///
/// Sharing is limited to one pass (`AppShell.reloadAll` opens and closes it) so a load asked for
/// later — a tab switch, a tick — always reads the ward afresh and can never see a stale board.
@MainActor
final class SharedDueBoard {
    private var isOpen = false
    private var shared: (now: Date, timeZone: TimeZone, load: Task<DueBoard, any Error>)?
    /// Due-board queries started (tests check that a pass runs one).
    private(set) var queriesStarted = 0

    /// Starts sharing: loads asked for until `endPass` with the same clock reuse one query.
    func beginPass() { isOpen = true }

    /// Stops sharing; the next load runs its own query.
    func endPass() {
        isOpen = false
        shared = nil
    }

    /// The board at `now`: the pass's shared read when one is open and matches, else a new read.
    /// The query starts at once, so loads asked for together overlap instead of queueing.
    func load(from repository: any WardRepository, now: Date, timeZone: TimeZone) -> Task<DueBoard, any Error> {
        if isOpen, let shared, shared.now == now, shared.timeZone == timeZone { return shared.load }
        queriesStarted += 1
        let load = Task { try await repository.dueBoard(now: now, timeZone: timeZone) }
        if isOpen { shared = (now, timeZone, load) }
        return load
    }
}
