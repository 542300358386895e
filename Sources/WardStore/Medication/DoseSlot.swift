import Foundation

/// One scheduled dose: a medication at an instant. `(medicationId, scheduledAt)` is its identity,
/// kept when it is snoozed or recorded.
public struct DoseSlot: Sendable, Hashable, Comparable {
    public let medicationId: Int64
    public let scheduledAt: Date
    /// The ward-local day and nominal wall time it belongs to (02:30 stays "02:30" on the
    /// spring-forward day although it is given at 03:30 local).
    public let day: CalendarDay
    public let time: TimeOfDay

    public init(medicationId: Int64, scheduledAt: Date, day: CalendarDay, time: TimeOfDay) {
        self.medicationId = medicationId
        self.scheduledAt = scheduledAt
        self.day = day
        self.time = time
    }

    public static func < (a: DoseSlot, b: DoseSlot) -> Bool {
        (a.scheduledAt, a.medicationId) < (b.scheduledAt, b.medicationId)
    }
}

/// Generates a medication's slots. Pure: the medication, a window and the ward's time zone in.
public enum SlotGenerator {
    /// Slots whose scheduled instant is in `[from, to)`, within the medication's start/end, in
    /// time order. As-needed medications have none. Pausing does not remove slots (the board
    /// and adherence decide what a pause means).
    public static func slots(for medication: Medication, from: Date, to: Date, timeZone: TimeZone) -> [DoseSlot] {
        let lower = max(from, medication.startsAt)
        let upper = medication.endsAt.map { min($0, to) } ?? to
        guard lower < upper else { return [] }
        switch medication.schedule {
        case .asNeeded:
            return []
        case .fixedTimes(let times):
            let sorted = Array(Set(times)).sorted()
            var day = CalendarDay(lower, in: timeZone).adding(days: -1)  // a skipped time may land after midnight
            let lastDay = CalendarDay(upper, in: timeZone)
            var out: [DoseSlot] = []
            while day <= lastDay {
                for time in sorted {
                    let at = WardLocalTime.instant(on: day, at: time, in: timeZone)
                    if at >= lower && at < upper {
                        out.append(DoseSlot(medicationId: medication.id, scheduledAt: at, day: day, time: time))
                    }
                }
                day = day.adding(days: 1)
            }
            return out.sorted()
        case .everyHours(let hours):
            guard hours > 0 else { return [] }
            let step = Double(hours) * 3600
            let start = medication.startsAt.timeIntervalSince1970
            var k = max(0, Int(ceil((lower.timeIntervalSince1970 - start) / step)))
            var out: [DoseSlot] = []
            while true {
                let at = Date(timeIntervalSince1970: start + Double(k) * step)
                if at >= upper { break }
                if at >= lower {
                    out.append(DoseSlot(medicationId: medication.id, scheduledAt: StoredTime.truncated(at),
                                        day: CalendarDay(at, in: timeZone),
                                        time: WardLocalTime.timeOfDay(at, in: timeZone)))
                }
                k += 1
            }
            return out
        }
    }

    /// The slots of one local day (midnight to midnight in the ward's zone).
    public static func slots(for medication: Medication, on day: CalendarDay, timeZone: TimeZone) -> [DoseSlot] {
        let from = WardLocalTime.startOfDay(day, in: timeZone)
        let to = WardLocalTime.startOfDay(day.adding(days: 1), in: timeZone)
        return slots(for: medication, from: from, to: to, timeZone: timeZone)
            .filter { $0.day == day }
    }
}
