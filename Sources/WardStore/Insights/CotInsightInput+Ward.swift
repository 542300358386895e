import Foundation
import WardSQL

extension CotInsightInput {
    /// Every admitted cot's input in one read, for the Dashboard: each part is one statement for
    /// the whole ward (the same range searches per cot as `fetch`, without a statement per cot),
    /// the doses too (`RecentDoses`, a statement per step back for all the cots' drugs). Tests
    /// hold it to `fetch`, cot by cot, on a seeded ward.
    static func fetchWard(_ db: some SQLConnection, patients: [Patient], now: Date, timeZone: TimeZone, settings: WardSettings,
                          goals: [Int64: [MeasurementKind: GoalRange]]) throws -> [Int64: CotInsightInput] {
        guard !patients.isEmpty else { return [:] }
        let nowMs = StoredTime.milliseconds(now)
        let admitted: SQLQuery = "p(id) AS (SELECT id FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL)"
        let wardDays = WardDay.lastDays(dayCount, endingAt: now, dayStartMinutes: settings.dayStartMinutes, timeZone: timeZone)
        let table = SQLQuery(verbatim: TimeBucket.valuesTable("d", TimeBucket.split(wardDays, parts: 1)))
        var days: [Int64: [TrendDay]] = [:]
        for patient in patients {
            days[patient.id] = TrendDay.days(wardDays, stayOf: patient, now: now, timeZone: timeZone)
        }
        for row in try db.fetchAll("""
            WITH \(sql: table), \(sql: admitted)
            SELECT p.id, d.i, count(*) FILTER (WHERE n.kind IN ('wet', 'mixed')), count(*)
            FROM p CROSS JOIN d \(sql: .orderedJoin) nappy_change n ON n.patientId = p.id AND n.deletedAt IS NULL
                AND n.occurredAt >= d.s AND n.occurredAt < d.e
            GROUP BY p.id, d.i
            """) {
            let id = try row.column(at: 0, as: Int64.self), i = try row.column(at: 1, as: Int.self)
            days[id]?[i].wet = try row.column(at: 2)
            days[id]?[i].nappies = try row.column(at: 3)
        }
        let at: SQLQuery = "\(nowMs)"
        for row in try db.fetchAll("""
            WITH \(sql: table), \(sql: admitted)
            SELECT p.id, d.i, \(sql: FeedTotalsQuery.intake(patient: "p.id", s: "d.s", e: "d.e", now: at)),
                \(sql: FeedTotalsQuery.count(patient: "p.id", s: "d.s", e: "d.e")),
                \(sql: FeedTotalsQuery.output(patient: "p.id", s: "d.s", e: "d.e"))
            FROM p CROSS JOIN d
            """) {
            let id = try row.column(at: 0, as: Int64.self), i = try row.column(at: 1, as: Int.self)
            days[id]?[i].feedML = try row.column(at: 2)
            days[id]?[i].feeds = try row.column(at: 3)
            days[id]?[i].outputML = try row.column(at: 4)
        }
        var weights: [Int64: [TimedValue]] = [:]
        let weightFrom = nowMs - Int64(weightSpan * 1000)
        for row in try db.fetchAll("""
            WITH \(sql: admitted)
            SELECT m.patientId, m.measuredAt, m.value FROM p CROSS JOIN measurement m
            WHERE m.patientId = p.id AND m.kind = 'weight' AND m.deletedAt IS NULL AND m.measuredAt <= \(nowMs)
                AND m.measuredAt >= coalesce((SELECT max(w.measuredAt) FROM measurement w WHERE w.patientId = p.id
                    AND w.kind = 'weight' AND w.deletedAt IS NULL AND w.measuredAt < \(weightFrom)), \(weightFrom))
            ORDER BY m.patientId, m.measuredAt, m.id
            """) {
            weights[try row.column(at: 0, as: Int64.self), default: []].append(TimedValue(at: try row.column(at: 1),
                                                                                          value: try row.column(at: 2)))
        }
        var lastDay: [Int64: [MeasurementKind: [TimedValue]]] = [:]
        let kinds = SQLQuery(verbatim: MeasurementKind.allCases.map { "('\($0.rawValue)')" }.joined(separator: ", "))
        for row in try db.fetchAll("""
            WITH \(sql: admitted), k(kind) AS (VALUES \(sql: kinds))
            SELECT m.patientId, m.kind, m.measuredAt, m.value FROM p CROSS JOIN k \(sql: .orderedJoin) measurement m
                ON m.patientId = p.id AND m.kind = k.kind AND m.deletedAt IS NULL
                AND m.measuredAt > \(nowMs - 86_400_000) AND m.measuredAt <= \(nowMs)
            ORDER BY m.measuredAt, m.id
            """) {
            guard let kind = MeasurementKind(rawValue: try row.column(at: 1)) else { continue }
            lastDay[try row.column(at: 0, as: Int64.self), default: [:]][kind, default: []].append(
                TimedValue(at: try row.column(at: 2), value: try row.column(at: 3)))
        }
        var lastWet: [Int64: Date] = [:]
        for row in try db.fetchAll("""
            WITH \(sql: admitted)
            SELECT p.id, (SELECT max(n.occurredAt) FROM nappy_change n WHERE n.patientId = p.id AND n.kind IN ('wet', 'mixed')
                AND n.deletedAt IS NULL) FROM p
            """) {
            if let at = try row.column(at: 1, as: Date?.self) { lastWet[try row.column(at: 0, as: Int64.self)] = at }
        }
        let recent = try RecentDoses.fetch(db, patients: patients, now: now, timeZone: timeZone, timing: settings.slotTiming)
        var out: [Int64: CotInsightInput] = [:]
        for patient in patients {
            out[patient.id] = CotInsightInput(
                patient: patient, now: now, timeZone: timeZone, days: days[patient.id] ?? [], weights: weights[patient.id] ?? [],
                recentDoses: recent[patient.id] ?? [:], lastDayReadings: lastDay[patient.id] ?? [:], goals: goals[patient.id] ?? [:],
                lastWetAt: lastWet[patient.id], noWetThresholdMinutes: settings.noWetAlertThresholdMinutes)
        }
        return out
    }
}
