import Foundation
import WardSQL

/// Feeds, IV infusions and outputs. Writes run in one `database.write` transaction each, with their
/// audit row; an infusion's stop is an update of the feed (audited as one), checked in the same
/// transaction against the row as it stands (another workstation may have stopped it first).
extension SQLiteWardStore {
    public func logFeed(_ draft: FeedDraft, by: Int64?) async throws -> Audited<Feed> {
        let now = self.now
        let result = try await permittedWrite(.logCare, by: by) { db -> Audited<Feed> in
            try Self.checkFeed(draft, db: db, now: now)
            let id = try db.insertReturningId("""
                INSERT INTO feed (patientId, occurredAt, kind, volumeML, durationMinutes, notes, fluid, rateMLPerHour, stoppedAt,
                                  recordedBy, createdAt, updatedAt)
                VALUES (\(draft.patientId), \(draft.occurredAt), \(draft.kind), \(draft.volumeML), \(draft.durationMinutes),
                    \(Self.cleanNotes(draft.notes)), \(Self.cleanFluid(draft.fluid)), \(draft.rateMLPerHour), \(draft.stoppedAt),
                    \(by), \(now), \(now))
                RETURNING id
                """)
            return try AuditTrail.created(Feed.self, db, id: id, by: by, at: now)
        }
        publish([.feed])
        return result
    }

    public func updateFeed(id: Int64, _ draft: FeedDraft, by: Int64?) async throws -> Audited<Feed> {
        let now = self.now
        let result = try await permittedWrite(.logCare, by: by) { db -> Audited<Feed> in
            let before = try Self.existing(Feed.self, id, db: db)
            guard before.deletedAt == nil else { throw WardStoreError("feed \(id) is deleted; restore it before editing") }
            try Self.checkFeed(draft, db: db, now: now)
            var after = before
            after.patientId = draft.patientId
            after.occurredAt = StoredTime.truncated(draft.occurredAt)
            after.kind = draft.kind
            after.volumeML = draft.volumeML
            after.durationMinutes = draft.durationMinutes
            after.notes = Self.cleanNotes(draft.notes)
            after.fluid = Self.cleanFluid(draft.fluid)
            after.rateMLPerHour = draft.rateMLPerHour
            after.stoppedAt = draft.stoppedAt.map(StoredTime.truncated)
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.feed])
        return result
    }

    public func deleteFeed(id: Int64, by: Int64?) async throws -> Audited<Feed> {
        try await setDeleted(Feed.self, id: id, deleted: true, by: by)
    }

    public func restoreFeed(id: Int64, by: Int64?) async throws -> Audited<Feed> {
        try await setDeleted(Feed.self, id: id, deleted: false, by: by)
    }

    public func feed(id: Int64) async throws -> Feed? {
        try await database.read { db in try db.fetchRecord(Feed.self, id: id) }
    }

    /// The patient's latest feed, not output (to pre-fill the quick log with the last kind and
    /// volume: the next 3-hourly feed, not the vomit charted after the last one).
    public func latestFeed(patientId: Int64) async throws -> Feed? {
        try await database.read { db in
            try db.fetchRecord(Feed.self, """
                SELECT * FROM feed WHERE patientId = \(patientId) AND deletedAt IS NULL
                    AND kind NOT IN (\(sql: .list(FeedKind.allCases.filter(\.isOutput))))
                ORDER BY occurredAt DESC, id DESC LIMIT 1
                """)
        }
    }

    /// Stops a running infusion at `at`: refused (naming the field) unless the feed is a live
    /// infusion still running and `at` is after its start and not in the future.
    public func stopInfusion(id: Int64, at: Date, by: Int64?) async throws -> Audited<Feed> {
        let now = self.now
        let result = try await permittedWrite(.logCare, by: by) { db -> Audited<Feed> in
            let before = try Self.existing(Feed.self, id, db: db)
            guard before.deletedAt == nil else { throw WardStoreError("feed \(id) is deleted; restore it before stopping it") }
            guard before.rateMLPerHour != nil else {
                throw WardValidationError([.init(field: "stoppedAt", message: "feed \(id) is not an infusion; only infusions are stopped")])
            }
            if before.stoppedAt != nil {
                throw WardValidationError([.init(field: "stoppedAt",
                                                 message: "the infusion \(id) was stopped already; correct its stop in the feed form")])
            }
            var draft = before.draft
            draft.stoppedAt = at
            try Self.checkFeed(draft, db: db, now: now)
            var after = before
            after.stoppedAt = StoredTime.truncated(at)
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.feed])
        return result
    }

    /// The patient's live infusions still running, earliest first.
    public func runningInfusions(patientId: Int64) async throws -> [Feed] {
        try await database.read { db in
            try db.fetchRecords(Feed.self, """
                SELECT * FROM feed WHERE patientId = \(patientId) AND deletedAt IS NULL AND rateMLPerHour IS NOT NULL
                    AND stoppedAt IS NULL ORDER BY occurredAt, id
                """)
        }
    }

    /// The fluid as stored: trimmed, nil when empty.
    static func cleanFluid(_ fluid: String?) -> String? {
        guard let trimmed = fluid?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    static func checkFeed(_ draft: FeedDraft, db: some SQLConnection, now: Date) throws {
        var issues = WardValidation.feed(draft, now: now)
        try checkPatient(draft.patientId, at: draft.occurredAt, field: "occurredAt", db: db, issues: &issues)
        guard issues.isEmpty else { throw WardValidationError(issues) }
    }
}
