import Foundation

/// Adherence over a period: given slots / slots due. Only slots whose state is final count
/// (given, withheld, missed): a slot still due or overdue has not been decided yet. Withheld for a
/// clinical reason (nil by mouth, clinical decision) is counted separately and left out of the
/// denominator, so a decision not to give is not a failure. Slots that fell while the medication
/// was paused are counted in `paused` and left out of both numerator and denominator.
public struct Adherence: Sendable, Hashable {
    public var given: Int
    /// Withheld for a non-clinical reason (refused, vomited, not available, other).
    public var withheld: Int
    public var withheldClinical: Int
    public var missed: Int
    /// Slots inside a pause with nothing recorded: shown, never counted.
    public var paused: Int

    public init(given: Int = 0, withheld: Int = 0, withheldClinical: Int = 0, missed: Int = 0, paused: Int = 0) {
        self.given = given
        self.withheld = withheld
        self.withheldClinical = withheldClinical
        self.missed = missed
        self.paused = paused
    }

    /// Slots that should have been given: all decided slots except clinical withholds.
    public var due: Int { given + withheld + missed }

    /// 0…1, nil when nothing was due.
    public var rate: Double? { due == 0 ? nil : Double(given) / Double(due) }

    /// Whole percent, nil when nothing was due.
    public var percent: Int? { rate.map { Int(($0 * 100).rounded()) } }

    public static func + (a: Adherence, b: Adherence) -> Adherence {
        Adherence(given: a.given + b.given, withheld: a.withheld + b.withheld,
                  withheldClinical: a.withheldClinical + b.withheldClinical, missed: a.missed + b.missed,
                  paused: a.paused + b.paused)
    }

    /// Counts one slot in its final state; other states are ignored.
    public mutating func count(_ state: SlotState, reason: WithheldReason?) {
        switch state {
        case .given: given += 1
        case .withheld: if reason?.isClinical == true { withheldClinical += 1 } else { withheld += 1 }
        case .missed: missed += 1
        case .paused: paused += 1
        case .upcoming, .due, .overdue: break
        }
    }

    /// Adherence of one medication over `[from, now)`: its slots in that window during the
    /// patient's stay (none after discharge), their recorded statuses (keyed by scheduled
    /// instant), its pause periods and the board's timing.
    public static func of(_ medication: Medication, during stay: PatientStay,
                          records: [Date: (DoseStatus?, WithheldReason?, Date?)],
                          pauses: [PausePeriod], from: Date, now: Date, timing: SlotTiming,
                          timeZone: TimeZone) -> Adherence {
        var result = Adherence()
        for slot in SlotGenerator.slots(for: medication, during: stay, from: from, to: now, timeZone: timeZone) {
            let record = records[slot.scheduledAt]
            let state = timing.state(of: slot, status: record?.0, snoozedUntil: record?.2, pauses: pauses, now: now,
                                     timeZone: timeZone)
            result.count(state, reason: record?.1)
        }
        return result
    }
}
