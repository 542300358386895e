import Foundation
import WardSQL

extension SavedCalculatorResult: SoftDeletedRecord {
    static var entity: WardEntity { .calculatorResult }
}

extension StoredStrokeAssessment: SoftDeletedRecord {
    static var entity: WardEntity { .strokeAssessment }
}

/// The Tools pane's writes and reads. Each save is one write transaction holding its audit row
/// (a stroke assessment's permission check runs inside that same transaction); reads run on
/// the pool's readers and see only committed rows.
extension SQLiteWardStore {
    static let centreModeKey = "strokeCentres.mode"

    public func saveCalculatorResult(_ draft: CalculatorResultDraft, by: Int64?) async throws -> Audited<SavedCalculatorResult> {
        let now = self.now
        var issues: [ValidationIssue] = []
        if !draft.reviewed { issues.append(.init(field: "reviewed", message: "confirm “I have reviewed this result” before saving it to the chart")) }
        if draft.toolId.trimmingCharacters(in: .whitespaces).isEmpty { issues.append(.init(field: "toolId", message: "is empty")) }
        issues += Self.jsonObjectIssues(inputsJSON: draft.inputsJSON, resultJSON: draft.resultJSON)
        guard issues.isEmpty else { throw WardValidationError(issues) }
        let result = try await permittedWrite(.useCalculators, by: by) { db -> Audited<SavedCalculatorResult> in
            try Self.requireLivePatient(draft.patientId, db: db)
            let id = try db.insertReturningId("""
                INSERT INTO calculator_result (patientId, toolId, inputsJSON, resultJSON, summary, reviewed, savedBy, savedAt,
                    createdAt, updatedAt)
                VALUES (\(draft.patientId), \(draft.toolId), \(draft.inputsJSON), \(draft.resultJSON), \(draft.summary), TRUE,
                    \(by), \(now), \(now), \(now))
                RETURNING id
                """)
            return try AuditTrail.created(SavedCalculatorResult.self, db, id: id, by: by, at: now)
        }
        publish([.calculatorResult])
        return result
    }

    public func calculatorResults(patientId: Int64) async throws -> [SavedCalculatorResult] {
        try await database.read { db in
            try db.fetchRecords(SavedCalculatorResult.self, """
                SELECT * FROM calculator_result WHERE patientId = \(patientId) AND deletedAt IS NULL ORDER BY savedAt DESC, id DESC
                """)
        }
    }

    public func saveStrokeAssessment(_ draft: StrokeAssessmentDraft, by: Int64?) async throws -> Audited<StoredStrokeAssessment> {
        let now = self.now
        var issues: [ValidationIssue] = []
        if !["coma", "limited", "full"].contains(draft.module) {
            issues.append(.init(field: "module", message: "‘\(draft.module)’ is not a module (coma, limited, full)"))
        }
        issues += Self.jsonObjectIssues(inputsJSON: draft.inputsJSON, resultJSON: draft.resultJSON)
        guard issues.isEmpty else { throw WardValidationError(issues) }
        // Checked in the write's own transaction, like every named member's clinical write.
        let result = try await permittedWrite(.useCalculators, by: by) { db -> Audited<StoredStrokeAssessment> in
            if let patientId = draft.patientId { try Self.requireLivePatient(patientId, db: db) }
            let id = try db.insertReturningId("""
                INSERT INTO stroke_assessment (patientId, module, inputsJSON, resultJSON, summary, assessedBy, assessedAt,
                    createdAt, updatedAt)
                VALUES (\(draft.patientId), \(draft.module), \(draft.inputsJSON), \(draft.resultJSON), \(draft.summary), \(by),
                    \(now), \(now), \(now))
                RETURNING id
                """)
            return try AuditTrail.created(StoredStrokeAssessment.self, db, id: id, by: by, at: now)
        }
        publish([.strokeAssessment])
        return result
    }

    public func strokeAssessments() async throws -> [StoredStrokeAssessment] {
        try await database.read { db in
            try db.fetchRecords(StoredStrokeAssessment.self, "SELECT * FROM stroke_assessment WHERE deletedAt IS NULL ORDER BY assessedAt, id")
        }
    }

    public func strokeCentres() async throws -> (mode: StrokeCentreListMode, centres: [StoredStrokeCentre]) {
        try await database.read { db in
            let mode = try Self.centreMode(db).flatMap(StrokeCentreListMode.init(rawValue:)) ?? .extend
            return (mode, try StoredStrokeCentre.storedList(db))
        }
    }

    public func importStrokeCentres(_ centres: [StoredStrokeCentre], mode: StrokeCentreListMode, by: Int64?) async throws -> Int {
        guard !centres.isEmpty else { throw WardValidationError([.init(field: "centres", message: "the list is empty; nothing imported")]) }
        var seen = Set<String>()
        var issues: [ValidationIssue] = []
        for (i, centre) in centres.enumerated() where !seen.insert(centre.name.lowercased()).inserted {
            issues.append(.init(field: "centres[\(i + 1)]", message: "‘\(centre.name)’ appears more than once in the file"))
        }
        guard issues.isEmpty else { throw WardValidationError(issues) }
        let now = self.now
        try await database.write { db in
            let before = try StoredStrokeCentre.storedList(db)
            let beforeMode = try Self.centreMode(db) ?? "extend"
            if mode == .replace {
                try db.execute("DELETE FROM stroke_centre")
            } else {
                for centre in centres {
                    try db.execute("DELETE FROM stroke_centre WHERE lower(name) = lower(\(centre.name))")
                }
            }
            for centre in centres { try centre.store(db) }
            try Self.storeSetting(Self.centreModeKey, mode.rawValue, db)
            let after = try StoredStrokeCentre.storedList(db)
            try AuditTrail.record(db, action: mode == .replace ? .update : .create, entity: .strokeCentreList, entityId: 0,
                                  beforeJSON: try AuditJSON.encode(CentreListImage(mode: beforeMode, centres: before)),
                                  afterJSON: try AuditJSON.encode(CentreListImage(mode: mode.rawValue, centres: after)),
                                  by: by, at: now)
        }
        publish([.strokeCentreList])
        return centres.count
    }

    /// The whole list before and after an import, so the audit trail can give it back.
    private struct CentreListImage: Encodable {
        var mode: String
        var centres: [StoredStrokeCentre]
    }

    /// The stroke centre list's mode as stored, nil before any import.
    static func centreMode(_ db: some SQLConnection) throws -> String? {
        try db.fetchValue("SELECT value FROM ward_setting WHERE key = \(centreModeKey)", as: String.self)
    }

    static func requireLivePatient(_ id: Int64, db: some SQLConnection) throws {
        guard let patient = try db.fetchRecord(Patient.self, id: id), patient.deletedAt == nil else {
            throw WardValidationError([.init(field: "patientId", message: "no patient with id \(id)")])
        }
    }

    /// The saved inputs and result must each be a JSON object (calculator results and stroke
    /// assessments alike): one issue per field that is not.
    static func jsonObjectIssues(inputsJSON: String, resultJSON: String) -> [ValidationIssue] {
        [("inputsJSON", inputsJSON), ("resultJSON", resultJSON)].compactMap { field, json in
            let isObject = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) is [String: Any]
            return isObject ? nil : ValidationIssue(field: field, message: "is not a JSON object")
        }
    }
}
