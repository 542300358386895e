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
        slots(medicationId: medication.id, schedule: medication.schedule, startsAt: medication.startsAt,
              endsAt: medication.endsAt, from: from, to: to, timeZone: timeZone)
    }

    /// The same from a medication's schedule fields (what the ward view reads without building
    /// whole `Medication` values).
    static func slots(medicationId: Int64, schedule: MedicationSchedule, startsAt: Date, endsAt: Date?, from: Date, to: Date,
                      timeZone: TimeZone) -> [DoseSlot] {
        let lower = max(from, startsAt)
        let upper = endsAt.map { min($0, to) } ?? to
        guard lower < upper else { return [] }
        switch schedule {
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
                        out.append(DoseSlot(medicationId: medicationId, scheduledAt: at, day: day, time: time))
                    }
                }
                day = day.adding(days: 1)
            }
            return out.sorted()
        case .everyHours(let hours):
            guard hours > 0 else { return [] }
            return intervalSlots(startsAt: startsAt, hours: hours, lower: lower, upper: upper).map { k in
                let at = Date(timeIntervalSince1970: startsAt.timeIntervalSince1970 + Double(k) * (Double(hours) * 3600))
                return DoseSlot(medicationId: medicationId, scheduledAt: StoredTime.truncated(at), day: CalendarDay(at, in: timeZone),
                                time: WardLocalTime.timeOfDay(at, in: timeZone))
            }
        }
    }

    /// The slots of a patient's medication that fall during their stay: as above, with the window
    /// also capped at admission and at discharge. Every screen that shows a patient's slots (their
    /// medication list, a medication's history, adherence, Trends) asks through this, so a
    /// discharged stay has no slots (and no missed doses) after the discharge.
    public static func slots(for medication: Medication, during stay: PatientStay, from: Date, to: Date,
                             timeZone: TimeZone) -> [DoseSlot] {
        let (lower, upper) = stay.clamp(from: from, to: to)
        return slots(for: medication, from: lower, to: upper, timeZone: timeZone)
    }

    /// Which doses of an every-N-hours schedule fall in `[lower, upper)`: dose k is at
    /// `startsAt + k × N h` (k ≥ 0), compared in the same floating-point seconds as the slots
    /// themselves, so counting doses without making them (the ward view) agrees with the slots to
    /// the boundary, even when a course ends exactly on a dose.
    static func intervalSlots(startsAt: Date, hours: Int, lower: Date, upper: Date) -> Range<Int> {
        let start = startsAt.timeIntervalSince1970, step = Double(hours) * 3600
        func at(_ k: Int) -> Date { Date(timeIntervalSince1970: start + Double(k) * step) }
        guard lower < upper, hours > 0 else { return 0..<0 }
        let first = max(0, Int(ceil((lower.timeIntervalSince1970 - start) / step)))
        var a = first
        while at(a) < lower { a += 1 }
        var b = max(first, Int(ceil((upper.timeIntervalSince1970 - start) / step)))
        while b > first && at(b - 1) >= upper { b -= 1 }
        while at(b) < upper { b += 1 }
        return a < b ? a..<b : a..<a
    }

    /// The slots of one local day (midnight to midnight in the ward's zone).
    public static func slots(for medication: Medication, on day: CalendarDay, timeZone: TimeZone) -> [DoseSlot] {
        let from = WardLocalTime.startOfDay(day, in: timeZone)
        let to = WardLocalTime.startOfDay(day.adding(days: 1), in: timeZone)
        return slots(for: medication, from: from, to: to, timeZone: timeZone)
            .filter { $0.day == day }
    }
}

/// The span of a patient's stay that their medications' slots may fall in: from admission until
/// discharge (open while they are still on the ward).
public struct PatientStay: Sendable, Hashable {
    public var admittedAt: Date
    public var dischargedAt: Date?

    public init(admittedAt: Date, dischargedAt: Date?) {
        self.admittedAt = admittedAt
        self.dischargedAt = dischargedAt
    }

    /// `[from, to)` narrowed to the stay (empty, `lower >= upper`, when they do not meet).
    public func clamp(from: Date, to: Date) -> (lower: Date, upper: Date) {
        (max(from, admittedAt), dischargedAt.map { min(to, $0) } ?? to)
    }

    /// True when `instant` lies in the stay.
    public func contains(_ instant: Date) -> Bool {
        instant >= admittedAt && (dischargedAt.map { instant < $0 } ?? true)
    }
}

extension Patient {
    /// Admission to discharge.
    public var stay: PatientStay { PatientStay(admittedAt: admittedAt, dischargedAt: dischargedAt) }
}
