import Foundation
import WardSQL

/// Soft delete and restore shared by the soft-deletable record kinds (one audited write each).
protocol SoftDeletable: AuditedRecord {
    var deletedAt: Date? { get set }
    /// "feed", "measurement": for messages.
    static var noun: String { get }
    /// Who may delete and restore one (`WardPermission`).
    static var permission: WardPermission { get }
}

extension SoftDeletable {
    static var permission: WardPermission { .logCare }
}

extension NappyChange: SoftDeletable { static var noun: String { "nappy change" } }
extension Medication: SoftDeletable {
    static var noun: String { "medication" }
    static var permission: WardPermission { .prescribe }
}
extension AsNeededDose: SoftDeletable {
    static var noun: String { "as-needed dose" }
    static var permission: WardPermission { .recordDose }
}
extension DoseRecord: SoftDeletable {
    static var noun: String { "dose record" }
    static var permission: WardPermission { .recordDose }
}
extension Feed: SoftDeletable { static var noun: String { "feed" } }
extension MeasurementRecord: SoftDeletable { static var noun: String { "measurement" } }

extension SQLiteWardStore {
    func setDeleted<R: SoftDeletable>(_ type: R.Type, id: Int64, deleted: Bool, by: Int64?) async throws -> Audited<R> {
        let now = self.now
        let result = try await permittedWrite(R.permission, by: by) { db -> Audited<R> in
            let before = try Self.existing(R.self, id, db: db)
            guard (before.deletedAt == nil) == deleted else {
                throw WardStoreError("\(R.noun) \(id) is \(deleted ? "already deleted" : "not deleted")")
            }
            var after = before
            after.deletedAt = deleted ? now : nil
            after.updatedAt = now
            try db.update(after)
            let auditId = try AuditTrail.record(db, action: deleted ? .delete : .restore, before: before, after: after,
                                                by: by, at: now)
            return Audited(record: after, auditEntryId: auditId)
        }
        publish([R.entity])
        return result
    }

    static func existing<R: SoftDeletable>(_ type: R.Type, _ id: Int64, db: some SQLConnection) throws -> R {
        guard let record = try db.fetchRecord(R.self, id: id) else { throw WardStoreError("no \(R.noun) with id \(id)") }
        return record
    }

    /// The patient must exist (not deleted); the time may be at most a day before admission.
    static func checkPatient(_ patientId: Int64, at date: Date, field: String, db: some SQLConnection,
                             issues: inout [ValidationIssue]) throws {
        if let patient = try db.fetchRecord(Patient.self, id: patientId), patient.deletedAt == nil {
            if date < patient.admittedAt.addingTimeInterval(-24 * 3600) {
                issues.append(.init(field: field, message: "the time is more than a day before \(patient.fullName) was admitted"))
            }
        } else {
            issues.append(.init(field: "patientId", message: "no patient with id \(patientId)"))
        }
    }
}
