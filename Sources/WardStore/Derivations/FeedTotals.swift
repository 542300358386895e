import Foundation
import WardSQL

/// What charted feeds add up to over a window: the one plain rule every intake and output
/// total agrees with (the Dashboard, Trends and insight SQL are held to it in tests).
///
/// - A feed by volume counts when charted in `[from, to)`.
/// - An IV infusion counts rate × the hours it ran inside the window: from its start to its
///   stop (or `now` while it runs; never past `now`), overlapped with `[from, to)`.
/// - An output (NG aspirate, vomit) is never intake; its volume counts as output in `[from, to)`.
public enum FeedTotals {
    /// mL of intake from `feed` in `[from, to)` at `now`.
    public static func intakeML(_ feed: FeedDraft, from: Date, to: Date, now: Date) -> Double {
        guard !feed.kind.isOutput else { return 0 }
        if let rate = feed.rateMLPerHour {
            return rate * hoursRun(feed, from: from, to: to, now: now)
        }
        guard feed.occurredAt >= from, feed.occurredAt < to else { return 0 }
        return Double(feed.volumeML ?? 0)
    }

    /// Hours an infusion ran inside `[from, to)` at `now` (0 for anything but an infusion).
    public static func hoursRun(_ feed: FeedDraft, from: Date, to: Date, now: Date) -> Double {
        guard feed.isInfusion else { return 0 }
        let end = min(feed.stoppedAt ?? now, now, to)
        let start = max(feed.occurredAt, from)
        return max(0, end.timeIntervalSince(start)) / 3600
    }

    /// mL of output from `feed` in `[from, to)`.
    public static func outputML(_ feed: FeedDraft, from: Date, to: Date) -> Double {
        guard feed.kind.isOutput, feed.occurredAt >= from, feed.occurredAt < to else { return 0 }
        return Double(feed.volumeML ?? 0)
    }

    /// Intake and output of `feeds` in `[from, to)` at `now`.
    public static func totals(_ feeds: [FeedDraft], from: Date, to: Date, now: Date) -> (intakeML: Double, outputML: Double) {
        feeds.reduce((0, 0)) { sum, feed in
            (sum.0 + intakeML(feed, from: from, to: to, now: now), sum.1 + outputML(feed, from: from, to: to))
        }
    }
}

/// The same rule in SQL, for the queries that total feeds where they lie (one range search per
/// window instead of reading every feed into Swift). Written once for both engines (`SQLQuery`);
/// the `String` forms are SQLite's text of the same, for queries still built as text.
public enum FeedTotalsSQL {
    /// Intake of feed rows `f` of `patient` (an SQL expression) in `[s, e)` at `now`, as a sum of
    /// two range searches: feeds by volume charted in the window (`feed_live_patient_time`,
    /// covering) and infusions started before its end and not stopped before its start
    /// (`feed_live_infusion_time`). `s`, `e` and `now` are SQL expressions in Unix ms.
    static func intake(patient: SQLQuery, s: SQLQuery, e: SQLQuery, now: SQLQuery) -> SQLQuery {
        let end = SQLQuery.least(SQLQuery.least("coalesce(f.stoppedAt, \(sql: now))", now), e)
        let ran = SQLQuery.greatest("0", end + " - " + SQLQuery.greatest("f.occurredAt", s))
        return """
        ((SELECT \(sql: .realTotal("f.volumeML")) FROM feed f WHERE f.patientId = \(sql: patient) AND f.deletedAt IS NULL
            AND f.occurredAt >= \(sql: s) AND f.occurredAt < \(sql: e) AND f.rateMLPerHour IS NULL
            AND f.kind NOT IN (\(sql: SQLQuery(verbatim: FeedKind.outputKindsSQL))))
        + (SELECT \(sql: .realTotal("f.rateMLPerHour * \(sql: ran) / 3600000.0"))
            FROM feed f WHERE f.patientId = \(sql: patient) AND f.deletedAt IS NULL AND f.rateMLPerHour IS NOT NULL
            AND f.occurredAt < \(sql: e) AND f.occurredAt < \(sql: now)))
        """
    }

    /// Output (NG aspirates, vomits) of `patient` charted in `[s, e)`.
    static func output(patient: SQLQuery, s: SQLQuery, e: SQLQuery) -> SQLQuery {
        """
        (SELECT \(sql: .realTotal("f.volumeML")) FROM feed f WHERE f.patientId = \(sql: patient) AND f.deletedAt IS NULL
            AND f.occurredAt >= \(sql: s) AND f.occurredAt < \(sql: e) AND f.rateMLPerHour IS NULL
            AND f.kind IN (\(sql: SQLQuery(verbatim: FeedKind.outputKindsSQL))))
        """
    }

    /// Feeds (not outputs) charted in `[s, e)`: the count beside the intake.
    static func count(patient: SQLQuery, s: SQLQuery, e: SQLQuery) -> SQLQuery {
        """
        (SELECT count(*) FROM feed f WHERE f.patientId = \(sql: patient) AND f.deletedAt IS NULL
            AND f.occurredAt >= \(sql: s) AND f.occurredAt < \(sql: e) AND f.kind NOT IN (\(sql: SQLQuery(verbatim: FeedKind.outputKindsSQL))))
        """
    }

    /// SQLite's text of `intake`.
    static func intake(patient: String, s: String, e: String, now: String) -> String {
        intake(patient: SQLQuery(verbatim: patient), s: SQLQuery(verbatim: s), e: SQLQuery(verbatim: e),
               now: SQLQuery(verbatim: now)).rendered(for: .sqlite).text
    }

    /// SQLite's text of `output`.
    static func output(patient: String, s: String, e: String) -> String {
        output(patient: SQLQuery(verbatim: patient), s: SQLQuery(verbatim: s), e: SQLQuery(verbatim: e)).rendered(for: .sqlite).text
    }

    /// SQLite's text of `count`.
    static func count(patient: String, s: String, e: String) -> String {
        count(patient: SQLQuery(verbatim: patient), s: SQLQuery(verbatim: s), e: SQLQuery(verbatim: e)).rendered(for: .sqlite).text
    }
}

extension FeedKind {
    /// The output kinds as an SQL list of literals (`'ngAspirate', 'vomit'`), for queries. (The
    /// hourly trend triggers of migration v12 spell them out, as a migration must not change with
    /// the code: a new output kind redefines those triggers in its own migration.)
    static var outputKindsSQL: String {
        allCases.filter(\.isOutput).map { "'\($0.rawValue)'" }.joined(separator: ", ")
    }
}
