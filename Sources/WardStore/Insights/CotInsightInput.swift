import Foundation
import WardSQL

/// Everything the insight rules read for one cot, over fixed spans whatever the Trends window, so
/// the Trends screen and the Dashboard judge a cot from the same facts and raise the same alerts.
/// Read by `fetch` for one cot (Trends) and by `fetchWard` for every admitted cot (the Dashboard).
public struct CotInsightInput: Sendable, Hashable {
    /// Ward days looked at: today and the 7 before it (the daily rules use the whole ones).
    public static let dayCount = 8
    /// Weights looked back at, for the centile-crossing rule and the weight on a day.
    public static let weightSpan: TimeInterval = 14 * 86_400

    public let patient: Patient
    public let now: Date
    public let timeZone: TimeZone
    /// The last `dayCount` ward days, oldest first, today last: wet, feeds and `stayHours`.
    public let days: [TrendDay]
    /// Weight readings of the last 14 days and the one before them, oldest first.
    public let weights: [TimedValue]
    /// The last ten final doses per scheduled drug (missed = a past slot nobody answered).
    public let recentDoses: [String: [DoseOutcomeRule.Dose]]
    /// Readings of the last 24 h per kind, oldest first.
    public let lastDayReadings: [MeasurementKind: [TimedValue]]
    /// The range each kind is judged by: the cot's own goal where set, else the age default.
    public let goals: [MeasurementKind: GoalRange]
    /// Last wet or mixed nappy, for the no-wet-nappy alert.
    public let lastWetAt: Date?
    public let noWetThresholdMinutes: Int

    /// The days the patient spent whole on the ward: part-days never count as low days.
    public var completeDays: [TrendDay] { days.filter(\.isComplete) }

    /// The weight in grams on a day: the last reading before its end, else the latest, else birth
    /// weight; nil when none is recorded (an older child admitted without one, not yet weighed).
    public func weightGrams(on day: TrendDay) -> Double? {
        if let reading = weights.last(where: { $0.at < day.day.end }) { return reading.value }
        return weights.last?.value ?? patient.birthWeightGrams.map(Double.init)
    }
}

extension CotInsightInput {
    /// Reads one cot's input. Each part is a range search on a per-patient covering index
    /// (nappies, feeds, measurements) or the patient's few medications' slots (`RecentDoses`).
    static func fetch(_ db: some SQLConnection, patient: Patient, now: Date, timeZone: TimeZone, settings: WardSettings,
                      goals: [MeasurementKind: GoalRange]) throws -> CotInsightInput {
        let id = patient.id
        let nowMs = StoredTime.milliseconds(now)
        let wardDays = WardDay.lastDays(dayCount, endingAt: now, dayStartMinutes: settings.dayStartMinutes, timeZone: timeZone)
        var days = TrendDay.days(wardDays, stayOf: patient, now: now, timeZone: timeZone)
        let table = SQLQuery(verbatim: TimeBucket.valuesTable("d", TimeBucket.split(wardDays, parts: 1)))
        for row in try db.fetchAll("""
            WITH \(sql: table)
            SELECT d.i, count(*) FILTER (WHERE n.kind IN ('wet', 'mixed')), count(*)
            FROM d \(sql: .orderedJoin) nappy_change n ON n.patientId = \(id) AND n.deletedAt IS NULL
                AND n.occurredAt >= d.s AND n.occurredAt < d.e
            GROUP BY d.i
            """) {
            let i = try row.column(at: 0, as: Int.self)
            days[i].wet = try row.column(at: 1)
            days[i].nappies = try row.column(at: 2)
        }
        let patientId: SQLQuery = "\(id)", at: SQLQuery = "\(nowMs)"
        for row in try db.fetchAll("""
            WITH \(sql: table)
            SELECT d.i, \(sql: FeedTotalsQuery.intake(patient: patientId, s: "d.s", e: "d.e", now: at)),
                \(sql: FeedTotalsQuery.count(patient: patientId, s: "d.s", e: "d.e")),
                \(sql: FeedTotalsQuery.output(patient: patientId, s: "d.s", e: "d.e"))
            FROM d
            """) {
            let i = try row.column(at: 0, as: Int.self)
            days[i].feedML = try row.column(at: 1)
            days[i].feeds = try row.column(at: 2)
            days[i].outputML = try row.column(at: 3)
        }
        let weightFrom = nowMs - Int64(weightSpan * 1000)
        let weights = try db.fetchAll("""
            SELECT measuredAt, value FROM measurement WHERE patientId = \(id) AND kind = 'weight' AND deletedAt IS NULL
                AND measuredAt >= coalesce((SELECT max(measuredAt) FROM measurement WHERE patientId = \(id) AND kind = 'weight'
                    AND deletedAt IS NULL AND measuredAt < \(weightFrom)), \(weightFrom)) AND measuredAt <= \(nowMs)
            ORDER BY measuredAt, id
            """).map { TimedValue(at: try $0.column(at: 0), value: try $0.column(at: 1)) }
        var lastDay: [MeasurementKind: [TimedValue]] = [:]
        for row in try db.fetchAll("""
            SELECT kind, measuredAt, value FROM measurement
            WHERE patientId = \(id) AND deletedAt IS NULL AND measuredAt > \(nowMs - 86_400_000) AND measuredAt <= \(nowMs)
            ORDER BY measuredAt, id
            """) {
            guard let kind = MeasurementKind(rawValue: try row.column(at: 0)) else { continue }
            lastDay[kind, default: []].append(TimedValue(at: try row.column(at: 1), value: try row.column(at: 2)))
        }
        let lastWet = try db.fetchValue("""
            SELECT max(occurredAt) FROM nappy_change WHERE patientId = \(id) AND kind IN ('wet', 'mixed') AND deletedAt IS NULL
            """, as: Date?.self) ?? nil
        let recent = try RecentDoses.fetch(db, patients: [patient], now: now, timeZone: timeZone, timing: settings.slotTiming)
        return CotInsightInput(patient: patient, now: now, timeZone: timeZone, days: days, weights: weights,
                               recentDoses: recent[id] ?? [:], lastDayReadings: lastDay, goals: goals,
                               lastWetAt: lastWet, noWetThresholdMinutes: settings.noWetAlertThresholdMinutes)
    }
}
