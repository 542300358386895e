import Foundation
import GRDB

/// The ward view's SQL: nappies, feeds, final doses and no-wet-nappy alerts per ward day across
/// every cot, one range search per day on the time indexes.
struct WardTrendsQuery: Sendable {
    let window: TrendWindow
    let now: Date
    let timeZone: TimeZone
    let settings: WardSettings

    func fetch(_ db: Database) throws -> WardTrends {
        let nowMs = StoredTime.milliseconds(now)
        var count = window.days ?? 0
        if window == .all {
            let first = try Int64.fetchOne(db, sql: "SELECT min(occurredAt) FROM nappy_change WHERE deletedAt IS NULL")
            count = first.map { max(1, Int((now.timeIntervalSince(StoredTime.date(milliseconds: $0)) / 86_400).rounded(.up)) + 1) } ?? 1
        }
        let wardDays = WardDay.lastDays(max(1, count), endingAt: now, dayStartMinutes: settings.dayStartMinutes,
                                        timeZone: timeZone)
        var days = wardDays.map { TrendDay(day: $0, label: CalendarDay($0.start, in: timeZone)) }
        let table = TimeBucket.valuesTable("d", TimeBucket.split(wardDays, parts: 1))
        let threshold = Int64(settings.noWetAlertThresholdMinutes) * 60_000
        let sql = """
            WITH \(table),
            nappies AS (
                SELECT d.i, sum(n.kind IN ('wet', 'mixed')) AS wet, sum(n.kind IN ('dirty', 'mixed')) AS dirty, count(*) AS total
                FROM d CROSS JOIN nappy_change n ON n.deletedAt IS NULL AND n.occurredAt >= d.s AND n.occurredAt < d.e
                GROUP BY d.i),
            feeds AS (
                SELECT d.i, count(*) AS total, total(f.volumeML) AS ml
                FROM d CROSS JOIN feed f ON f.deletedAt IS NULL AND f.occurredAt >= d.s AND f.occurredAt < d.e
                GROUP BY d.i),
            doses AS (
                SELECT d.i, sum(r.status = 'given') AS given, sum(r.status = 'withheld') AS withheld,
                    sum(r.status = 'missed') AS missed
                FROM d CROSS JOIN dose_record r ON r.deletedAt IS NULL AND r.status IS NOT NULL
                    AND r.recordedAt >= d.s AND r.recordedAt < d.e
                GROUP BY d.i),
            wets AS (
                SELECT n.occurredAt AS t,
                    n.occurredAt - lag(n.occurredAt) OVER (PARTITION BY n.patientId ORDER BY n.occurredAt) AS gap
                FROM nappy_change n
                WHERE n.deletedAt IS NULL AND n.kind IN ('wet', 'mixed')
                    AND n.occurredAt >= \(StoredTime.milliseconds(wardDays[0].start) - threshold) AND n.occurredAt <= \(nowMs)),
            alerts AS (
                SELECT d.i, count(*) AS total FROM d CROSS JOIN wets w ON w.t >= d.s AND w.t < d.e AND w.gap > \(threshold)
                GROUP BY d.i)
            SELECT d.i, n.wet, n.dirty, n.total, f.total, f.ml, o.given, o.withheld, o.missed, a.total
            FROM d LEFT JOIN nappies n ON n.i = d.i LEFT JOIN feeds f ON f.i = d.i LEFT JOIN doses o ON o.i = d.i
                LEFT JOIN alerts a ON a.i = d.i
            """
        for row in try Row.fetchAll(db, sql: sql) {
            let i: Int = row[0]
            days[i].wet = row[1] ?? 0
            days[i].dirty = row[2] ?? 0
            days[i].nappies = row[3] ?? 0
            days[i].feeds = row[4] ?? 0
            days[i].feedML = row[5] ?? 0
            days[i].dosesGiven = row[6] ?? 0
            days[i].dosesWithheld = row[7] ?? 0
            days[i].dosesMissed = row[8] ?? 0
            days[i].alerts = row[9] ?? 0
        }
        let occupied = try Int.fetchOne(db, sql: "SELECT count(*) FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL") ?? 0
        return WardTrends(window: window, now: now, settings: settings, days: days, occupiedCots: occupied)
    }
}
