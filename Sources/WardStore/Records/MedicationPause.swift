import Foundation
import GRDB
import WardSQL

/// One pause of a medication as stored (`medication_pause`): who paused it and when, and who
/// resumed it and when (nil while still paused). Written in the transaction that flips
/// `Medication.isPaused` (see `WardMigrations.v5MedicationPauses`).
public struct MedicationPause: Sendable, Hashable, FetchableRecord, TableRecord {
    public static let databaseTableName = "medication_pause"

    public var id: Int64
    public var medicationId: Int64
    public var pausedAt: Date
    public var pausedBy: Int64?
    public var resumedAt: Date?
    public var resumedBy: Int64?

    public var period: PausePeriod { PausePeriod(pausedAt: pausedAt, resumedAt: resumedAt) }
}

extension MedicationPause {
    public init(row: Row) throws { try self.init(reading: row) }

    init(reading row: some SQLColumnReader) throws {
        id = try row.column("id")
        medicationId = try row.column("medicationId")
        pausedAt = try row.column("pausedAt")
        pausedBy = try row.column("pausedBy")
        resumedAt = try row.column("resumedAt")
        resumedBy = try row.column("resumedBy")
    }

    /// The pause periods of the given medications overlapping `[from, to)`, by medication.
    static func periods(_ db: Database, medicationIds: [Int64], from: Date, to: Date) throws -> [Int64: [PausePeriod]] {
        guard !medicationIds.isEmpty else { return [:] }
        var out: [Int64: [PausePeriod]] = [:]
        for row in try Row.fetchAll(db, sql: periodsSQL(medicationIds),
                                    arguments: [StoredTime.milliseconds(to), StoredTime.milliseconds(from)]) {
            out[row[0], default: []].append(PausePeriod(pausedAt: StoredTime.date(milliseconds: row[1]),
                                                        resumedAt: (row[2] as Int64?).map(StoredTime.date(milliseconds:))))
        }
        return out
    }

    /// One indexed search per medication (`medication_pause_time`); arguments: to, from (ms).
    static func periodsSQL(_ medicationIds: [Int64]) -> String {
        """
        SELECT medicationId, pausedAt, resumedAt FROM medication_pause
        WHERE medicationId IN (\(medicationIds.map(String.init).joined(separator: ","))) AND pausedAt < ?
            AND (resumedAt IS NULL OR resumedAt > ?)
        """
    }
}
