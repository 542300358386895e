import Foundation
import WardSQL

/// The Trends screen's SQL. Days are the ward's days (day start, time zone, DST) built in Swift
/// and inlined as a VALUES table; each day is one range search on a covering per-patient index,
/// and the database returns one row per day (or per bucket), never the events themselves.
/// Written once for SQLite and PostgreSQL (`SQLQuery.orderedJoin` keeps SQLite's join order).
struct PatientTrendsQuery: Sendable {
    let patient: Patient
    let window: TrendWindow
    let now: Date
    let timeZone: TimeZone
    let settings: WardSettings

    /// Ward days back from today: the window, and at least 8 so "24 h change" and "7-day mean" exist.
    func wardDays(firstEntry: Date?) -> (days: [WardDay], windowDays: Int) {
        let today = WardDay.containing(now, dayStartMinutes: settings.dayStartMinutes, timeZone: timeZone)
        let windowDays: Int
        if let days = window.days {
            windowDays = days
        } else {
            let start = min(firstEntry ?? patient.admittedAt, patient.admittedAt)
            windowDays = max(1, Int((today.end.timeIntervalSince(start) / 86_400).rounded(.up)))
        }
        let days = WardDay.lastDays(max(8, windowDays), endingAt: now, dayStartMinutes: settings.dayStartMinutes,
                                    timeZone: timeZone)
        return (days, windowDays)
    }

    func fetch(_ db: some SQLConnection) throws -> PatientTrends {
        let id = patient.id
        let nowMs = StoredTime.milliseconds(now)
        let firstEntry = try window == .all ? db.fetchValue("""
            SELECT min(t) FROM (
                SELECT min(occurredAt) AS t FROM nappy_change WHERE patientId = \(id) AND deletedAt IS NULL
                UNION ALL SELECT min(occurredAt) FROM feed WHERE patientId = \(id) AND deletedAt IS NULL
                UNION ALL SELECT min(measuredAt) FROM measurement WHERE patientId = \(id) AND deletedAt IS NULL) AS firsts
            """, as: Int64?.self)?.map(StoredTime.date(milliseconds:)) : nil
        let (wardDays, windowDays) = wardDays(firstEntry: firstEntry)
        var days = TrendDay.days(wardDays, stayOf: patient, now: now, timeZone: timeZone)
        let dayTable = TimeBucket.valuesTable("d", TimeBucket.split(wardDays, parts: 1))
        let from = window == .hours24 ? now.addingTimeInterval(-86_400) : wardDays[wardDays.count - windowDays].start
        let fromMs = StoredTime.milliseconds(from)

        try Self.fillNappies(db, patientId: id, dryNappyWeightGrams: settings.dryNappyWeightGrams, table: dayTable, into: &days)
        try Self.fillFeeds(db, patientId: patient.id, table: dayTable, now: now, into: &days)
        let readings = try Self.readings(db, patientId: id, bucketsPerDay: window.bucketsPerDay,
                                         windowDays: Array(wardDays.suffix(windowDays)), fromMs: fromMs, nowMs: nowMs)
        let kpis = try fetchKPIs(db, fromMs: fromMs, nowMs: nowMs)
        let cells = try fetchDoses(db, from: from, into: &days, wardDays: wardDays)
        let goals = try SQLiteWardStore.goalRanges(for: patient, db: db, now: now, timeZone: timeZone)
        let insightInput = try CotInsightInput.fetch(db, patient: patient, now: now, timeZone: timeZone, settings: settings,
                                                     goals: goals)
        return PatientTrends(patient: patient, window: window, now: now, from: from, settings: settings, days: days,
                             windowDays: windowDays, readings: readings, kpis: kpis, goals: goals, doseCells: cells,
                             insightInput: insightInput)
    }

    /// Wet (wet + mixed), dirty (dirty + mixed), all changes and urine per day of `table` (a
    /// `TimeBucket.valuesTable` named `d`), on `nappy_live_patient_time`: Trends and the patient
    /// report count the same days the same way.
    static func fillNappies(_ db: some SQLConnection, patientId: Int64, dryNappyWeightGrams dry: Int, table: String,
                            into days: inout [TrendDay]) throws {
        let dryGrams = SQLQuery(verbatim: String(dry))
        let sql: SQLQuery = """
            WITH \(sql: SQLQuery(verbatim: table))
            SELECT d.i,
                count(*) FILTER (WHERE n.kind IN ('wet', 'mixed')), count(*) FILTER (WHERE n.kind IN ('dirty', 'mixed')), count(*),
                CAST(sum(CASE WHEN n.kind IN ('wet', 'mixed') AND n.nappyWeightGrams IS NOT NULL AND \(sql: dryGrams) > 0
                    THEN \(sql: .greatest("n.nappyWeightGrams - \(sql: dryGrams)", "0")) END) AS DOUBLE PRECISION)
            FROM d \(sql: .orderedJoin) nappy_change n ON n.patientId = \(patientId) AND n.deletedAt IS NULL
                AND n.occurredAt >= d.s AND n.occurredAt < d.e
            GROUP BY d.i
            """
        for row in try db.fetchAll(sql) {
            let i: Int = try row.column(at: 0)
            days[i].wet = try row.column(at: 1)
            days[i].dirty = try row.column(at: 2)
            days[i].nappies = try row.column(at: 3)
            days[i].urineML = try row.column(at: 4)
        }
    }

    /// Intake (infusions by the hours they ran: `FeedTotals`), output and feed count per day of
    /// `table` (a `TimeBucket.valuesTable` named `d`) at `now`: Trends and the insight input read
    /// the same days the same way.
    static func fillFeeds(_ db: some SQLConnection, patientId: Int64, table: String, now: Date, into days: inout [TrendDay]) throws {
        let p: SQLQuery = "\(patientId)", n: SQLQuery = "\(StoredTime.milliseconds(now))", s: SQLQuery = "d.s", e: SQLQuery = "d.e"
        for row in try db.fetchAll("""
            WITH \(sql: SQLQuery(verbatim: table))
            SELECT d.i, \(sql: FeedTotalsSQL.intake(patient: p, s: s, e: e, now: n)),
                \(sql: FeedTotalsSQL.count(patient: p, s: s, e: e)), \(sql: FeedTotalsSQL.output(patient: p, s: s, e: e))
            FROM d
            """) {
            let i: Int = try row.column(at: 0)
            days[i].feedML = try row.column(at: 1)
            days[i].feeds = try row.column(at: 2)
            days[i].outputML = try row.column(at: 3)
        }
    }

    /// Per kind: raw readings in [from, now] when `bucketsPerDay` is nil (short windows), else the
    /// mean/min/max per bucket of `windowDays` (covering index `measurement_live_patient_kind_time`,
    /// one range search per bucket). Trends and the patient report chart the same points.
    static func readings(_ db: some SQLConnection, patientId: Int64, bucketsPerDay: Int?, windowDays: [WardDay], fromMs: Int64,
                         nowMs: Int64) throws -> [MeasurementKind: [TrendReading]] {
        var out: [MeasurementKind: [TrendReading]] = [:]
        let sql: SQLQuery
        if let parts = bucketsPerDay {
            let table = TimeBucket.valuesTable("b", TimeBucket.split(windowDays, parts: parts))
            // The mean time as a double on both engines (PostgreSQL's avg of a bigint is numeric),
            // cut to a millisecond below as SQLite's CAST to INTEGER did.
            sql = """
                WITH \(sql: SQLQuery(verbatim: table)), \(sql: MeasurementKind.valuesTable)
                SELECT k.kind, \(sql: .average("m.measuredAt")), avg(m.value), min(m.value), max(m.value),
                    avg(m.diastolicMmHg), count(*)
                FROM k CROSS JOIN b \(sql: .orderedJoin) measurement m ON m.patientId = \(patientId) AND m.kind = k.kind
                    AND m.deletedAt IS NULL AND m.measuredAt >= b.s AND m.measuredAt < b.e
                GROUP BY k.kind, b.i ORDER BY k.kind, b.i
                """
        } else {
            sql = """
                SELECT kind, measuredAt, value, value, value, diastolicMmHg, 1 FROM measurement
                WHERE patientId = \(patientId) AND deletedAt IS NULL AND measuredAt >= \(fromMs) AND measuredAt <= \(nowMs)
                ORDER BY kind, measuredAt
                """
        }
        for row in try db.fetchAll(sql) {
            guard let kind = MeasurementKind(rawValue: try row.column(at: 0)) else { continue }
            let at = Int64((try row.column(at: 1, as: Double.self)).rounded(.towardZero))
            out[kind, default: []].append(TrendReading(at: StoredTime.date(milliseconds: at), mean: try row.column(at: 2),
                                                       low: try row.column(at: 3), high: try row.column(at: 4),
                                                       diastolic: try row.column(at: 5), count: try row.column(at: 6)))
        }
        return out
    }

    /// Latest, the reading a day before it, 7-day mean, window min and max, per kind.
    private func fetchKPIs(_ db: some SQLConnection, fromMs: Int64, nowMs: Int64) throws -> [MeasurementKind: TrendKPI] {
        let weekMs = nowMs - 7 * 86_400_000
        // The latest reading's value is the last written at that instant: PostgreSQL refuses a
        // scalar subquery with two rows, where SQLite would take either.
        let sql: SQLQuery = """
            WITH \(sql: MeasurementKind.valuesTable),
            latest AS (
                SELECT k.kind,
                    (SELECT measuredAt FROM measurement WHERE patientId = \(patient.id) AND kind = k.kind AND deletedAt IS NULL
                        AND measuredAt <= \(nowMs) ORDER BY measuredAt DESC LIMIT 1) AS at
                FROM k)
            SELECT l.kind, l.at,
                (SELECT value FROM measurement WHERE patientId = \(patient.id) AND kind = l.kind AND deletedAt IS NULL
                    AND measuredAt = l.at ORDER BY id DESC LIMIT 1),
                (SELECT value FROM measurement WHERE patientId = \(patient.id) AND kind = l.kind AND deletedAt IS NULL
                    AND measuredAt <= l.at - 86400000 ORDER BY measuredAt DESC LIMIT 1),
                (SELECT avg(value) FROM measurement WHERE patientId = \(patient.id) AND kind = l.kind AND deletedAt IS NULL
                    AND measuredAt > \(weekMs) AND measuredAt <= \(nowMs)),
                (SELECT min(value) FROM measurement WHERE patientId = \(patient.id) AND kind = l.kind AND deletedAt IS NULL
                    AND measuredAt >= \(fromMs) AND measuredAt <= \(nowMs)),
                (SELECT max(value) FROM measurement WHERE patientId = \(patient.id) AND kind = l.kind AND deletedAt IS NULL
                    AND measuredAt >= \(fromMs) AND measuredAt <= \(nowMs))
            FROM latest l WHERE l.at IS NOT NULL
            """
        var out: [MeasurementKind: TrendKPI] = [:]
        for row in try db.fetchAll(sql) {
            guard let kind = MeasurementKind(rawValue: try row.column(at: 0)) else { continue }
            out[kind] = TrendKPI(latest: try row.column(at: 2),
                                 latestAt: try row.column(at: 1, as: Int64?.self).map(StoredTime.date(milliseconds:)),
                                 dayBefore: try row.column(at: 3), mean7d: try row.column(at: 4), low: try row.column(at: 5),
                                 high: try row.column(at: 6))
        }
        return out
    }

    /// The adherence heatmap's cells (worst final state per local day and slot time: missed over
    /// withheld over given), per-day dose counts, and the last ten final doses per drug for the
    /// dose-outcome insight — all from the patient's scheduled slots, so a past slot nobody
    /// answered counts as missed (as on the drug round) instead of leaving a gap. Slots are those of
    /// `SlotGenerator` during the patient's stay (none after discharge), classified by
    /// `SlotTiming.state`: today's open slots (upcoming, due, overdue) and slots inside a pause are
    /// not final and show nothing. Only the patient's few medications are expanded, and each
    /// medication's dose rows come from one range search of `dose_record_live_medication`.
    /// (The last ten final doses per drug, which reach further back, are the insight input's:
    /// `recentDoses`.)
    private func fetchDoses(_ db: some SQLConnection, from: Date, into days: inout [TrendDay],
                            wardDays: [WardDay]) throws -> [DoseCell] {
        let medications = try db.fetchRecords(Medication.self, """
            SELECT * FROM medication WHERE patientId = \(patient.id) AND deletedAt IS NULL AND scheduleKind <> 'asNeeded'
            ORDER BY id
            """)
        guard !medications.isEmpty else { return [] }
        let timing = settings.slotTiming
        let stay = patient.stay
        let end = now.addingTimeInterval(0.001)  // slots scheduled up to and including now
        let pauses = try MedicationPause.periods(db, medicationIds: medications.map(\.id), from: .distantPast, to: end)
        let dayStarts = wardDays.map(\.start)
        var worst: [DoseCellKey: DoseStatus] = [:]
        for medication in medications {
            let slots = try Self.classifiedSlots(db, medication, during: stay, from: wardDays[0].start, to: end,
                                                 pauses: pauses[medication.id] ?? [], now: now, timeZone: timeZone, timing: timing)
            for entry in slots where entry.outcome != nil && entry.slot.scheduledAt >= wardDays[0].start {
                guard let status = entry.status else { continue }
                let i = dayStarts.lastIndex(atOrBefore: entry.slot.scheduledAt)
                switch status {
                case .given: days[i].dosesGiven += 1
                case .withheld: days[i].dosesWithheld += 1
                case .missed: days[i].dosesMissed += 1
                }
                guard entry.slot.scheduledAt >= from else { continue }
                let key = DoseCellKey(day: entry.slot.day, time: entry.slot.time)
                if let current = worst[key], current.severity >= status.severity { continue }
                worst[key] = status
            }
        }
        let cells = worst.sorted { ($0.key.day, $0.key.time) < ($1.key.day, $1.key.time) }
            .map { DoseCell(day: $0.key.day, slotTime: $0.key.time.description, status: $0.value) }
        return cells
    }

    /// The last ten final doses per scheduled drug (the dose-outcome rule's input): slots of the
    /// last 14 days, reaching back (doubling) until ten are final or the drug's first slot.
    /// The same slots and states as `fetchDoses` (`classifiedSlots`).
    static func recentDoses(_ db: some SQLConnection, patient: Patient, now: Date, timeZone: TimeZone,
                            timing: SlotTiming) throws -> [String: [DoseOutcomeRule.Dose]] {
        let medications = try db.fetchRecords(Medication.self, """
            SELECT * FROM medication WHERE patientId = \(patient.id) AND deletedAt IS NULL AND scheduleKind <> 'asNeeded' ORDER BY id
            """)
        guard !medications.isEmpty else { return [:] }
        let end = now.addingTimeInterval(0.001)
        let stay = patient.stay
        let pauses = try MedicationPause.periods(db, medicationIds: medications.map(\.id), from: .distantPast, to: end)
        var recent: [String: [DoseOutcomeRule.Dose]] = [:]
        for medication in medications {
            let paused = pauses[medication.id] ?? []
            let first = max(medication.startsAt, stay.admittedAt)
            var start = now.addingTimeInterval(-14 * 86_400)
            var slots = try classifiedSlots(db, medication, during: stay, from: start, to: end, pauses: paused,
                                            now: now, timeZone: timeZone, timing: timing)
            while slots.count(where: { $0.outcome != nil }) < DoseOutcomeRule.recentDoseCount && first < start {
                let earlier = start.addingTimeInterval(-max(14 * 86_400, now.timeIntervalSince(start)))
                slots = try classifiedSlots(db, medication, during: stay, from: earlier, to: start, pauses: paused,
                                            now: now, timeZone: timeZone, timing: timing) + slots
                start = earlier
            }
            let finals = slots.filter { $0.outcome != nil }.suffix(DoseOutcomeRule.recentDoseCount)
            if !finals.isEmpty {
                recent[medication.drugName, default: []] += finals.map {
                    DoseOutcomeRule.Dose(time: $0.slot.scheduledAt, outcome: $0.outcome!)
                }
            }
        }
        return recent
    }

    private struct DoseCellKey: Hashable {
        let day: CalendarDay
        let time: TimeOfDay
    }

    /// One slot and what it came to: `status` is the final status (a never-recorded past slot is
    /// `.missed`), nil while open or paused.
    struct ClassifiedSlot {
        let slot: DoseSlot
        let state: SlotState
        var status: DoseStatus? {
            switch state {
            case .given: return .given
            case .withheld: return .withheld
            case .missed: return .missed
            case .upcoming, .due, .overdue, .paused: return nil
            }
        }
        var outcome: DoseOutcomeRule.Outcome? { status.flatMap { DoseOutcomeRule.Outcome(rawValue: $0.rawValue) } }
    }

    /// The medication's slots in `[from, to)` during the stay, each with its state at `now`.
    /// The snooze time is read only for rows without a final status (`CASE`), so the covering
    /// index answers the rest without visiting the table.
    static func classifiedSlots(_ db: some SQLConnection, _ medication: Medication, during stay: PatientStay, from: Date, to: Date,
                                pauses: [PausePeriod], now: Date, timeZone: TimeZone,
                                timing: SlotTiming) throws -> [ClassifiedSlot] {
        let slots = SlotGenerator.slots(for: medication, during: stay, from: from, to: to, timeZone: timeZone)
        guard !slots.isEmpty else { return [] }
        var records: [Int64: (DoseStatus?, Date?)] = [:]
        for row in try db.fetchAll("""
            SELECT scheduledAt, status, CASE WHEN status IS NULL THEN snoozedUntil END FROM dose_record
            WHERE medicationId = \(medication.id) AND deletedAt IS NULL AND scheduledAt >= \(slots[0].scheduledAt)
                AND scheduledAt <= \(slots[slots.count - 1].scheduledAt)
            """) {
            records[try row.column(at: 0)] = (try row.column(at: 1, as: String?.self).flatMap(DoseStatus.init(rawValue:)),
                                              try row.column(at: 2, as: Int64?.self).map(StoredTime.date(milliseconds:)))
        }
        return slots.map { slot in
            let record = records[StoredTime.milliseconds(slot.scheduledAt)]
            return ClassifiedSlot(slot: slot, state: timing.state(of: slot, status: record?.0, snoozedUntil: record?.1,
                                                                  pauses: pauses, now: now, timeZone: timeZone))
        }
    }

}

extension DoseStatus {
    /// The heatmap shows the worst status of a cell: missed over withheld over given.
    var severity: Int {
        switch self {
        case .given: return 1
        case .withheld: return 2
        case .missed: return 3
        }
    }
}

extension MeasurementKind {
    /// `k(kind) AS (VALUES ('weight'), …)`: every kind, for queries that search each kind's range
    /// of a per-kind index.
    static let valuesTable = SQLQuery(verbatim: "k(kind) AS (VALUES \(allCases.map { "('\($0.rawValue)')" }.joined(separator: ", ")))")
}
