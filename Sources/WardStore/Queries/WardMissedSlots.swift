import Foundation
import GRDB

/// Never-recorded missed doses per ward day across every cot: the scheduled slots that the drug
/// round turned "missed" (nothing recorded by the end of their day, not inside a pause) and that
/// nobody charted since. They have no row, so the hourly summary cannot count them; they are
/// counted here as expected slots minus slots with an answer, on the day of their scheduled time.
///
/// Two years of a 174-cot ward hold ~15 000 scheduled courses, too many to expand slot by slot
/// with Foundation's calendar inside the 200 ms budget, so most of the work is arithmetic:
///
/// - Settled days (every slot of them is past its day and its overdue time, so "no answer" means
///   missed): per course, a whole ward day with no clock change near it has exactly as many
///   fixed-time slots as the course has times; a partial day at the course's start, stop or the
///   patient's admission or discharge is counted from the wall-clock times with that day's
///   constant UTC offset; an every-N-hours course uses the closed form of `SlotGenerator`
///   (`intervalSlots`); only days near a clock change run the generator itself. The answered
///   slots of those courses (a final status, or a snooze that still holds the slot open) are one
///   aggregate over `dose_record_live_medication`, binned into ward days in SQL.
/// - Slot by slot, exactly as the drug round does (`SlotGenerator`, `SlotTiming.state` with the
///   pause periods): the days not yet settled (yesterday and today), and the few courses for
///   which a count of rows is not a count of slots — courses ever paused (their paused slots are
///   never missed) and courses edited since they were written (an edited schedule leaves rows on
///   times that are no longer slots).
///
/// Courses of soft-deleted patients and medications do not count; a course's slots are those
/// during the patient's stay (from admission, none after discharge), as on every other screen.
struct WardMissedSlots {
    let days: [WardDay]
    let now: Date
    let timeZone: TimeZone
    let timing: SlotTiming

    static let dayMs: Int64 = 86_400_000

    /// A course needs slot-by-slot treatment when it was ever paused or changed after it was written.
    static let slotBySlotSQL = """
        (m.updatedAt <> m.createdAt OR EXISTS (SELECT 1 FROM medication_pause q WHERE q.medicationId = m.id))
        """

    /// One scheduled medication and the span its slots may fall in (ms).
    struct Course {
        let id: Int64
        let schedule: MedicationSchedule
        /// Sorted distinct minutes after midnight (fixed times only).
        let minutes: [Int]
        let startsAt: Int64
        let lower: Int64
        let upper: Int64
        let slotBySlot: Bool
    }

    /// Missed slots with no row (or a row holding no final status), per day of `days`.
    func count(_ db: Database) throws -> [Int] {
        var missed = Array(repeating: 0, count: days.count)
        guard !days.isEmpty else { return missed }
        let grid = DayGrid(days, timeZone: timeZone)
        let nowMs = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        let waitMs = Int64(timing.windowMinutes + timing.graceMinutes) * 60_000
        let windowStart = grid.starts[0]
        let windowEnd = min(grid.ends[days.count - 1], nowMs + 1)
        // Slots before `settled` are missed exactly when nothing answers them: their local day
        // ended before today and their overdue time is past (unless a snooze moved it).
        let today = WardLocalTime.startOfDay(CalendarDay(now, in: timeZone), in: timeZone)
        let settledBy = min(StoredTime.milliseconds(today), nowMs - waitMs)
        let settledDays = grid.ends.prefix { $0 <= settledBy }.count
        let settled = settledDays > 0 ? grid.ends[settledDays - 1] : windowStart

        let courses = try fetchCourses(db, from: windowStart, to: windowEnd)
        var slotBySlot: [(Course, from: Int64)] = []
        for course in courses {
            if course.slotBySlot {
                slotBySlot.append((course, from: max(course.lower, windowStart)))
                continue
            }
            let from = max(course.lower, windowStart), to = min(course.upper, settled)
            if from < to { grid.addExpected(course, from: from, to: to, into: &missed, timeZone: timeZone) }
            if course.upper > settled && course.lower < windowEnd { slotBySlot.append((course, from: max(course.lower, settled))) }
        }
        if settledDays > 0 {
            for row in try Row.fetchAll(db, sql: answeredSQL(grid, settledDays: settledDays, openAfter: nowMs - waitMs)) {
                missed[row[0] as Int] -= row[1] as Int
            }
        }
        try countSlotBySlot(db, slotBySlot, windowEnd: windowEnd, grid: grid, into: &missed)
        return missed
    }

    /// The scheduled medications of patients not deleted whose stay-capped span meets the window.
    private func fetchCourses(_ db: Database, from: Int64, to: Int64) throws -> [Course] {
        let open = Int64.max
        let rows = try Row.fetchCursor(db, sql: """
            SELECT m.id, m.scheduleKind, m.scheduleTimes, m.intervalHours, m.startsAt,
                max(m.startsAt, p.admittedAt), min(coalesce(m.endsAt, \(open)), coalesce(p.dischargedAt, \(open))),
                \(Self.slotBySlotSQL)
            FROM patient p CROSS JOIN medication m ON m.patientId = p.id AND m.deletedAt IS NULL
                AND m.scheduleKind <> 'asNeeded'
            WHERE p.deletedAt IS NULL AND m.startsAt < \(to) AND (m.endsAt IS NULL OR m.endsAt > \(from))
                AND (p.dischargedAt IS NULL OR p.dischargedAt > \(from))
            """)
        var schedules: [String: (MedicationSchedule, [Int])] = [:]
        var out: [Course] = []
        while let row = try rows.next() {
            let lower: Int64 = row[5], upper: Int64 = row[6]
            guard lower < upper, lower < to, upper > from else { continue }
            let kind: String = row[1]
            let times: String? = row[2]
            let hours: Int? = row[3]
            let key = "\(kind) \(times ?? "") \(hours ?? 0)"
            let parsed: (MedicationSchedule, [Int])
            if let known = schedules[key] {
                parsed = known
            } else {
                guard let schedule = MedicationSchedule.fromColumns(kind: kind, times: times, intervalHours: hours,
                                                                    minimumIntervalMinutes: nil, maxDosesPer24h: nil) else {
                    throw WardStoreError("medication \(row[0] as Int64) has an unreadable schedule (\(kind))")
                }
                var minutes: [Int] = []
                if case .fixedTimes(let list) = schedule { minutes = Array(Set(list.map(\.minutesSinceMidnight))).sorted() }
                parsed = (schedule, minutes)
                schedules[key] = parsed
            }
            out.append(Course(id: row[0], schedule: parsed.0, minutes: parsed.1, startsAt: row[4], lower: lower, upper: upper,
                              slotBySlot: row[7]))
        }
        return out
    }

    /// Per settled day, the slots of the arithmetic courses that have an answer: a final status,
    /// or a snooze that keeps the slot open at `now`. One range search per course on the
    /// covering `dose_record_live_medication`; the snooze time is read (from the table) only for
    /// rows without a status.
    private func answeredSQL(_ grid: DayGrid, settledDays: Int, openAfter: Int64) -> String {
        let start = grid.starts[0], end = grid.ends[settledDays - 1]
        return """
            SELECT \(grid.dayIndexSQL("r.scheduledAt", days: settledDays)) AS i, count(*)
            FROM patient p CROSS JOIN medication m ON m.patientId = p.id AND m.deletedAt IS NULL
                AND m.scheduleKind <> 'asNeeded' AND NOT \(Self.slotBySlotSQL)
            CROSS JOIN dose_record r ON r.medicationId = m.id AND r.deletedAt IS NULL
                AND r.scheduledAt >= max(m.startsAt, p.admittedAt, \(start))
                AND r.scheduledAt < min(coalesce(m.endsAt, \(end)), coalesce(p.dischargedAt, \(end)), \(end))
            WHERE p.deletedAt IS NULL AND CASE WHEN r.status IS NOT NULL THEN 1 ELSE r.snoozedUntil > \(openAfter) END
            GROUP BY i
            """
    }

    /// Slot by slot with the drug round's rules: each course from `from` to the window's end.
    private func countSlotBySlot(_ db: Database, _ courses: [(Course, from: Int64)], windowEnd: Int64, grid: DayGrid,
                                 into missed: inout [Int]) throws {
        let work = courses.filter { $0.from < min($0.0.upper, windowEnd) }
        guard !work.isEmpty else { return }
        let ids = work.map(\.0.id)
        let earliest = work.map(\.from).min()!
        var records: [Int64: [Int64: (DoseStatus?, Date?)]] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT medicationId, scheduledAt, status, CASE WHEN status IS NULL THEN snoozedUntil END FROM dose_record
            WHERE medicationId IN (\(ids.map(String.init).joined(separator: ","))) AND deletedAt IS NULL
                AND scheduledAt >= \(earliest) AND scheduledAt < \(windowEnd)
            """)
        while let row = try rows.next() {
            records[row[0], default: [:]][row[1]] = ((row[2] as String?).flatMap(DoseStatus.init(rawValue:)),
                                                     (row[3] as Int64?).map(StoredTime.date(milliseconds:)))
        }
        let pauses = try MedicationPause.periods(db, medicationIds: ids, from: StoredTime.date(milliseconds: earliest),
                                                 to: StoredTime.date(milliseconds: windowEnd))
        let date = StoredTime.date(milliseconds:)
        for (course, from) in work {
            let paused = pauses[course.id] ?? []
            let mine = records[course.id] ?? [:]
            for slot in SlotGenerator.slots(medicationId: course.id, schedule: course.schedule, startsAt: date(course.startsAt),
                                            endsAt: date(course.upper), from: date(from), to: date(windowEnd),
                                            timeZone: timeZone) {
                let ms = StoredTime.milliseconds(slot.scheduledAt)
                let record = mine[ms]
                guard record?.0 == nil else { continue }
                if timing.state(of: slot, status: nil, snoozedUntil: record?.1, pauses: paused, now: now,
                                timeZone: timeZone) == .missed {
                    missed[grid.index(of: ms)] += 1
                }
            }
        }
    }
}

/// The ward days as milliseconds, with what counting slots arithmetically needs: for each day
/// whose zone offset is the same from three days before its start to three days after (no clock
/// change near it, so every wall-clock time near it maps to `local − offset`), that offset and
/// the local day number its start falls on.
struct DayGrid {
    let starts: [Int64]
    let ends: [Int64]
    /// Seconds east of UTC; nil for a day near a clock change.
    let offsets: [Int64?]
    /// Days since 1970-01-01 of the local date on which each day starts.
    let localDays: [Int64]

    init(_ days: [WardDay], timeZone: TimeZone) {
        starts = days.map { StoredTime.milliseconds($0.start) }
        ends = days.map { StoredTime.milliseconds($0.end) }
        var offsets: [Int64?] = []
        var localDays: [Int64] = []
        for (start, end) in zip(starts, ends) {
            let seconds = Double(start) / 1000
            let samples = (-3...3).map { timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds + Double($0) * 86_400)) }
            let offset = Int64(samples[3])
            let steady = end - start == WardMissedSlots.dayMs && samples.allSatisfy { Int64($0) == offset }
            offsets.append(steady ? offset : nil)
            localDays.append(Self.floorDiv(start / 1000 + offset, 86_400))
        }
        self.offsets = offsets
        self.localDays = localDays
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// The day holding `ms` (the last day starting at or before it).
    func index(of ms: Int64) -> Int {
        var low = 0, high = starts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if starts[mid] <= ms { low = mid } else { high = mid }
        }
        return low
    }

    /// Adds a course's slots in `[from, to)` (ms, inside the days) to their days.
    func addExpected(_ course: WardMissedSlots.Course, from: Int64, to: Int64, into counts: inout [Int], timeZone: TimeZone) {
        let first = index(of: from), last = index(of: to - 1)
        let date = StoredTime.date(milliseconds:)
        for i in first...last {
            let a = max(from, starts[i]), b = min(to, ends[i])
            guard a < b else { continue }
            switch course.schedule {
            case .everyHours(let hours):
                counts[i] += SlotGenerator.intervalSlots(startsAt: date(course.startsAt), hours: hours, lower: date(a),
                                                         upper: date(b)).count
            case .fixedTimes:
                if let offset = offsets[i] {
                    if a == starts[i] && b == ends[i] {
                        counts[i] += course.minutes.count
                    } else {
                        // The slots of the local days around this one, at local − offset.
                        for day in localDays[i] - 1...localDays[i] + 1 {
                            for minute in course.minutes {
                                let at = (day * 86_400 + Int64(minute) * 60 - offset) * 1000
                                if at >= a && at < b { counts[i] += 1 }
                            }
                        }
                    }
                } else {
                    counts[i] += SlotGenerator.slots(medicationId: course.id, schedule: course.schedule,
                                                     startsAt: date(course.startsAt), endsAt: nil, from: date(a), to: date(b),
                                                     timeZone: timeZone).count
                }
            case .asNeeded:
                break
            }
        }
    }

    /// SQL mapping a time column inside the first `count` days to its day index: runs of 24-hour
    /// days by division, a 23- or 25-hour day (a clock change) as its own index.
    func dayIndexSQL(_ column: String, days count: Int) -> String {
        var runs: [(index: Int, start: Int64, uniform: Bool)] = []
        for i in 0..<count {
            let uniform = ends[i] - starts[i] == WardMissedSlots.dayMs
            if let last = runs.last, last.uniform, uniform { continue }
            runs.append((i, starts[i], uniform))
        }
        func value(_ run: (index: Int, start: Int64, uniform: Bool)) -> String {
            run.uniform ? "\(run.index) + (\(column) - \(run.start)) / \(WardMissedSlots.dayMs)" : "\(run.index)"
        }
        guard runs.count > 1 else { return value(runs[0]) }
        let branches = zip(runs, runs.dropFirst()).map { run, next in "WHEN \(column) < \(next.start) THEN \(value(run))" }
        return "CASE \(branches.joined(separator: " ")) ELSE \(value(runs[runs.count - 1])) END"
    }
}
