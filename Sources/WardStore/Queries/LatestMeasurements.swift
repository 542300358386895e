import Foundation
import GRDB

/// A measurement judged against the patient's goal range.
public struct MarkedMeasurement: Sendable, Hashable {
    public let measurement: MeasurementRecord
    public let range: GoalRange?
    /// Nil when inside the range or no range applies.
    public let mark: RangeMark?
}

/// The latest measurement of each kind per admitted patient: one index seek per (cot, kind)
/// on `measurement_live_patient_kind_time`, never a scan of a patient's readings.
enum LatestMeasurements {
    static func fetch(_ db: Database, patientId: Int64? = nil) throws -> [Int64: [MeasurementRecord]] {
        let kinds = MeasurementKind.allCases.map { "SELECT '\($0.rawValue)' AS kind" }.joined(separator: " UNION ALL ")
        let patientFilter = patientId.map { "AND p.id = \($0)" } ?? ""
        let rows = try MeasurementRecord.fetchAll(db, sql: """
            SELECT m.* FROM (
                SELECT (SELECT m.id FROM measurement m
                        WHERE m.patientId = p.id AND m.kind = k.kind AND m.deletedAt IS NULL
                        ORDER BY m.measuredAt DESC LIMIT 1) AS latestId
                FROM patient p CROSS JOIN (\(kinds)) k
                WHERE p.dischargedAt IS NULL AND p.deletedAt IS NULL \(patientFilter)
            ) l JOIN measurement m ON m.id = l.latestId
            """)
        return Dictionary(grouping: rows, by: \.patientId)
    }

    /// Each latest measurement with its goal range and mark, newest first.
    static func marked(_ latest: [MeasurementRecord], ranges: [MeasurementKind: GoalRange]) -> [MarkedMeasurement] {
        latest.sorted { $0.measuredAt > $1.measuredAt }.map { m in
            let range = ranges[m.kind]
            return MarkedMeasurement(measurement: m, range: range, mark: range?.mark(m.value))
        }
    }
}

extension SQLiteWardStore {
    /// The latest measurement of each kind for a patient, newest first, each marked against the
    /// patient's goal range (their own goal, else the default for their age).
    public func latestMeasurements(patientId: Int64) async throws -> [MarkedMeasurement] {
        let (now, timeZone) = (self.now, self.timeZone)
        return try await pool.read { db in
            guard let patient = try Patient.fetchOne(db, key: patientId) else {
                throw WardStoreError("no patient with id \(patientId)")
            }
            let ranges = try Self.goalRanges(for: patient, db: db, now: now, timeZone: timeZone)
            let latest = try MeasurementRecord.fetchAll(db, sql: """
                SELECT m.* FROM (SELECT DISTINCT kind FROM measurement WHERE patientId = ? AND deletedAt IS NULL) k
                JOIN measurement m ON m.id = (SELECT id FROM measurement WHERE patientId = ? AND kind = k.kind
                    AND deletedAt IS NULL ORDER BY measuredAt DESC LIMIT 1)
                """, arguments: [patientId, patientId])
            return LatestMeasurements.marked(latest, ranges: ranges)
        }
    }
}
