import Foundation

/// Where a slot stands on the board at a given clock. `paused`: nothing was recorded and the
/// slot fell inside a pause of its medication (see `PausePeriod`).
public enum SlotState: String, Sendable, Hashable, CaseIterable {
    case upcoming, due, overdue, given, withheld, missed, paused

    /// Final states never change with the clock (a paused slot stays paused: resuming does not
    /// reopen slots that fell inside the pause).
    public var isFinal: Bool { self == .given || self == .withheld || self == .missed || self == .paused }
    /// Needs someone now (the drug round shows these).
    public var needsAction: Bool { self == .due || self == .overdue }
}

/// The board's timing rules: a slot is due from `window` before its time until `window + grace`
/// after it, overdue after that, and missed once its local day has ended with nothing recorded.
public struct SlotTiming: Sendable, Hashable {
    public var windowMinutes: Int
    public var graceMinutes: Int

    public init(windowMinutes: Int = 30, graceMinutes: Int = 30) {
        self.windowMinutes = windowMinutes
        self.graceMinutes = graceMinutes
    }

    public static let standard = SlotTiming()

    /// The state of `slot` at `now`. `snoozedUntil` moves the due time (not the identity); a slot
    /// snoozed past midnight is missed only once its snoozed window has also passed. A slot with
    /// nothing recorded whose scheduled time lies in one of `pauses` is `.paused` (a status
    /// recorded anyway, say a dose given during the pause, wins).
    public func state(of slot: DoseSlot, status: DoseStatus?, snoozedUntil: Date?, pauses: [PausePeriod],
                      now: Date, timeZone: TimeZone) -> SlotState {
        switch status {
        case .given: return .given
        case .withheld: return .withheld
        case .missed: return .missed
        case nil: break
        }
        if pauses.covers(slot.scheduledAt) { return .paused }
        let dueAt = dueTime(of: slot, snoozedUntil: snoozedUntil)
        let window = TimeInterval(windowMinutes * 60)
        let overdueAfter = dueAt.addingTimeInterval(window + TimeInterval(graceMinutes * 60))
        let endOfDay = WardLocalTime.startOfDay(slot.day.adding(days: 1), in: timeZone)
        if now >= max(endOfDay, overdueAfter) { return .missed }
        if now < dueAt.addingTimeInterval(-window) { return .upcoming }
        return now <= overdueAfter ? .due : .overdue
    }

    /// When the slot is due: its scheduled time, or the snooze time when later.
    public func dueTime(of slot: DoseSlot, snoozedUntil: Date?) -> Date {
        max(slot.scheduledAt, snoozedUntil ?? slot.scheduledAt)
    }

    /// The instant a slot without a status turns overdue.
    public func overdueAfter(_ slot: DoseSlot, snoozedUntil: Date?) -> Date {
        dueTime(of: slot, snoozedUntil: snoozedUntil)
            .addingTimeInterval(TimeInterval((windowMinutes + graceMinutes) * 60))
    }
}

/// The snooze choices on the board.
public enum SnoozeOption: Int, Sendable, CaseIterable {
    case tenMinutes = 10, thirtyMinutes = 30, sixtyMinutes = 60

    /// The new due time: `minutes` after now, or after the current snooze when that is later.
    public func snoozedUntil(now: Date, current: Date?) -> Date {
        max(now, current ?? now).addingTimeInterval(TimeInterval(rawValue * 60))
    }
}
