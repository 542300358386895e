import Foundation
import WardSQL

/// The Dashboard's SQL: one statement, aggregates per admitted patient computed by the engine
/// from the per-patient covering indexes (`nappy_live_patient_time`, …); only one row per cot
/// reaches Swift. Written once with WardSQL; the nappy figures have two forms (`nappyForm`):
/// a correlated count per figure, which SQLite runs fastest, and one lateral aggregate per cot
/// with `FILTER`, which PostgreSQL's planner needs (it runs each correlated subquery as its own
/// plan per row). Tests hold both forms to the same rows on PostgreSQL and to SQLite's.
/// The statement's text does not change with the clock (its values are bound), so each SQLite
/// connection prepares it once; `inlinedSQL` is the same text with the values as literals, for
/// timing the very same query in `sqlite3`.
public struct DashboardQuery: Sendable {
    public let now: Date
    public let timeZone: TimeZone
    public let settings: WardSettings
    public let days: [WardDay]

    /// How the nappy figures are computed (see the type's comment).
    public enum NappyForm: Sendable, CaseIterable {
        /// One correlated count per figure: SQLite's form, and valid on both engines.
        case correlated
        /// One lateral aggregate per cot with `FILTER`: PostgreSQL's form.
        case lateral

        public static func preferred(for dialect: SQLDialect) -> NappyForm { dialect == .postgres ? .lateral : .correlated }
    }

    public init(now: Date, timeZone: TimeZone, settings: WardSettings) {
        self.now = now
        self.timeZone = timeZone
        self.settings = settings
        self.days = WardDay.lastDays(7, endingAt: now, dayStartMinutes: settings.dayStartMinutes, timeZone: timeZone)
    }

    var today: WardDay { days[6] }

    /// The statement in the engine's preferred form.
    public func query(for dialect: SQLDialect) -> SQLQuery { query(.preferred(for: dialect)) }

    /// The statement in one form, its values bound.
    public func query(_ form: NappyForm) -> SQLQuery { statement(form, value: { .value($0) }) }

    /// SQLite's statement with every value written as a literal (for `sqlite3`).
    public var inlinedSQL: String {
        statement(.correlated, value: { SQLQuery(verbatim: String($0)) }).rendered(for: .sqlite).text
    }

    /// The clock's values: now, the 6 and 24 hour marks, the end of the window, today's start and
    /// each day's bounds, all Unix milliseconds.
    private struct Marks {
        let now, h6, h24, windowEnd, todayStart, dry: Int64
        let dayStarts, dayEnds: [Int64]
    }

    private var marks: Marks {
        let ms = StoredTime.milliseconds
        let nowMs = ms(now)
        return Marks(now: nowMs, h6: nowMs - 6 * 3_600_000, h24: nowMs - 24 * 3_600_000,
                     windowEnd: max(ms(today.end), nowMs + 1), todayStart: ms(today.start),
                     dry: Int64(settings.dryNappyWeightGrams), dayStarts: days.map { ms($0.start) }, dayEnds: days.map { ms($0.end) })
    }

    private func statement(_ form: NappyForm, value v: (Int64) -> SQLQuery) -> SQLQuery {
        let m = marks
        let (nowMs, h24, to, todayStart) = (v(m.now), v(m.h24), v(m.windowEnd), v(m.todayStart))
        let weighed = settings.dryNappyWeightGrams > 0
        let urineAmount = SQLQuery.greatest("n.nappyWeightGrams - " + v(m.dry), "0")
        // sum(bigint) is numeric on PostgreSQL, which the driver reads only as a double.
        let asInteger = { (sum: SQLQuery) in "CAST(" + sum + " AS BIGINT)" }
        let nappyColumns: SQLQuery
        let from: SQLQuery
        switch form {
        case .correlated:
            // One correlated count per figure: each is a range search on a covering index for one
            // cot, which SQLite runs far faster than one grouped scan of the week (its sorter and
            // per-row aggregate calls cost more than the searches).
            let nappies = { (condition: SQLQuery) -> SQLQuery in
                "(SELECT count(*) FROM nappy_change n WHERE n.patientId = a.id AND n.deletedAt IS NULL AND \(sql: condition))"
            }
            let urine = { (since: SQLQuery) -> SQLQuery in
                weighed ? asInteger("""
                    (SELECT sum(\(sql: urineAmount)) FROM nappy_change n WHERE n.patientId = a.id
                        AND n.deletedAt IS NULL AND n.occurredAt >= \(sql: since) AND n.occurredAt < \(sql: to) AND n.kind = 'wet'
                        AND n.nappyWeightGrams IS NOT NULL)
                    """) : "NULL"
            }
            var columns: [SQLQuery] = [
                nappies("n.kind IN ('wet', 'mixed') AND n.occurredAt >= \(sql: todayStart) AND n.occurredAt < \(sql: to)") + " AS wetToday",
                nappies("n.kind IN ('dirty', 'mixed') AND n.occurredAt >= \(sql: todayStart) AND n.occurredAt < \(sql: to)") + " AS dirtyToday",
                nappies("n.occurredAt >= \(sql: todayStart) AND n.occurredAt < \(sql: to)") + " AS changesToday",
            ]
            columns += days.indices.map { i in
                nappies("n.occurredAt >= \(sql: v(m.dayStarts[i])) AND n.occurredAt < \(sql: v(m.dayEnds[i]))")
                    + SQLQuery(verbatim: " AS day\(i)")
            }
            columns += [
                urine(v(m.h6)) + " AS urine6h",
                urine(h24) + " AS urine24h",
                """
                (SELECT n.occurredAt FROM nappy_change n WHERE n.patientId = a.id AND n.deletedAt IS NULL
                    ORDER BY n.occurredAt DESC LIMIT 1) AS lastNappyAt
                """,
                """
                (SELECT n.kind FROM nappy_change n WHERE n.patientId = a.id AND n.deletedAt IS NULL
                    ORDER BY n.occurredAt DESC LIMIT 1) AS lastNappyKind
                """,
                // Two min/max searches on the kind index, which SQLite answers from its ends.
                """
                (SELECT max(t) FROM (
                    SELECT max(n.occurredAt) AS t FROM nappy_change n
                        WHERE n.patientId = a.id AND n.kind = 'wet' AND n.deletedAt IS NULL
                    UNION ALL
                    SELECT max(n.occurredAt) FROM nappy_change n
                        WHERE n.patientId = a.id AND n.kind = 'mixed' AND n.deletedAt IS NULL) AS w) AS lastWetAt
                """,
            ]
            nappyColumns = .joined(columns, separator: ",\n    ")
            from = "patient a"
        case .lateral:
            // One range scan of the week per cot, every figure a FILTER of it; the last nappy by
            // one backward search.
            let weekFrom = v(min(m.dayStarts[0], m.h24)), weekTo = v(max(m.windowEnd, m.dayEnds[6]))
            let count = { (condition: SQLQuery) -> SQLQuery in "count(*) FILTER (WHERE \(sql: condition))" }
            let urine = { (since: SQLQuery) -> SQLQuery in
                weighed ? asInteger("""
                    sum(\(sql: urineAmount)) FILTER (WHERE n.occurredAt >= \(sql: since) AND n.occurredAt < \(sql: to)
                        AND n.kind = 'wet' AND n.nappyWeightGrams IS NOT NULL)
                    """) : "NULL"
            }
            var figures: [SQLQuery] = [
                count("n.kind IN ('wet', 'mixed') AND n.occurredAt >= \(sql: todayStart) AND n.occurredAt < \(sql: to)") + " AS wetToday",
                count("n.kind IN ('dirty', 'mixed') AND n.occurredAt >= \(sql: todayStart) AND n.occurredAt < \(sql: to)") + " AS dirtyToday",
                count("n.occurredAt >= \(sql: todayStart) AND n.occurredAt < \(sql: to)") + " AS changesToday",
            ]
            figures += days.indices.map { i in
                count("n.occurredAt >= \(sql: v(m.dayStarts[i])) AND n.occurredAt < \(sql: v(m.dayEnds[i]))")
                    + SQLQuery(verbatim: " AS day\(i)")
            }
            figures += [urine(v(m.h6)) + " AS urine6h", urine(h24) + " AS urine24h"]
            nappyColumns = """
                nw.wetToday, nw.dirtyToday, nw.changesToday, nw.day0, nw.day1, nw.day2, nw.day3, nw.day4, nw.day5, nw.day6,
                    nw.urine6h, nw.urine24h, nl.occurredAt AS lastNappyAt, nl.kind AS lastNappyKind,
                    (SELECT max(n.occurredAt) FROM nappy_change n WHERE n.patientId = a.id AND n.kind IN ('wet', 'mixed')
                        AND n.deletedAt IS NULL) AS lastWetAt
                """
            from = """
                patient a
                CROSS JOIN LATERAL (SELECT \(sql: .joined(figures, separator: ",\n        "))
                    FROM nappy_change n WHERE n.patientId = a.id AND n.deletedAt IS NULL
                        AND n.occurredAt >= \(sql: weekFrom) AND n.occurredAt < \(sql: weekTo)) AS nw
                LEFT JOIN LATERAL (SELECT n.occurredAt, n.kind FROM nappy_change n WHERE n.patientId = a.id
                    AND n.deletedAt IS NULL ORDER BY n.occurredAt DESC LIMIT 1) AS nl ON TRUE
                """
        }
        let since: SQLQuery = h24 + " + 1", until: SQLQuery = nowMs + " + 1"
        return """
            SELECT
                \(sql: nappyColumns),
                \(sql: FeedTotalsQuery.intake(patient: "a.id", s: since, e: until, now: nowMs)) AS intake24h,
                \(sql: FeedTotalsQuery.output(patient: "a.id", s: since, e: until)) AS output24h,
                (SELECT CAST(round(w.value) AS BIGINT) FROM measurement w WHERE w.patientId = a.id AND w.kind = 'weight'
                    AND w.deletedAt IS NULL ORDER BY w.measuredAt DESC LIMIT 1) AS latestWeight,
                a.*
            FROM \(sql: from)
            WHERE a.dischargedAt IS NULL AND a.deletedAt IS NULL
            """
    }

    /// Columns before `a.*`, read by position (a name lookup per value costs more than the SQL).
    private enum Column: Int {
        case wetToday, dirtyToday, changesToday, day0, urine6h = 10, urine24h, lastNappyAt,
             lastNappyKind, lastWetAt, intake24h, output24h, latestWeight, patientStart
    }

    func fetch(_ db: some SQLConnection) throws -> Dashboard {
        let rows = try db.fetchAll(query(for: db.dialect))
        let threshold = TimeInterval(settings.noWetAlertThresholdMinutes * 60)
        let slots = Dictionary(grouping: try WardSlots.load(db, now: now, timeZone: timeZone, timing: settings.slotTiming,
                                                            lookAhead: 48 * 3600), by: \.patient.id)
        let latestMeasurements = try LatestMeasurements.fetch(db)
        var ownGoals: [Int64: [SQLRow]] = [:]
        for goal in try db.fetchAll("""
            SELECT g.patientId, g.kind, g.low, g.high FROM patient p JOIN measurement_goal g ON g.patientId = p.id
            WHERE p.dischargedAt IS NULL AND p.deletedAt IS NULL
            """) {
            ownGoals[try goal.column("patientId", as: Int64.self), default: []].append(goal)
        }
        // The patient's columns follow the computed ones and are read by name (none clash).
        let patients = try rows.map { try Patient(row: $0) }
        let goals = Dictionary(uniqueKeysWithValues: patients.map {
            ($0.id, SQLiteWardStore.goalRanges(for: $0, own: ownGoals[$0.id] ?? [], now: now, timeZone: timeZone))
        })
        let insightInputs = try CotInsightInput.fetchWard(db, patients: patients, now: now, timeZone: timeZone,
                                                          settings: settings, goals: goals)
        var dashboardRows: [DashboardRow] = try zip(rows, patients).map { row, patient in
            func int(_ column: Column, offset: Int = 0) throws -> Int64? { try row.column(at: column.rawValue + offset) }
            func real(_ column: Column) throws -> Double { try row.column(at: column.rawValue, as: Double?.self) ?? 0 }
            let ranges = goals[patient.id] ?? [:]
            let lastNappyAt = try int(.lastNappyAt).map(StoredTime.date(milliseconds:))
            let lastWetAt = try int(.lastWetAt).map(StoredTime.date(milliseconds:))
            let latestWeight = try int(.latestWeight).map { Int($0) }
            // The latest weighing, else the birth weight: what urine output is judged against.
            let weight = latestWeight ?? patient.birthWeightGrams
            let hoursSinceAdmission = now.timeIntervalSince(patient.admittedAt) / 3600
            let rate = { (urine: Int64?, hours: Double) -> Double? in
                guard let urine, let weight else { return nil }
                return UrineOutput.mlPerKgPerHour(urineML: Double(urine), weightGrams: weight, windowHours: hours,
                                                  hoursSinceAdmission: hoursSinceAdmission)
            }
            let reference = lastWetAt ?? patient.admittedAt
            let alert: NoWetNappyAlert? = now.timeIntervalSince(reference) > threshold
                ? NoWetNappyAlert(since: reference, neverWetSinceAdmission: lastWetAt == nil,
                                  hours: now.timeIntervalSince(reference) / 3600)
                : nil
            return DashboardRow(
                patient: patient,
                age: PatientAge(patient: patient, now: now, timeZone: timeZone),
                lastNappyAt: lastNappyAt,
                lastNappyKind: try row.column(at: Column.lastNappyKind.rawValue, as: String?.self).flatMap(NappyKind.init(rawValue:)),
                lastWetAt: lastWetAt,
                wetToday: Int(try int(.wetToday) ?? 0),
                dirtyToday: Int(try int(.dirtyToday) ?? 0),
                changesToday: Int(try int(.changesToday) ?? 0),
                nappiesPerDay: try (0..<7).map { Int(try int(.day0, offset: $0) ?? 0) },
                currentWeightGrams: weight,
                urineOutput6hMLPerKgPerHour: rate(try int(.urine6h), 6),
                urineOutput24hMLPerKgPerHour: rate(try int(.urine24h), 24),
                noWetAlert: alert,
                nextDose: Self.nextDose(slots[patient.id] ?? []),
                dueDoses: (slots[patient.id] ?? []).filter { $0.state == .due }.count,
                overdueDoses: (slots[patient.id] ?? []).filter { $0.state == .overdue }.count,
                intake24hML: Int(try real(.intake24h).rounded()),
                output24hML: Int(try real(.output24h).rounded()),
                latestWeightGrams: latestWeight,
                latestOutOfRange: latestMeasurements[patient.id].flatMap { latest in
                    LatestMeasurements.marked(latest, ranges: ranges).first { $0.mark != nil }
                },
                insightInput: insightInputs[patient.id])
        }
        dashboardRows.sort {
            $0.patient.bedLabel.compare($1.patient.bedLabel, options: [.numeric, .caseInsensitive]) == .orderedAscending
        }
        let summary = DashboardSummary(occupiedCots: dashboardRows.count,
                                       changesToday: dashboardRows.reduce(0) { $0 + $1.changesToday },
                                       alerts: dashboardRows.filter { $0.noWetAlert != nil }.count,
                                       dueDoses: dashboardRows.reduce(0) { $0 + $1.dueDoses },
                                       overdueDoses: dashboardRows.reduce(0) { $0 + $1.overdueDoses })
        return Dashboard(now: now, today: self.today, settings: settings, rows: dashboardRows, summary: summary)
    }
}

extension DashboardQuery {
    /// The earliest open slot: overdue ones first (oldest), else the next due or upcoming.
    static func nextDose(_ entries: [WardSlots.Entry]) -> NextDose? {
        let open = entries.filter { !$0.state.isFinal }
        let pick = open.filter { $0.state == .overdue }.min { $0.dueAt < $1.dueAt } ?? open.min { $0.dueAt < $1.dueAt }
        return pick.map {
            NextDose(dueAt: $0.dueAt, drugName: $0.medication.drugName, medicationId: $0.medication.id,
                     scheduledAt: $0.slot.scheduledAt, state: $0.state)
        }
    }
}

extension SQLiteWardStore {
    public func dashboard(now: Date, timeZone: TimeZone) async throws -> Dashboard {
        try await database.read { db in
            let settings = try Self.settings(db)
            return try DashboardQuery(now: now, timeZone: timeZone, settings: settings).fetch(db)
        }
    }
}
