import Foundation
import WardSQL

/// Never-recorded missed doses per ward day across every cot: the scheduled slots that the drug
/// round turned "missed" (nothing recorded by the end of their day, not inside a pause) and that
/// nobody charted since. They have no row, so the hourly summary cannot count them; they are
/// counted here as expected slots minus slots with an answer, on the day of their scheduled time.
///
/// Two years of a 174-cot ward hold ~12 000 scheduled courses (~120 000 slots), too many to
/// expand slot by slot with Foundation's calendar inside the 200 ms budget, so most of the work
/// is arithmetic:
///
/// - Settled days (every slot of them is past its day and its overdue time, so "no answer" means
///   missed): per course, a whole ward day with no clock change near it has exactly as many
///   fixed-time slots as the course has times; a partial day at the course's start, stop or the
///   patient's admission or discharge is counted from the wall-clock times with that day's
///   constant UTC offset; an every-N-hours course uses the closed form of `SlotGenerator`
///   (`intervalSlots`); only on days near a clock change is each time converted by
///   `WardLocalTime`, as the generator converts it. The answered
///   slots of those courses (a final status, or a snooze that still holds the slot open) are
///   taken off their days in one ordered pass over the covering `dose_record_live_medication`
///   (see `subtractAnswered` for why not a GROUP BY).
/// - Slot by slot, exactly as the drug round does (`SlotGenerator`, `SlotTiming.state` with the
///   pause periods): the days not yet settled (yesterday and today), and the few courses for
///   which a count of rows is not a count of slots — courses ever paused (their paused slots are
///   never missed) and courses edited since they were written (an edited schedule leaves rows on
///   times that are no longer slots).
///
/// Courses of soft-deleted patients and medications do not count; a course's slots are those
/// during the patient's stay (from admission, none after discharge), as on every other screen.
///
/// The arithmetic rests on one fact of the store: a row of a course never edited is a slot of its
/// schedule (statuses and snoozes are only accepted for a slot `SlotGenerator` makes, in the
/// ward's time zone). Were the ward's zone changed after doses were charted, old fixed-time rows
/// would no longer be slots, the drug round would show those slots unanswered, and this count
/// would still take the rows as answers.
struct WardMissedSlots {
    let days: [WardDay]
    let now: Date
    let timeZone: TimeZone
    let timing: SlotTiming

    static let dayMs: Int64 = 86_400_000

    /// A course needs slot-by-slot treatment when it was ever paused or changed after it was
    /// written. (`IN` builds the set of paused medications once; a correlated `EXISTS` per course
    /// cost 15 ms on the 174-cot ward.)
    static let slotBySlotSQL: SQLQuery = """
        (m.updatedAt <> m.createdAt OR m.id IN (SELECT medicationId FROM medication_pause))
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
    func count(_ db: some SQLConnection) throws -> [Int] {
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
            try subtractAnswered(db, courses, from: windowStart, to: settled, openAfter: nowMs - waitMs, grid: grid, from: &missed)
        }
        try countSlotBySlot(db, slotBySlot, settled: settled, windowEnd: windowEnd, grid: grid, into: &missed)
        return missed
    }

    /// The scheduled medications of patients not deleted whose stay-capped span meets the window,
    /// by id. The medication table is the outer loop (rowid order, no sort).
    private func fetchCourses(_ db: some SQLConnection, from: Int64, to: Int64) throws -> [Course] {
        let open = Int64.max
        // SQLite: CROSS JOIN keeps the medication table as the outer loop.
        let sql: SQLQuery = """
            SELECT m.id, coalesce(m.intervalHours, 0), m.scheduleTimes, m.startsAt,
                \(sql: .greatest("m.startsAt", "p.admittedAt")),
                \(sql: .least("coalesce(m.endsAt, \(open))", "coalesce(p.dischargedAt, \(open))")),
                \(sql: Self.slotBySlotSQL)
            FROM medication m \(sql: .orderedJoin) patient p ON p.id = m.patientId AND p.deletedAt IS NULL
            WHERE m.deletedAt IS NULL AND m.scheduleKind <> 'asNeeded' AND m.startsAt < \(to)
                AND (m.endsAt IS NULL OR m.endsAt > \(from)) AND (p.dischargedAt IS NULL OR p.dischargedAt > \(from))
            ORDER BY m.id
            """
        var fixed: [String: (MedicationSchedule, [Int])] = [:]
        var out: [Course] = []
        try db.forEachRow(sql) { row in
            let id = try row.column(at: 0, as: Int64.self), hours = try row.column(at: 1, as: Int.self)
            let lower = try row.column(at: 4, as: Int64.self), upper = try row.column(at: 5, as: Int64.self)
            guard lower < upper, lower < to, upper > from else { return }
            let schedule: MedicationSchedule, minutes: [Int]
            if hours > 0 {
                (schedule, minutes) = (.everyHours(hours), [])
            } else {
                let text = try row.column(at: 2, as: String?.self) ?? ""
                if let known = fixed[text] {
                    (schedule, minutes) = known
                } else {
                    guard let parsed = MedicationSchedule.fromColumns(kind: "fixedTimes", times: text, intervalHours: nil,
                                                                      minimumIntervalMinutes: nil, maxDosesPer24h: nil),
                          case .fixedTimes(let list) = parsed else {
                        throw WardStoreError("medication \(id) has unreadable times '\(text)'")
                    }
                    (schedule, minutes) = (parsed, Array(Set(list.map(\.minutesSinceMidnight))).sorted())
                    fixed[text] = (schedule, minutes)
                }
            }
            out.append(Course(id: id, schedule: schedule, minutes: minutes, startsAt: try row.column(at: 3), lower: lower,
                              upper: upper, slotBySlot: try row.column(at: 6)))
        }
        return out
    }

    /// Takes from each settled day the slots of the arithmetic courses that have an answer: a
    /// final status, or a snooze that keeps the slot open at `now` (`openAfter`). The rows come
    /// from the covering index `dose_record_live_medication` in its own order (medication, time)
    /// and are matched against the courses (also by id) as they stream: SQLite's GROUP BY on a
    /// computed day sorts every row (~80 ms for the 174-cot ward's 116 000 rows over two years),
    /// the merge sorts nothing. Few courses (a short window): one range search per course. Many
    /// (two years: 12 000 courses): one pass over the whole index, which there took 26 ms against
    /// 40 ms for 12 000 searches; a search costs about as much as stepping over 16 index rows,
    /// and the table's largest rowid tells how many rows a pass steps over. The snooze time is
    /// read (from the table) only for rows without a status.
    private func subtractAnswered(_ db: some SQLConnection, _ courses: [Course], from: Int64, to: Int64, openAfter: Int64,
                                  grid: DayGrid, from counts: inout [Int]) throws {
        let fast = courses.filter { !$0.slotBySlot && $0.lower < to && $0.upper > from }
        guard !fast.isEmpty else { return }
        let rowsInTable = (try db.fetchValue("SELECT max(id) FROM dose_record", as: Int64?.self) ?? nil) ?? 0
        // (A list is bound value by value: past a few thousand courses, one pass instead.)
        let ids = Int64(fast.count) * 16 < rowsInTable && fast.count <= 8_000 ? fast.map(\.id) : nil
        var k = 0
        var day = -1
        var current: Int64 = -1
        try db.forEachRow(Self.answeredSQL(courses: ids, from: from, to: to, openAfter: openAfter)) { row in
            let id = try row.column(at: 0, as: Int64.self), at = try row.column(at: 1, as: Int64.self)
            if id != current {
                current = id
                day = -1
                while k < courses.count && courses[k].id < id { k += 1 }
            }
            guard k < courses.count, courses[k].id == id else { return }
            let course = courses[k]
            guard !course.slotBySlot, at >= course.lower, at < course.upper else { return }
            // A course's rows come in time order: find its first day, then step forward.
            if day < 0 { day = grid.index(of: at) }
            while grid.ends[day] <= at { day += 1 }
            counts[day] -= 1
        }
    }

    /// The answered rows (`medicationId, scheduledAt`) in `[from, to)` in index order: of the
    /// given courses (one range search each), or of every course (one pass over the index; SQLite
    /// is told which, PostgreSQL's planner takes no hint).
    static func answeredSQL(courses ids: [Int64]?, from: Int64, to: Int64, openAfter: Int64) -> SQLQuery {
        let source: SQLQuery = ids.map { "dose_record WHERE medicationId IN (\(sql: .list($0)))" }
            ?? .dialect(sqlite: "dose_record INDEXED BY dose_record_live_medication WHERE TRUE", postgres: "dose_record WHERE TRUE")
        return """
            SELECT medicationId, scheduledAt FROM \(sql: source)
                AND deletedAt IS NULL AND scheduledAt >= \(from) AND scheduledAt < \(to)
                AND CASE WHEN status IS NOT NULL THEN TRUE ELSE snoozedUntil > \(openAfter) END
            ORDER BY medicationId, scheduledAt
            """
    }

    /// Slot by slot with the drug round's rules: each course from `from` to the window's end.
    private func countSlotBySlot(_ db: some SQLConnection, _ courses: [(Course, from: Int64)], settled: Int64, windowEnd: Int64,
                                 grid: DayGrid, into missed: inout [Int]) throws {
        let work = courses.filter { $0.from < min($0.0.upper, windowEnd) }
        guard !work.isEmpty else { return }
        let ids = work.map(\.0.id)
        var records: [Int64: [Int64: (DoseStatus?, Date?)]] = [:]
        // One read for the courses taken whole (from the window's start) and one for the recent
        // days of the rest (from the settled edge), each a range search per course on
        // `dose_record_live_medication`.
        for group in Dictionary(grouping: work, by: { $0.from >= settled }).values {
            let from = group.map(\.from).min()!
            for ids in SQLQuery.lists(group.map(\.0.id)) {
                try db.forEachRow("""
                    SELECT medicationId, scheduledAt, status, CASE WHEN status IS NULL THEN snoozedUntil END FROM dose_record
                    WHERE medicationId IN (\(sql: ids)) AND deletedAt IS NULL
                        AND scheduledAt >= \(from) AND scheduledAt < \(windowEnd)
                    """) { row in
                    records[try row.column(at: 0, as: Int64.self), default: [:]][try row.column(at: 1, as: Int64.self)] =
                        (try row.column(at: 2, as: DoseStatus?.self), try row.column(at: 3, as: Date?.self))
                }
            }
        }
        let earliest = work.map(\.from).min()!
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
    func index(of ms: Int64) -> Int { starts.lastIndex(atOrBefore: ms) }

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
                    // Near a clock change: each wall-clock time through `WardLocalTime` (skipped
                    // and repeated times resolved as the slots resolve them).
                    for day in localDays[i] - 1...localDays[i] + 1 {
                        let calendarDay = CalendarDay(dayNumber: Int(day))
                        for minute in course.minutes {
                            let at = StoredTime.milliseconds(WardLocalTime.instant(on: calendarDay, minutes: minute, in: timeZone))
                            if at >= a && at < b { counts[i] += 1 }
                        }
                    }
                }
            case .asNeeded:
                break
            }
        }
    }
}
