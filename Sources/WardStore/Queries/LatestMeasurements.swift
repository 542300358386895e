import Foundation
import WardSQL

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
    static func fetch(_ db: some SQLConnection, patientId: Int64? = nil) throws -> [Int64: [MeasurementRecord]] {
        let kinds = SQLQuery(verbatim: MeasurementKind.allCases.map { "SELECT '\($0.rawValue)' AS kind" }.joined(separator: " UNION ALL "))
        let patientFilter: SQLQuery = patientId.map { "AND p.id = \($0)" } ?? ""
        let rows = try db.fetchRecords(MeasurementRecord.self, """
            SELECT m.* FROM (
                SELECT (SELECT m.id FROM measurement m
                        WHERE m.patientId = p.id AND m.kind = k.kind AND m.deletedAt IS NULL
                        ORDER BY m.measuredAt DESC LIMIT 1) AS latestId
                FROM patient p CROSS JOIN (\(sql: kinds)) k
                WHERE p.dischargedAt IS NULL AND p.deletedAt IS NULL \(sql: patientFilter)
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
        return try await database.read { db in
            guard let patient = try db.fetchRecord(Patient.self, id: patientId) else {
                throw WardStoreError("no patient with id \(patientId)")
            }
            let ranges = try Self.goalRanges(for: patient, db: db, now: now, timeZone: timeZone)
            let latest = try db.fetchRecords(MeasurementRecord.self, """
                SELECT m.* FROM (SELECT DISTINCT kind FROM measurement WHERE patientId = \(patientId) AND deletedAt IS NULL) k
                JOIN measurement m ON m.id = (SELECT id FROM measurement WHERE patientId = \(patientId) AND kind = k.kind
                    AND deletedAt IS NULL ORDER BY measuredAt DESC LIMIT 1)
                """)
            return LatestMeasurements.marked(latest, ranges: ranges)
        }
    }
}
