import Foundation
import WardSQL

extension SQLiteWardStore {
    public func logNappyChange(_ draft: NappyChangeDraft, by: Int64?) async throws -> Audited<NappyChange> {
        try await logNappyChanges([draft], by: by)[0]
    }

    public func logNappyChanges(_ drafts: [NappyChangeDraft], by: Int64?) async throws -> [Audited<NappyChange>] {
        guard !drafts.isEmpty else { return [] }
        let now = self.now
        let result = try await permittedWrite(.logCare, by: by) { db -> [Audited<NappyChange>] in
            try drafts.map { draft in
                try Self.checkNappy(draft, db: db, now: now)
                let id = try db.insertReturningId("""
                    INSERT INTO nappy_change (patientId, occurredAt, kind, size, stoolColour, nappyWeightGrams,
                        notes, recordedBy, createdAt, updatedAt)
                    VALUES (\(draft.patientId), \(draft.occurredAt), \(draft.kind), \(draft.size), \(draft.stoolColour),
                        \(draft.nappyWeightGrams), \(Self.cleanNotes(draft.notes)), \(by), \(now), \(now))
                    RETURNING id
                    """)
                return try AuditTrail.created(NappyChange.self, db, id: id, by: by, at: now)
            }
        }
        publish([.nappyChange])
        return result
    }

    public func updateNappyChange(id: Int64, _ draft: NappyChangeDraft, by: Int64?) async throws -> Audited<NappyChange> {
        let now = self.now
        let result = try await permittedWrite(.logCare, by: by) { db -> Audited<NappyChange> in
            let before = try Self.existing(NappyChange.self, id, db: db)
            guard before.deletedAt == nil else { throw WardStoreError("nappy change \(id) is deleted; restore it before editing") }
            try Self.checkNappy(draft, db: db, now: now)
            var after = before
            after.patientId = draft.patientId
            after.occurredAt = StoredTime.truncated(draft.occurredAt)
            after.kind = draft.kind
            after.size = draft.size
            after.stoolColour = draft.stoolColour
            after.nappyWeightGrams = draft.nappyWeightGrams
            after.notes = Self.cleanNotes(draft.notes)
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: .update, before: before, after: after, by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([.nappyChange])
        return result
    }

    public func deleteNappyChange(id: Int64, by: Int64?) async throws -> Audited<NappyChange> {
        try await setDeleted(NappyChange.self, id: id, deleted: true, by: by)
    }

    public func restoreNappyChange(id: Int64, by: Int64?) async throws -> Audited<NappyChange> {
        try await setDeleted(NappyChange.self, id: id, deleted: false, by: by)
    }

    public func nappyChange(id: Int64) async throws -> NappyChange? {
        try await database.read { db in try db.fetchRecord(NappyChange.self, id: id) }
    }

    static func checkNappy(_ draft: NappyChangeDraft, db: some SQLConnection, now: Date) throws {
        var issues = WardValidation.nappyChange(draft, now: now)
        try checkPatient(draft.patientId, at: draft.occurredAt, field: "occurredAt", db: db, issues: &issues)
        guard issues.isEmpty else { throw WardValidationError(issues) }
    }

    /// Notes keep their words, tabs and line breaks; other control characters (ESC, BEL, a
    /// carriage return) are dropped, so a note cannot act on the terminal that shows it.
    static func cleanNotes(_ notes: String) -> String {
        let kept = notes.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars.filter {
            $0 == "\t" || $0 == "\n" || !WardValidation.isControlCharacter($0)
        }
        return String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
