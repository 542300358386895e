import Foundation
import GRDB

extension CotInsightInput {
    /// Every admitted cot's input in one read, for the Dashboard: each part is one statement for
    /// the whole ward (the same range searches per cot as `fetch`, without a statement per cot),
    /// except the doses, which expand each cot's few medications. Tests hold it to `fetch`, cot by
    /// cot, on a seeded ward.
    static func fetchWard(_ db: Database, patients: [Patient], now: Date, timeZone: TimeZone, settings: WardSettings,
                          goals: [Int64: [MeasurementKind: GoalRange]]) throws -> [Int64: CotInsightInput] {
        guard !patients.isEmpty else { return [:] }
        let nowMs = StoredTime.milliseconds(now)
        let admitted = "p(id) AS (SELECT id FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL)"
        let wardDays = WardDay.lastDays(dayCount, endingAt: now, dayStartMinutes: settings.dayStartMinutes, timeZone: timeZone)
        let table = TimeBucket.valuesTable("d", TimeBucket.split(wardDays, parts: 1))
        var days: [Int64: [TrendDay]] = [:]
        for patient in patients {
            days[patient.id] = TrendDay.days(wardDays, stayOf: patient, now: now, timeZone: timeZone)
        }
        for row in try Row.fetchAll(db.cachedStatement(sql: """
            WITH \(table), \(admitted)
            SELECT p.id, d.i, sum(n.kind IN ('wet', 'mixed')), count(*)
            FROM p CROSS JOIN d CROSS JOIN nappy_change n ON n.patientId = p.id AND n.deletedAt IS NULL
                AND n.occurredAt >= d.s AND n.occurredAt < d.e
            GROUP BY p.id, d.i
            """)) {
            let id: Int64 = row[0], i: Int = row[1]
            days[id]?[i].wet = row[2]
            days[id]?[i].nappies = row[3]
        }
        for row in try Row.fetchAll(db.cachedStatement(sql: """
            WITH \(table), \(admitted)
            SELECT p.id, d.i, \(FeedTotalsSQL.intake(patient: "p.id", s: "d.s", e: "d.e", now: ":now")),
                \(FeedTotalsSQL.count(patient: "p.id", s: "d.s", e: "d.e")), \(FeedTotalsSQL.output(patient: "p.id", s: "d.s", e: "d.e"))
            FROM p CROSS JOIN d
            """), arguments: ["now": nowMs]) {
            let id: Int64 = row[0], i: Int = row[1]
            days[id]?[i].feedML = row[2]
            days[id]?[i].feeds = row[3]
            days[id]?[i].outputML = row[4]
        }
        var weights: [Int64: [TimedValue]] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: """
            WITH \(admitted)
            SELECT m.patientId, m.measuredAt, m.value FROM p CROSS JOIN measurement m
            WHERE m.patientId = p.id AND m.kind = 'weight' AND m.deletedAt IS NULL AND m.measuredAt <= :now
                AND m.measuredAt >= coalesce((SELECT max(w.measuredAt) FROM measurement w WHERE w.patientId = p.id
                    AND w.kind = 'weight' AND w.deletedAt IS NULL AND w.measuredAt < :from), :from)
            ORDER BY m.patientId, m.measuredAt, m.id
            """), arguments: ["now": nowMs, "from": nowMs - Int64(weightSpan * 1000)]) {
            weights[row[0], default: []].append(TimedValue(at: StoredTime.date(milliseconds: row[1]), value: row[2]))
        }
        var lastDay: [Int64: [MeasurementKind: [TimedValue]]] = [:]
        let kinds = MeasurementKind.allCases.map { "('\($0.rawValue)')" }.joined(separator: ", ")
        for row in try Row.fetchAll(db.cachedStatement(sql: """
            WITH \(admitted), k(kind) AS (VALUES \(kinds))
            SELECT m.patientId, m.kind, m.measuredAt, m.value FROM p CROSS JOIN k CROSS JOIN measurement m
                ON m.patientId = p.id AND m.kind = k.kind AND m.deletedAt IS NULL AND m.measuredAt > ? AND m.measuredAt <= ?
            ORDER BY m.measuredAt, m.id
            """), arguments: [nowMs - 86_400_000, nowMs]) {
            guard let kind = MeasurementKind(rawValue: row[1]) else { continue }
            lastDay[row[0], default: [:]][kind, default: []].append(TimedValue(at: StoredTime.date(milliseconds: row[2]),
                                                                                value: row[3]))
        }
        var lastWet: [Int64: Date] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: """
            WITH \(admitted)
            SELECT p.id, (SELECT max(n.occurredAt) FROM nappy_change n WHERE n.patientId = p.id AND n.kind IN ('wet', 'mixed')
                AND n.deletedAt IS NULL) FROM p
            """)) {
            if let at = row[1] as Int64? { lastWet[row[0]] = StoredTime.date(milliseconds: at) }
        }
        var out: [Int64: CotInsightInput] = [:]
        for patient in patients {
            let recent = try PatientTrendsQuery.recentDoses(db, patient: patient, now: now, timeZone: timeZone,
                                                            timing: settings.slotTiming)
            out[patient.id] = CotInsightInput(
                patient: patient, now: now, timeZone: timeZone, days: days[patient.id] ?? [], weights: weights[patient.id] ?? [],
                recentDoses: recent, lastDayReadings: lastDay[patient.id] ?? [:], goals: goals[patient.id] ?? [:],
                lastWetAt: lastWet[patient.id], noWetThresholdMinutes: settings.noWetAlertThresholdMinutes)
        }
        return out
    }
}
