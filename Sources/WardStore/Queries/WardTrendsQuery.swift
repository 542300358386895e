import Foundation
import GRDB

/// The ward view's SQL: nappies, feeds, doses and no-wet-nappy alerts per ward day across every
/// cot. The counts come from the hourly summary `ward_trend_hour` and the alerts from
/// `wet_nappy_gap` (both kept by triggers, migration v4), so two years of a million-event ward
/// read about 17 000 summary rows and the few long gaps instead of every event. Recorded doses
/// (given, withheld, missed) count on the day they were recorded; slots nobody answered count as
/// missed on the day they were scheduled (`WardMissedSlots`).
struct WardTrendsQuery: Sendable {
    let window: TrendWindow
    let now: Date
    let timeZone: TimeZone
    let settings: WardSettings

    /// `ward_trend_hour.hour` is Unix milliseconds / 3 600 000.
    static let hourMs: Int64 = 3_600_000

    func fetch(_ db: Database) throws -> WardTrends {
        var count = window.days ?? 0
        if window == .all {
            let first = try Int64.fetchOne(db, sql: "SELECT min(occurredAt) FROM nappy_change WHERE deletedAt IS NULL")
            count = first.map { max(1, Int((now.timeIntervalSince(StoredTime.date(milliseconds: $0)) / 86_400).rounded(.up)) + 1) } ?? 1
        }
        let wardDays = WardDay.lastDays(max(1, count), endingAt: now, dayStartMinutes: settings.dayStartMinutes,
                                        timeZone: timeZone)
        var days = wardDays.map { TrendDay(day: $0, label: CalendarDay($0.start, in: timeZone)) }
        for (sql, apply) in statements(wardDays) {
            for row in try Row.fetchAll(db, sql: sql) { apply(&days, row) }
        }
        // Slots nobody answered: missed on the day they were scheduled (recorded statuses above
        // count on the day they were recorded).
        let missed = try WardMissedSlots(days: wardDays, now: now, timeZone: timeZone, timing: settings.slotTiming).count(db)
        for (i, count) in missed.enumerated() { days[i].dosesMissed += count }
        let occupied = try Int.fetchOne(db, sql: "SELECT count(*) FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL") ?? 0
        return WardTrends(window: window, now: now, settings: settings, days: days, occupiedCots: occupied)
    }

    typealias Statement = (sql: String, apply: @Sendable (inout [TrendDay], Row) -> Void)

    /// A statement whose rows are `(day index, …)`, each added to that day by `apply`.
    private static func perDay(_ sql: String, _ apply: @escaping @Sendable (inout TrendDay, Row) -> Void) -> Statement {
        (sql, { days, row in
            let i: Int = row[0]
            apply(&days[i], row)
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
        func table(_ name: String, _ rows: [(Int, Int64, Int64)]) -> String {
            "\(name)(i, s, e) AS (VALUES \(rows.map { "(\($0.0), \($0.1), \($0.2))" }.joined(separator: ", ")))"
        }
        var out: [Statement] = []
        if !hours.isEmpty {
            out.append(Self.perDay("""
                WITH \(table("h", hours))
                SELECT h.i, sum(t.nappiesWet), sum(t.nappiesDirty), sum(t.nappiesMixed), sum(t.nappiesDry), sum(t.feeds),
                    sum(t.dosesGiven), sum(t.dosesWithheld), sum(t.dosesMissed)
                FROM h CROSS JOIN ward_trend_hour t ON t.hour >= h.s AND t.hour < h.e
                GROUP BY h.i
                """, { day, row in
                    let wet: Int = row[1], dirty: Int = row[2], mixed: Int = row[3], dry: Int = row[4]
                    day.wet += wet + mixed
                    day.dirty += dirty + mixed
                    day.nappies += wet + dirty + mixed + dry
                    day.feeds += row[5] as Int
                    day.dosesGiven += row[6] as Int
                    day.dosesWithheld += row[7] as Int
                    day.dosesMissed += row[8] as Int
                }))
        }
        if !edges.isEmpty {
            let d = table("d", edges)
            out += [
                // Per kind, so each edge is a range search on the covering (kind, occurredAt) index.
                Self.perDay("""
                WITH \(d), k(kind) AS (VALUES ('wet'), ('dirty'), ('mixed'), ('dry'))
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
                Self.perDay("""
                WITH \(d)
                SELECT d.i, count(*)
                FROM d CROSS JOIN feed f ON f.deletedAt IS NULL AND f.occurredAt >= d.s AND f.occurredAt < d.e
                    AND f.kind NOT IN (\(FeedKind.outputKindsSQL))
                GROUP BY d.i
                """, { day, row in day.feeds += row[1] as Int }),
                Self.perDay("""
                WITH \(d)
                SELECT d.i, sum(r.status = 'given'), sum(r.status = 'withheld'), sum(r.status = 'missed')
                FROM d CROSS JOIN dose_record r ON r.deletedAt IS NULL AND r.status IS NOT NULL
                    AND r.recordedAt >= d.s AND r.recordedAt < d.e
                GROUP BY d.i
                """, { day, row in
                    day.dosesGiven += row[1] as Int
                    day.dosesWithheld += row[2] as Int
                    day.dosesMissed += row[3] as Int
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
            """, { days, row in
                let t: Int64 = row[0]
                guard t < end else { return }
                // The last day starting at or before t (days are contiguous, oldest first).
                days[starts.lastIndex(atOrBefore: t)].alerts += 1
            }))
        return out
    }
}
