import WardSQL

/// `FeedTotalsSQL` written once for both engines (`total` / `coalesce(sum(…), 0)`, two-argument
/// `max`/`min` / `greatest`/`least`): the same two range searches per window, as fragments of
/// a portable statement. `patient`, `s`, `e` and `now` are SQL expressions or bound values in
/// Unix ms. (`FeedTotalsSQL`'s text forms serve the queries not yet moved onto WardSQL.)
enum FeedTotalsQuery {
    static var outputKinds: SQLQuery { SQLQuery(verbatim: FeedKind.outputKindsSQL) }

    /// Intake: feeds by volume charted in `[s, e)`, plus infusions by the part of `[s, e)` they
    /// ran in before `now`.
    static func intake(patient: SQLQuery, s: SQLQuery, e: SQLQuery, now: SQLQuery) -> SQLQuery {
        let end = SQLQuery.least(.least("coalesce(f.stoppedAt, \(sql: now))", now), e)
        let ran = SQLQuery.greatest("0", end + " - " + .greatest("f.occurredAt", s))
        return """
            (\(sql: byVolume(patient: patient, s: s, e: e, outputs: false))
            + (SELECT \(sql: .realTotal("f.rateMLPerHour * \(sql: ran) / 3600000.0"))
                FROM feed f WHERE f.patientId = \(sql: patient) AND f.deletedAt IS NULL AND f.rateMLPerHour IS NOT NULL
                AND f.occurredAt < \(sql: e) AND f.occurredAt < \(sql: now)))
            """
    }

    /// Output (NG aspirates, vomits) charted in `[s, e)`.
    static func output(patient: SQLQuery, s: SQLQuery, e: SQLQuery) -> SQLQuery {
        byVolume(patient: patient, s: s, e: e, outputs: true)
    }

    /// Feeds (not outputs) charted in `[s, e)`: the count beside the intake.
    static func count(patient: SQLQuery, s: SQLQuery, e: SQLQuery) -> SQLQuery {
        """
        (SELECT count(*) FROM feed f WHERE f.patientId = \(sql: patient) AND f.deletedAt IS NULL
            AND f.occurredAt >= \(sql: s) AND f.occurredAt < \(sql: e) AND f.kind NOT IN (\(sql: outputKinds)))
        """
    }

    private static func byVolume(patient: SQLQuery, s: SQLQuery, e: SQLQuery, outputs: Bool) -> SQLQuery {
        """
        (SELECT \(sql: .realTotal("f.volumeML")) FROM feed f WHERE f.patientId = \(sql: patient) AND f.deletedAt IS NULL
            AND f.occurredAt >= \(sql: s) AND f.occurredAt < \(sql: e) AND f.rateMLPerHour IS NULL
            AND f.kind \(sql: SQLQuery(verbatim: outputs ? "IN" : "NOT IN")) (\(sql: outputKinds)))
        """
    }
}
