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
        // Four statements rather than one with LEFT JOINs of grouped CTEs: joined, SQLite
        // re-ran the grouped parts per day (33 s for 90 days on the million-event ward).
        let wardStart = StoredTime.milliseconds(wardDays[0].start)
        let parts: [(String, (inout TrendDay, Row) -> Void)] = [
            // Per kind, so each day is a range search on the covering (kind, occurredAt) index.
            ("""
            , k(kind) AS (VALUES ('wet'), ('dirty'), ('mixed'), ('dry'))
            SELECT d.i, k.kind, count(*)
            FROM k CROSS JOIN d CROSS JOIN nappy_change n ON n.kind = k.kind AND n.deletedAt IS NULL
                AND n.occurredAt >= d.s AND n.occurredAt < d.e
            GROUP BY d.i, k.kind
            """, { day, row in
                let count: Int = row[2]
                let kind: String = row[1]
                day.nappies += count
                if kind == "wet" || kind == "mixed" { day.wet += count }
                if kind == "dirty" || kind == "mixed" { day.dirty += count }
            }),
            // Counts only (covered by feed_live_time); the ward view does not chart volumes.
            ("""
            SELECT d.i, count(*)
            FROM d CROSS JOIN feed f ON f.deletedAt IS NULL AND f.occurredAt >= d.s AND f.occurredAt < d.e
            GROUP BY d.i
            """, { day, row in day.feeds = row[1] }),
            ("""
            SELECT d.i, sum(r.status = 'given'), sum(r.status = 'withheld'), sum(r.status = 'missed')
            FROM d CROSS JOIN dose_record r ON r.deletedAt IS NULL AND r.status IS NOT NULL
                AND r.recordedAt >= d.s AND r.recordedAt < d.e
            GROUP BY d.i
            """, { day, row in day.dosesGiven = row[1]; day.dosesWithheld = row[2]; day.dosesMissed = row[3] }),
            // A wet-nappy gap over the threshold is an alert on the day it ended; only the few
            // long gaps are joined with the days.
            ("""
            , wets AS (
                SELECT n.occurredAt AS t,
                    n.occurredAt - lag(n.occurredAt) OVER (PARTITION BY n.patientId ORDER BY n.occurredAt) AS gap
                FROM nappy_change n
                WHERE n.deletedAt IS NULL AND n.kind IN ('wet', 'mixed')
                    AND n.occurredAt >= \(wardStart - threshold) AND n.occurredAt <= \(nowMs)),
            late AS MATERIALIZED (SELECT t FROM wets WHERE gap > \(threshold))
            SELECT d.i, count(*) FROM d CROSS JOIN late w ON w.t >= d.s AND w.t < d.e
            GROUP BY d.i
            """, { day, row in day.alerts = row[1] }),
        ]
        for (body, apply) in parts {
            let sql = body.hasPrefix(",") ? "WITH \(table)\(body)" : "WITH \(table)\n\(body)"
            for row in try Row.fetchAll(db, sql: sql) {
                let i: Int = row[0]
                apply(&days[i], row)
            }
        }
        let occupied = try Int.fetchOne(db, sql: "SELECT count(*) FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL") ?? 0
        return WardTrends(window: window, now: now, settings: settings, days: days, occupiedCots: occupied)
    }
}
