import Foundation
import WardSQL

/// Undo of a goal range change. A goal's audit entry holds `{kind: range}` before and after (no
/// image: the age default applied), keyed by patient; undo writes the before-image back (or
/// removes the patient's goal) and is refused when the goal changed again since.
/// Called inside `undo`'s write transaction.
extension SQLiteWardStore {
    static func undoGoalChange(_ entry: AuditEntry, db: some SQLConnection, by: Int64?, at now: Date) throws -> Int64 {
        let before = try entry.beforeJSON.map { try AuditJSON.decode([String: GoalRange].self, from: $0) }
        let after = try entry.afterJSON.map { try AuditJSON.decode([String: GoalRange].self, from: $0) }
        guard let kindName = (before ?? after)?.keys.first, let kind = MeasurementKind(rawValue: kindName) else {
            // Clearing a goal that was already the default changed nothing; nothing to put back.
            return try AuditTrail.record(db, action: .revert, entity: .measurementGoal, entityId: entry.entityId,
                                         beforeJSON: nil, afterJSON: nil, by: by, at: now)
        }
        let patientId = entry.entityId
        let currentRow = try db.fetchOne("SELECT low, high FROM measurement_goal WHERE patientId = \(patientId) AND kind = \(kind)")
        let current = try currentRow.map {
            GoalRange(low: try $0.column("low", as: Double?.self), high: try $0.column("high", as: Double?.self),
                      source: MeasurementGoals.patientGoalSource)
        }
        let expected = after?[kindName]
        guard current?.low == expected?.low, current?.high == expected?.high else {
            throw WardStoreError("cannot undo: the \(kind.displayName) goal of patient \(patientId) was changed again since; "
                                 + "undo the later change first")
        }
        if let restored = before?[kindName] {
            try Self.storeGoal(patientId: patientId, kind: kind, restored, now: now, db)
        } else {
            try db.execute("DELETE FROM measurement_goal WHERE patientId = \(patientId) AND kind = \(kind)")
        }
        return try AuditTrail.record(db, action: .revert, entity: .measurementGoal, entityId: patientId,
                                     beforeJSON: try current.map { try AuditJSON.encode([kindName: $0]) },
                                     afterJSON: try before?[kindName].map { try AuditJSON.encode([kindName: $0]) },
                                     by: by, at: now)
    }
}
