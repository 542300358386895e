import Foundation
import WardSQL

/// One slot on the drug round.
public struct DueBoardItem: Sendable, Hashable {
    public let patientId: Int64
    public let bedLabel: String
    public let patientName: String
    public let medication: Medication
    public let slot: DoseSlot
    /// `.due` or `.overdue`.
    public let state: SlotState
    /// The scheduled time, or the snooze time when snoozed.
    public let dueAt: Date
    public let snoozedUntil: Date?
}

/// Slots due at the same time (overdue ones form their own groups, which come first).
public struct DueBoardGroup: Sendable, Hashable {
    public let dueAt: Date
    public let isOverdue: Bool
    /// In natural bed order, then drug name.
    public let items: [DueBoardItem]
}

/// The ward's drug round at one clock: every due and overdue slot of every admitted patient's
/// active scheduled medications, grouped by due time, overdue groups first (oldest first).
public struct DueBoard: Sendable, Hashable {
    public let now: Date
    public let groups: [DueBoardGroup]
    public let dueCount: Int
    public let overdueCount: Int

    /// Every item in board order.
    public var items: [DueBoardItem] { groups.flatMap(\.items) }

    static func fetch(_ db: some SQLConnection, now: Date, timeZone: TimeZone, settings: WardSettings) throws -> DueBoard {
        let timing = settings.slotTiming
        let entries = try WardSlots.load(db, now: now, timeZone: timeZone, timing: timing,
                                         lookAhead: TimeInterval(timing.windowMinutes * 60 + 60))
        let items = entries.filter { $0.state.needsAction }.map {
            DueBoardItem(patientId: $0.patient.id, bedLabel: $0.patient.bedLabel, patientName: $0.patient.name,
                         medication: $0.medication, slot: $0.slot, state: $0.state, dueAt: $0.dueAt,
                         snoozedUntil: $0.record?.snoozedUntil)
        }
        let byKey = Dictionary(grouping: items) { GroupKey(dueAt: $0.dueAt, isOverdue: $0.state == .overdue) }
        let groups = byKey.map { key, items in
            DueBoardGroup(dueAt: key.dueAt, isOverdue: key.isOverdue, items: items.sorted(by: Self.bedThenDrug))
        }.sorted { a, b in
            a.isOverdue != b.isOverdue ? a.isOverdue : a.dueAt < b.dueAt
        }
        return DueBoard(now: now, groups: groups, dueCount: items.filter { $0.state == .due }.count,
                        overdueCount: items.filter { $0.state == .overdue }.count)
    }

    private struct GroupKey: Hashable {
        let dueAt: Date
        let isOverdue: Bool
    }

    static func bedThenDrug(_ a: DueBoardItem, _ b: DueBoardItem) -> Bool {
        let beds = a.bedLabel.compare(b.bedLabel, options: [.numeric, .caseInsensitive])
        if beds != .orderedSame { return beds == .orderedAscending }
        return a.medication.drugName.lowercased() < b.medication.drugName.lowercased()
    }
}

extension SQLiteWardStore {
    public func dueBoard(now: Date, timeZone: TimeZone) async throws -> DueBoard {
        try await database.read { db in
            try DueBoard.fetch(db, now: now, timeZone: timeZone, settings: try Self.settings(db))
        }
    }
}
