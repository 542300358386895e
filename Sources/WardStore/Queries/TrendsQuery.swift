import Foundation
import GRDB

/// The Trends screen's SQL. Days are the ward's days (day start, time zone, DST) built in Swift
/// and inlined as a VALUES table; each day is one range search on a covering per-patient index,
/// and SQLite returns one row per day (or per bucket), never the events themselves.
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

    func fetch(_ db: Database) throws -> PatientTrends {
        let id = patient.id
        let nowMs = StoredTime.milliseconds(now)
        let firstEntry = try window == .all ? Int64.fetchOne(db, sql: """
            SELECT min(t) FROM (
                SELECT min(occurredAt) AS t FROM nappy_change WHERE patientId = \(id) AND deletedAt IS NULL
                UNION ALL SELECT min(occurredAt) FROM feed WHERE patientId = \(id) AND deletedAt IS NULL
                UNION ALL SELECT min(measuredAt) FROM measurement WHERE patientId = \(id) AND deletedAt IS NULL)
            """).map(StoredTime.date(milliseconds:)) : nil
        let (wardDays, windowDays) = wardDays(firstEntry: firstEntry)
        var days = wardDays.map { TrendDay(day: $0, label: CalendarDay($0.start, in: timeZone)) }
        let dayTable = TimeBucket.valuesTable("d", TimeBucket.split(wardDays, parts: 1))
        let from = window == .hours24 ? now.addingTimeInterval(-86_400) : wardDays[wardDays.count - windowDays].start
        let fromMs = StoredTime.milliseconds(from)

        try fillNappies(db, table: dayTable, into: &days)
        try fillFeeds(db, table: dayTable, into: &days)
        let readings = try fetchReadings(db, windowDays: Array(wardDays.suffix(windowDays)), fromMs: fromMs, nowMs: nowMs)
        let kpis = try fetchKPIs(db, fromMs: fromMs, nowMs: nowMs)
        let cells = try fetchDoseCells(db, fromMs: fromMs, nowMs: nowMs, into: &days, firstDay: wardDays[0])
        let recent = try fetchRecentDoses(db, nowMs: nowMs)
        var lastDay: [MeasurementKind: [TimedValue]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT kind, measuredAt, value FROM measurement
            WHERE patientId = \(id) AND deletedAt IS NULL AND measuredAt > \(nowMs - 86_400_000) AND measuredAt <= \(nowMs)
            ORDER BY measuredAt
            """) {
            guard let kind = MeasurementKind(rawValue: row[0]) else { continue }
            lastDay[kind, default: []].append(TimedValue(at: StoredTime.date(milliseconds: row[1]), value: row[2]))
        }
        let goals = try SQLiteWardStore.goalRanges(for: patient, db: db, now: now, timeZone: timeZone)
        return PatientTrends(patient: patient, window: window, now: now, from: from, settings: settings, days: days,
                             windowDays: windowDays, readings: readings, kpis: kpis, goals: goals, doseCells: cells,
                             recentDoses: recent, lastDayReadings: lastDay)
    }

    /// Wet (wet + mixed), dirty (dirty + mixed), all changes and urine per day, on `nappy_live_patient_time`.
    private func fillNappies(_ db: Database, table: String, into days: inout [TrendDay]) throws {
        let dry = settings.dryNappyWeightGrams
        let sql = """
            WITH \(table)
            SELECT d.i,
                sum(n.kind IN ('wet', 'mixed')), sum(n.kind IN ('dirty', 'mixed')), count(*),
                sum(CASE WHEN n.kind IN ('wet', 'mixed') AND n.nappyWeightGrams IS NOT NULL AND \(dry) > 0
                    THEN max(n.nappyWeightGrams - \(dry), 0) END)
            FROM d CROSS JOIN nappy_change n ON n.patientId = \(patient.id) AND n.deletedAt IS NULL
                AND n.occurredAt >= d.s AND n.occurredAt < d.e
            GROUP BY d.i
            """
        for row in try Row.fetchAll(db, sql: sql) {
            let i: Int = row[0]
            days[i].wet = row[1]
            days[i].dirty = row[2]
            days[i].nappies = row[3]
            days[i].urineML = row[4]
        }
    }

    private func fillFeeds(_ db: Database, table: String, into days: inout [TrendDay]) throws {
        let sql = """
            WITH \(table)
            SELECT d.i, total(f.volumeML), count(*)
            FROM d CROSS JOIN feed f ON f.patientId = \(patient.id) AND f.deletedAt IS NULL
                AND f.occurredAt >= d.s AND f.occurredAt < d.e
            GROUP BY d.i
            """
        for row in try Row.fetchAll(db, sql: sql) {
            let i: Int = row[0]
            days[i].feedML = row[1]
            days[i].feeds = row[2]
        }
    }

    /// Per kind: raw readings for short windows, else the mean/min/max per bucket (covering index
    /// `measurement_live_patient_kind_time`, one range search per bucket).
    private func fetchReadings(_ db: Database, windowDays: [WardDay], fromMs: Int64,
                               nowMs: Int64) throws -> [MeasurementKind: [TrendReading]] {
        var out: [MeasurementKind: [TrendReading]] = [:]
        let sql: String
        if let parts = window.bucketsPerDay {
            let table = TimeBucket.valuesTable("b", TimeBucket.split(windowDays, parts: parts))
            sql = """
                WITH \(table), k(kind) AS (VALUES \(MeasurementKind.allCases.map { "('\($0.rawValue)')" }.joined(separator: ", ")))
                SELECT k.kind, CAST(avg(m.measuredAt) AS INTEGER), avg(m.value), min(m.value), max(m.value),
                    avg(m.diastolicMmHg), count(*)
                FROM k CROSS JOIN b CROSS JOIN measurement m ON m.patientId = \(patient.id) AND m.kind = k.kind
                    AND m.deletedAt IS NULL AND m.measuredAt >= b.s AND m.measuredAt < b.e
                GROUP BY k.kind, b.i ORDER BY k.kind, b.i
                """
        } else {
            sql = """
                SELECT kind, measuredAt, value, value, value, diastolicMmHg, 1 FROM measurement
                WHERE patientId = \(patient.id) AND deletedAt IS NULL AND measuredAt >= \(fromMs) AND measuredAt <= \(nowMs)
                ORDER BY kind, measuredAt
                """
        }
        for row in try Row.fetchAll(db, sql: sql) {
            guard let kind = MeasurementKind(rawValue: row[0]) else { continue }
            out[kind, default: []].append(TrendReading(at: StoredTime.date(milliseconds: row[1]), mean: row[2], low: row[3],
                                                       high: row[4], diastolic: row[5], count: row[6]))
        }
        return out
    }

    /// Latest, the reading a day before it, 7-day mean, window min and max, per kind.
    private func fetchKPIs(_ db: Database, fromMs: Int64, nowMs: Int64) throws -> [MeasurementKind: TrendKPI] {
        let weekMs = nowMs - 7 * 86_400_000
        let sql = """
            WITH k(kind) AS (VALUES \(MeasurementKind.allCases.map { "('\($0.rawValue)')" }.joined(separator: ", "))),
            latest AS (
                SELECT k.kind,
                    (SELECT measuredAt FROM measurement WHERE patientId = \(patient.id) AND kind = k.kind AND deletedAt IS NULL
                        AND measuredAt <= \(nowMs) ORDER BY measuredAt DESC LIMIT 1) AS at
                FROM k)
            SELECT l.kind, l.at,
                (SELECT value FROM measurement WHERE patientId = \(patient.id) AND kind = l.kind AND deletedAt IS NULL
                    AND measuredAt = l.at),
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
        for row in try Row.fetchAll(db, sql: sql) {
            guard let kind = MeasurementKind(rawValue: row[0]) else { continue }
            out[kind] = TrendKPI(latest: row[2], latestAt: (row[1] as Int64?).map(StoredTime.date(milliseconds:)),
                                 dayBefore: row[3], mean7d: row[4], low: row[5], high: row[6])
        }
        return out
    }

    /// The worst final status per day and slot (missed over withheld over given), and per-day counts.
    private func fetchDoseCells(_ db: Database, fromMs: Int64, nowMs: Int64, into days: inout [TrendDay],
                                firstDay: WardDay) throws -> [DoseCell] {
        let sql = """
            SELECT r.slotDay, r.slotTime,
                max(CASE r.status WHEN 'missed' THEN 3 WHEN 'withheld' THEN 2 ELSE 1 END),
                sum(r.status = 'given'), sum(r.status = 'withheld'), sum(r.status = 'missed'), min(r.scheduledAt)
            FROM medication m CROSS JOIN dose_record r ON r.medicationId = m.id AND r.deletedAt IS NULL
                AND r.status IS NOT NULL AND r.scheduledAt >= \(StoredTime.milliseconds(firstDay.start)) AND r.scheduledAt <= \(nowMs)
            WHERE m.patientId = \(patient.id) AND m.deletedAt IS NULL
            GROUP BY r.slotDay, r.slotTime
            """
        var cells: [DoseCell] = []
        for row in try Row.fetchAll(db, sql: sql) {
            guard let day = CalendarDay(row[0] as String) else { continue }
            let scheduled = StoredTime.date(milliseconds: row[6])
            if let i = days.firstIndex(where: { $0.day.start <= scheduled && scheduled < $0.day.end }) {
                days[i].dosesGiven += row[3]
                days[i].dosesWithheld += row[4]
                days[i].dosesMissed += row[5]
            }
            guard (row[6] as Int64) >= fromMs else { continue }
            let worst: Int = row[2]
            cells.append(DoseCell(day: day, slotTime: row[1], status: worst == 3 ? .missed : worst == 2 ? .withheld : .given))
        }
        return cells
    }

    private func fetchRecentDoses(_ db: Database, nowMs: Int64) throws -> [String: [DoseOutcomeRule.Dose]] {
        let sql = """
            SELECT m.drugName, r.scheduledAt, r.status
            FROM medication m CROSS JOIN dose_record r ON r.id IN (
                SELECT id FROM dose_record WHERE medicationId = m.id AND deletedAt IS NULL AND status IS NOT NULL
                    AND scheduledAt <= \(nowMs) ORDER BY scheduledAt DESC LIMIT \(DoseOutcomeRule.recentDoseCount))
            WHERE m.patientId = \(patient.id) AND m.deletedAt IS NULL
            """
        var out: [String: [DoseOutcomeRule.Dose]] = [:]
        for row in try Row.fetchAll(db, sql: sql) {
            guard let outcome = DoseOutcomeRule.Outcome(rawValue: row[2]) else { continue }
            out[row[0], default: []].append(DoseOutcomeRule.Dose(time: StoredTime.date(milliseconds: row[1]), outcome: outcome))
        }
        return out
    }
}
