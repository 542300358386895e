import Foundation
import WardSQL

/// The ward view's SQL: nappies, feeds, doses and no-wet-nappy alerts per ward day across every
/// cot. The counts come from the hourly summary `ward_trend_hour` and the alerts from
/// `wet_nappy_gap` (both kept by triggers, migration v4), so two years of a million-event ward
/// read about 17 000 summary rows and the few long gaps instead of every event. Recorded doses
/// (given, withheld, missed) count on the day they were recorded; slots nobody answered count as
/// missed on the day they were scheduled (`WardMissedSlots`). Written once for SQLite and
/// PostgreSQL: sums of the summary as integers on both (`SQLQuery.integerTotal`), flags counted
/// with FILTER, and SQLite's join order kept by `SQLQuery.orderedJoin`.
struct WardTrendsQuery: Sendable {
    let window: TrendWindow
    let now: Date
    let timeZone: TimeZone
    let settings: WardSettings

    /// `ward_trend_hour.hour` is Unix milliseconds / 3 600 000.
    static let hourMs: Int64 = 3_600_000

    func fetch(_ db: some SQLConnection) throws -> WardTrends {
        var count = window.days ?? 0
        if window == .all {
            let first = try db.fetchValue("SELECT min(occurredAt) FROM nappy_change WHERE deletedAt IS NULL", as: Int64?.self) ?? nil
            count = first.map { max(1, Int((now.timeIntervalSince(StoredTime.date(milliseconds: $0)) / 86_400).rounded(.up)) + 1) } ?? 1
        }
        let wardDays = WardDay.lastDays(max(1, count), endingAt: now, dayStartMinutes: settings.dayStartMinutes,
                                        timeZone: timeZone)
        var days = wardDays.map { TrendDay(day: $0, label: CalendarDay($0.start, in: timeZone)) }
        for (sql, apply) in statements(wardDays) {
            for row in try db.fetchAll(sql) { try apply(&days, row) }
        }
        // Slots nobody answered: missed on the day they were scheduled (recorded statuses above
        // count on the day they were recorded).
        let missed = try WardMissedSlots(days: wardDays, now: now, timeZone: timeZone, timing: settings.slotTiming).count(db)
        for (i, count) in missed.enumerated() { days[i].dosesMissed += count }
        let occupied = try db.fetchValue("SELECT count(*) FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL", as: Int.self) ?? 0
        return WardTrends(window: window, now: now, settings: settings, days: days, occupiedCots: occupied)
    }

    typealias Statement = (sql: SQLQuery, apply: @Sendable (inout [TrendDay], SQLRow) throws -> Void)

    /// A statement whose rows are `(day index, …)`, each added to that day by `apply`.
    private static func perDay(_ sql: SQLQuery, _ apply: @escaping @Sendable (inout TrendDay, SQLRow) throws -> Void) -> Statement {
        (sql, { days, row in
            let i: Int = try row.column(at: 0)
            try apply(&days[i], row)
        })
    }

    /// The statements for these ward days; each returns rows that `apply` adds to the days. A day
    /// is its whole UTC hours from the summary plus, when it does not start on the hour (a day
    /// start of 07:30, a zone such as +05:30), exact counts of the minutes at its edges from the
    /// event tables' time indexes.
    func statements(_ wardDays: [WardDay]) -> [Statement] {
        let hour = Self.hourMs
        var hours: [(Int, Int64, Int64)] = []
        var edges: [(Int, Int64, Int64)] = []
        for (i, day) in TimeBucket.split(wardDays, parts: 1).enumerated() {
            // Ceiling and floor to whole hours (times are after 1970, so / is a floor).
            let first = (day.start + hour - 1) / hour, end = day.end / hour
            guard first < end else {
                edges.append((i, day.start, day.end))
                continue
            }
            hours.append((i, first, end))
            if day.start < first * hour { edges.append((i, day.start, first * hour)) }
            if end * hour < day.end { edges.append((i, end * hour, day.end)) }
        }
        func table(_ name: String, _ rows: [(Int, Int64, Int64)]) -> SQLQuery {
            SQLQuery(verbatim: "\(name)(i, s, e) AS (VALUES \(rows.map { "(\($0.0), \($0.1), \($0.2))" }.joined(separator: ", ")))")
        }
        let sum = SQLQuery.integerTotal
        var out: [Statement] = []
        if !hours.isEmpty {
            out.append(Self.perDay("""
                WITH \(sql: table("h", hours))
                SELECT h.i, \(sql: sum("t.nappiesWet")), \(sql: sum("t.nappiesDirty")), \(sql: sum("t.nappiesMixed")),
                    \(sql: sum("t.nappiesDry")), \(sql: sum("t.feeds")), \(sql: sum("t.dosesGiven")), \(sql: sum("t.dosesWithheld")),
                    \(sql: sum("t.dosesMissed"))
                FROM h \(sql: .orderedJoin) ward_trend_hour t ON t.hour >= h.s AND t.hour < h.e
                GROUP BY h.i
                """, { day, row in
                    let wet: Int = try row.column(at: 1), dirty: Int = try row.column(at: 2)
                    let mixed: Int = try row.column(at: 3), dry: Int = try row.column(at: 4)
                    day.wet += wet + mixed
                    day.dirty += dirty + mixed
                    day.nappies += wet + dirty + mixed + dry
                    day.feeds += try row.column(at: 5, as: Int.self)
                    day.dosesGiven += try row.column(at: 6, as: Int.self)
                    day.dosesWithheld += try row.column(at: 7, as: Int.self)
                    day.dosesMissed += try row.column(at: 8, as: Int.self)
                }))
        }
        if !edges.isEmpty {
            let d = table("d", edges)
            out += [
                // Per kind, so each edge is a range search on the covering (kind, occurredAt) index.
                Self.perDay("""
                WITH \(sql: d), k(kind) AS (VALUES ('wet'), ('dirty'), ('mixed'), ('dry'))
                SELECT d.i, k.kind, count(*)
                FROM k CROSS JOIN d \(sql: .orderedJoin) nappy_change n ON n.kind = k.kind AND n.deletedAt IS NULL
                    AND n.occurredAt >= d.s AND n.occurredAt < d.e
                GROUP BY d.i, k.kind
                """, { day, row in
                    let count: Int = try row.column(at: 2)
                    let kind: String = try row.column(at: 1)
                    day.nappies += count
                    if kind == "wet" || kind == "mixed" { day.wet += count }
                    if kind == "dirty" || kind == "mixed" { day.dirty += count }
                }),
                Self.perDay("""
                WITH \(sql: d)
                SELECT d.i, count(*)
                FROM d \(sql: .orderedJoin) feed f ON f.deletedAt IS NULL AND f.occurredAt >= d.s AND f.occurredAt < d.e
                    AND f.kind NOT IN (\(sql: SQLQuery(verbatim: FeedKind.outputKindsSQL)))
                GROUP BY d.i
                """, { day, row in day.feeds += try row.column(at: 1, as: Int.self) }),
                Self.perDay("""
                WITH \(sql: d)
                SELECT d.i, count(*) FILTER (WHERE r.status = 'given'), count(*) FILTER (WHERE r.status = 'withheld'),
                    count(*) FILTER (WHERE r.status = 'missed')
                FROM d \(sql: .orderedJoin) dose_record r ON r.deletedAt IS NULL AND r.status IS NOT NULL
                    AND r.recordedAt >= d.s AND r.recordedAt < d.e
                GROUP BY d.i
                """, { day, row in
                    day.dosesGiven += try row.column(at: 1, as: Int.self)
                    day.dosesWithheld += try row.column(at: 2, as: Int.self)
                    day.dosesMissed += try row.column(at: 3, as: Int.self)
                }),
            ]
        }
        // A wet-nappy gap over the threshold is an alert on the day it ended, however long before
        // the window it began (a baby dry since before the first day is still an alert when the
        // gap ends inside it). Patients deleted (an admission undone) are not on the ward: their
        // nappies raise no alert. The few long gaps come back as times and find their day by
        // binary search: joined with the VALUES table of days, SQLite compared every gap with
        // every day (0.3 s for two years).
        let threshold = Int64(settings.noWetAlertThresholdMinutes) * 60_000
        let wardStart = StoredTime.milliseconds(wardDays[0].start)
        let starts = wardDays.map { StoredTime.milliseconds($0.start) }
        let end = StoredTime.milliseconds(wardDays[wardDays.count - 1].end)
        out.append(("""
            SELECT g.occurredAt FROM wet_nappy_gap g
            WHERE g.gapMs > \(threshold) AND g.occurredAt >= \(wardStart) AND g.occurredAt <= \(StoredTime.milliseconds(now))
                AND g.patientId NOT IN (SELECT id FROM patient WHERE deletedAt IS NOT NULL)
            """ as SQLQuery, { days, row in
                let t: Int64 = try row.column(at: 0)
                guard t < end else { return }
                // The last day starting at or before t (days are contiguous, oldest first).
                days[starts.lastIndex(atOrBefore: t)].alerts += 1
            }))
        return out
    }
}
