import Foundation
import GRDB

/// The Dashboard's SQL: one statement, aggregates per admitted patient computed by SQLite using
/// the covering index `nappy_live_patient_time`; only one row per cot reaches Swift.
/// The clock's values are named parameters, so each reader connection prepares the statement once
/// (`cachedStatement`) and a reload runs it without parsing; `inlinedSQL` is the same text with the
/// values as literals, for timing the very same query in `sqlite3`.
public struct DashboardQuery: Sendable {
    public let now: Date
    public let timeZone: TimeZone
    public let settings: WardSettings
    public let days: [WardDay]

    public init(now: Date, timeZone: TimeZone, settings: WardSettings) {
        self.now = now
        self.timeZone = timeZone
        self.settings = settings
        self.days = WardDay.lastDays(7, endingAt: now, dayStartMinutes: settings.dayStartMinutes, timeZone: timeZone)
    }

    var today: WardDay { days[6] }

    /// The SQL with named parameters; `arguments` holds their values.
    public var sql: String { text(inline: false) }

    /// The SQL with every value written as a literal (for `sqlite3`).
    public var inlinedSQL: String { text(inline: true) }

    /// The clock's values: now, the 6 and 24 hour marks, the end of the window, today's start and
    /// each day's bounds, all Unix milliseconds.
    public var arguments: StatementArguments {
        StatementArguments(values.mapValues { $0.databaseValue })
    }

    private var values: [String: Int64] {
        let ms = StoredTime.milliseconds
        let nowMs = ms(now)
        var out: [String: Int64] = ["now": nowMs, "h6": nowMs - 6 * 3_600_000, "h24": nowMs - 24 * 3_600_000,
                                    "windowEnd": max(ms(today.end), nowMs + 1), "todayStart": ms(today.start),
                                    "dry": Int64(settings.dryNappyWeightGrams)]
        for (i, day) in days.enumerated() {
            out["day\(i)Start"] = ms(day.start)
            out["day\(i)End"] = ms(day.end)
        }
        return out
    }

    private func text(inline: Bool) -> String {
        let values = self.values
        let v = { (name: String) in inline ? String(values[name]!) : ":" + name }
        let (nowMs, h6, h24, to, todayStart, dry) = (v("now"), v("h6"), v("h24"), v("windowEnd"), v("todayStart"), v("dry"))
        // One correlated count per figure: each is a range search on a covering index for one
        // cot, which SQLite runs far faster than one grouped scan of the week (its sorter and
        // per-row aggregate calls cost more than the searches).
        let nappies = { (condition: String) in
            "(SELECT count(*) FROM nappy_change n WHERE n.patientId = a.id AND n.deletedAt IS NULL AND \(condition))"
        }
        let dayColumns = days.indices.map { i in
            nappies("n.occurredAt >= \(v("day\(i)Start")) AND n.occurredAt < \(v("day\(i)End"))") + " AS day\(i)"
        }.joined(separator: ",\n    ")
        let urine = { (since: String) in
            settings.dryNappyWeightGrams > 0
                ? """
                  (SELECT sum(max(n.nappyWeightGrams - \(dry), 0)) FROM nappy_change n WHERE n.patientId = a.id
                      AND n.deletedAt IS NULL AND n.occurredAt >= \(since) AND n.occurredAt < \(to) AND n.kind = 'wet'
                      AND n.nappyWeightGrams IS NOT NULL)
                  """
                : "NULL"
        }
        return """
            SELECT
                \(nappies("n.kind IN ('wet', 'mixed') AND n.occurredAt >= \(todayStart) AND n.occurredAt < \(to)")) AS wetToday,
                \(nappies("n.kind IN ('dirty', 'mixed') AND n.occurredAt >= \(todayStart) AND n.occurredAt < \(to)")) AS dirtyToday,
                \(nappies("n.occurredAt >= \(todayStart) AND n.occurredAt < \(to)")) AS changesToday,
                \(dayColumns),
                \(urine(h6)) AS urine6h,
                \(urine(h24)) AS urine24h,
                (SELECT n.occurredAt FROM nappy_change n WHERE n.patientId = a.id AND n.deletedAt IS NULL
                    ORDER BY n.occurredAt DESC LIMIT 1) AS lastNappyAt,
                (SELECT n.kind FROM nappy_change n WHERE n.patientId = a.id AND n.deletedAt IS NULL
                    ORDER BY n.occurredAt DESC LIMIT 1) AS lastNappyKind,
                (SELECT max(t) FROM (
                    SELECT max(n.occurredAt) AS t FROM nappy_change n
                        WHERE n.patientId = a.id AND n.kind = 'wet' AND n.deletedAt IS NULL
                    UNION ALL
                    SELECT max(n.occurredAt) FROM nappy_change n
                        WHERE n.patientId = a.id AND n.kind = 'mixed' AND n.deletedAt IS NULL)) AS lastWetAt,
                \(FeedTotalsSQL.intake(patient: "a.id", s: "\(h24) + 1", e: "\(nowMs) + 1", now: nowMs)) AS intake24h,
                \(FeedTotalsSQL.output(patient: "a.id", s: "\(h24) + 1", e: "\(nowMs) + 1")) AS output24h,
                (SELECT CAST(round(w.value) AS INTEGER) FROM measurement w WHERE w.patientId = a.id AND w.kind = 'weight'
                    AND w.deletedAt IS NULL ORDER BY w.measuredAt DESC LIMIT 1) AS latestWeight,
                a.*
            FROM patient a
            WHERE a.dischargedAt IS NULL AND a.deletedAt IS NULL
            """
    }

    /// Columns before `a.*`, read by position (a name lookup per value costs more than the SQL).
    private enum Column: Int {
        case wetToday, dirtyToday, changesToday, day0, urine6h = 10, urine24h, lastNappyAt,
             lastNappyKind, lastWetAt, intake24h, output24h, latestWeight, patientStart
    }

    func fetch(_ db: Database) throws -> Dashboard {
        let adapter = ScopeAdapter(["patient": SuffixRowAdapter(fromIndex: Column.patientStart.rawValue)])
        let rows = try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments, adapter: adapter)
        let threshold = TimeInterval(settings.noWetAlertThresholdMinutes * 60)
        let slots = Dictionary(grouping: try WardSlots.load(db, now: now, timeZone: timeZone, timing: settings.slotTiming,
                                                            lookAhead: 48 * 3600), by: \.patient.id)
        let latestMeasurements = try LatestMeasurements.fetch(db)
        let ownGoals = Dictionary(grouping: try Row.fetchAll(db, sql: """
            SELECT g.patientId, g.kind, g.low, g.high FROM patient p JOIN measurement_goal g ON g.patientId = p.id
            WHERE p.dischargedAt IS NULL AND p.deletedAt IS NULL
            """), by: { $0["patientId"] as Int64 })
        let patients = try rows.map { try Patient(row: $0.scopes["patient"]!) }
        let goals = Dictionary(uniqueKeysWithValues: patients.map {
            ($0.id, SQLiteWardStore.goalRanges(for: $0, own: ownGoals[$0.id] ?? [], now: now, timeZone: timeZone))
        })
        let insightInputs = try CotInsightInput.fetchWard(db, patients: patients, now: now, timeZone: timeZone,
                                                          settings: settings, goals: goals)
        var dashboardRows: [DashboardRow] = zip(rows, patients).map { row, patient in
            func int(_ column: Column, offset: Int = 0) -> Int64? { row[column.rawValue + offset] }
            let ranges = goals[patient.id] ?? [:]
            let lastNappyAt = int(.lastNappyAt).map(StoredTime.date(milliseconds:))
            let lastWetAt = int(.lastWetAt).map(StoredTime.date(milliseconds:))
            // The latest weighing, else the birth weight: what urine output is judged against.
            let weight = int(.latestWeight).map { Int($0) } ?? patient.birthWeightGrams
            let hoursSinceAdmission = now.timeIntervalSince(patient.admittedAt) / 3600
            let rate = { (column: Column, hours: Double) -> Double? in
                guard let urine = int(column), let weight else { return nil }
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
                lastNappyKind: (row[Column.lastNappyKind.rawValue] as String?).flatMap(NappyKind.init(rawValue:)),
                lastWetAt: lastWetAt,
                wetToday: Int(int(.wetToday) ?? 0),
                dirtyToday: Int(int(.dirtyToday) ?? 0),
                changesToday: Int(int(.changesToday) ?? 0),
                nappiesPerDay: (0..<7).map { Int(int(.day0, offset: $0) ?? 0) },
                currentWeightGrams: weight,
                urineOutput6hMLPerKgPerHour: rate(.urine6h, 6),
                urineOutput24hMLPerKgPerHour: rate(.urine24h, 24),
                noWetAlert: alert,
                nextDose: Self.nextDose(slots[patient.id] ?? []),
                dueDoses: (slots[patient.id] ?? []).filter { $0.state == .due }.count,
                overdueDoses: (slots[patient.id] ?? []).filter { $0.state == .overdue }.count,
                intake24hML: Int(((row[Column.intake24h.rawValue] as Double?) ?? 0).rounded()),
                output24hML: Int(((row[Column.output24h.rawValue] as Double?) ?? 0).rounded()),
                latestWeightGrams: int(.latestWeight).map { Int($0) },
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
        try await pool.read { db in
            let settings = try Self.settings(db)
            return try DashboardQuery(now: now, timeZone: timeZone, settings: settings).fetch(db)
        }
    }
}
