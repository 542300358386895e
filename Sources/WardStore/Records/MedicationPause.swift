import Foundation
import WardSQL

/// One pause of a medication as stored (`medication_pause`): who paused it and when, and who
/// resumed it and when (nil while still paused). Written in the transaction that flips
/// `Medication.isPaused` (see `WardMigrations.v5MedicationPauses`).
/// (Its GRDB reading, for import, is in `Record+SQL.swift`.)
public struct MedicationPause: Sendable, Hashable {
    public static let tableName = "medication_pause"

    public var id: Int64
    public var medicationId: Int64
    public var pausedAt: Date
    public var pausedBy: Int64?
    public var resumedAt: Date?
    public var resumedBy: Int64?

    public var period: PausePeriod { PausePeriod(pausedAt: pausedAt, resumedAt: resumedAt) }
}

extension MedicationPause {
    init(reading row: some SQLColumnReader) throws {
        id = try row.column("id")
        medicationId = try row.column("medicationId")
        pausedAt = try row.column("pausedAt")
        pausedBy = try row.column("pausedBy")
        resumedAt = try row.column("resumedAt")
        resumedBy = try row.column("resumedBy")
    }

    /// The pause periods of the given medications overlapping `[from, to)`, by medication (on
    /// either engine).
    static func periods(_ db: some SQLConnection, medicationIds: [Int64], from: Date, to: Date) throws -> [Int64: [PausePeriod]] {
        var out: [Int64: [PausePeriod]] = [:]
        for ids in SQLQuery.lists(medicationIds) {
            for row in try db.fetchAll(periodsSQL(ids, from: from, to: to)) {
                out[try row.column(at: 0), default: []].append(PausePeriod(pausedAt: try row.column(at: 1), resumedAt: try row.column(at: 2)))
            }
        }
        return out
    }

    /// One indexed search per medication (`medication_pause_time`).
    static func periodsSQL(_ medicationIds: SQLQuery, from: Date, to: Date) -> SQLQuery {
        """
        SELECT medicationId, pausedAt, resumedAt FROM medication_pause
        WHERE medicationId IN (\(sql: medicationIds)) AND pausedAt < \(to)
            AND (resumedAt IS NULL OR resumedAt > \(from))
        """
    }
}
