import Foundation

/// Adherence over a period: given slots / slots due. Only slots whose state is final count
/// (given, withheld, missed): a slot still due or overdue has not been decided yet. Withheld for a
/// clinical reason (nil by mouth, clinical decision) is counted separately and left out of the
/// denominator, so a decision not to give is not a failure.
public struct Adherence: Sendable, Hashable {
    public var given: Int
    /// Withheld for a non-clinical reason (refused, vomited, not available, other).
    public var withheld: Int
    public var withheldClinical: Int
    public var missed: Int

    public init(given: Int = 0, withheld: Int = 0, withheldClinical: Int = 0, missed: Int = 0) {
        self.given = given
        self.withheld = withheld
        self.withheldClinical = withheldClinical
        self.missed = missed
    }

    /// Slots that should have been given: all decided slots except clinical withholds.
    public var due: Int { given + withheld + missed }

    /// 0…1, nil when nothing was due.
    public var rate: Double? { due == 0 ? nil : Double(given) / Double(due) }

    /// Whole percent, nil when nothing was due.
    public var percent: Int? { rate.map { Int(($0 * 100).rounded()) } }

    public static func + (a: Adherence, b: Adherence) -> Adherence {
        Adherence(given: a.given + b.given, withheld: a.withheld + b.withheld,
                  withheldClinical: a.withheldClinical + b.withheldClinical, missed: a.missed + b.missed)
    }

    /// Counts one slot in its final state; other states are ignored.
    public mutating func count(_ state: SlotState, reason: WithheldReason?) {
        switch state {
        case .given: given += 1
        case .withheld: if reason?.isClinical == true { withheldClinical += 1 } else { withheld += 1 }
        case .missed: missed += 1
        case .upcoming, .due, .overdue: break
        }
    }

    /// Adherence of one medication over `[from, now)`: its slots in that window, their recorded
    /// statuses (keyed by scheduled instant) and the board's timing.
    public static func of(_ medication: Medication, records: [Date: (DoseStatus?, WithheldReason?, Date?)],
                          from: Date, now: Date, timing: SlotTiming, timeZone: TimeZone) -> Adherence {
        var result = Adherence()
        for slot in SlotGenerator.slots(for: medication, from: from, to: now, timeZone: timeZone) {
            let record = records[slot.scheduledAt]
            let state = timing.state(of: slot, status: record?.0, snoozedUntil: record?.2, now: now, timeZone: timeZone)
            result.count(state, reason: record?.1)
        }
        return result
    }
}
