import Foundation
import TerminalUI
import WardStore

/// The ward's dose reminder, whatever tab is in front: keeps the status line's due/overdue
/// counts and, when a slot turns overdue, rings the bell once (preference `bellOnOverdue`) and
/// names the cot and drug on the message line. Slots already overdue at the first load are
/// counted but do not ring (nobody wants a bell storm on opening the app).
@MainActor
final class DoseReminder: CommandScreen {
    /// Overdue slots seen in the last two days (nil before the first load).
    private(set) var knownOverdue: Set<SlotKey>?
    /// The clock-based states are re-read once a minute.
    private var refresh = ClockRefresh()

    struct SlotKey: Hashable {
        let medicationId: Int64
        let scheduledAt: Date
    }

    func tick(_ context: AppContext) -> Intent {
        guard refresh.isDue(at: context.clock.now) else {
            return .ignored
        }
        return reload(context)
    }

    func reload(_ context: AppContext) -> Intent {
        guard let repository = context.repository else { return .ignored }
        let now = context.clock.now
        let zone = context.clock.timeZone
        refresh.requested(at: now)
        // Shared with the drug round when both reload together (one query for both).
        let load = context.dueBoards.load(from: repository, now: now, timeZone: zone)
        return command { _ in try await load.value }
    }

    /// A failed read says nothing: the drug round shows the store's words for the same read.
    func failed(_ error: Error, _ context: AppContext) -> Intent { .handled }

    /// The intents for a freshly loaded board: counts always, bell and message for new overdue slots.
    func update(_ board: DueBoard, _ context: AppContext) -> Intent {
        let overdue = board.items.filter { $0.state == .overdue }
        let keys = Set(overdue.map { SlotKey(medicationId: $0.medication.id, scheduledAt: $0.slot.scheduledAt) })
        let fresh = knownOverdue.map { known in overdue.filter { !known.contains(SlotKey(medicationId: $0.medication.id, scheduledAt: $0.slot.scheduledAt)) } } ?? []
        // Remembered for two days, so a record that is undone does not ring for the same slot again.
        let horizon = board.now.addingTimeInterval(-2 * 86_400)
        knownOverdue = (knownOverdue ?? []).union(keys).filter { $0.scheduledAt >= horizon }
        var intents: [Intent] = [.session(.doseCounts(DoseCounts(due: board.dueCount, overdue: board.overdueCount)))]
        if let first = fresh.first {
            let text = fresh.count == 1
                ? context.t("reminder.overdue.one", first.bedLabel, first.medication.drugName, WardFormat(context).clock(first.dueAt))
                : context.t("reminder.overdue.many", fresh.count, fresh.map { "\($0.bedLabel) \($0.medication.drugName)" }.joined(separator: ", "))
            intents.append(.message(.warning(text)))
            if context.preferences.bellOnOverdue { intents.append(.bell) }
        }
        return .all(intents)
    }
}
