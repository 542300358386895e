import Foundation
import WardSQL

/// The drug-table sign-off: one reserved `ward_setting` row (`drugTableSignOff`, JSON), not a
/// declared setting, so the Settings form and `cotside settings set` cannot edit it and no
/// migration is needed. Written through `permittedWrite(.signOffDrugTable)`: the pharmacist is
/// checked, the row replaced and the audit row (entity `setting`, before/after images) written
/// in one transaction on the store's writer. Reads run on a pool reader.
extension SQLiteWardStore {
    static let drugTableSignOffKey = "drugTableSignOff"

    public func drugTableSignOff() async throws -> DrugTableSignOff? {
        try await database.read { db in try Self.drugTableSignOff(db) }
    }

    public func signOffDrugTable(version: String, checksum: String, by: Int64?) async throws -> DrugTableSignOff {
        var issues: [ValidationIssue] = []
        if by == nil { issues.append(ValidationIssue(field: "by", message: "a sign-off names the pharmacist who reviewed the table")) }
        if version.trimmingCharacters(in: .whitespaces).isEmpty { issues.append(ValidationIssue(field: "version", message: "the table version is empty")) }
        if checksum.count != 64 || !checksum.allSatisfy(\.isHexDigit) {
            issues.append(ValidationIssue(field: "checksum", message: "‘\(checksum)’ is not a SHA-256 checksum (64 hex digits)"))
        }
        guard issues.isEmpty, let by else { throw WardValidationError(issues) }
        let now = self.now
        let signed = try await permittedWrite(.signOffDrugTable, by: by) { db -> DrugTableSignOff in
            guard let member = try db.fetchRecord(Staff.self, id: by) else { throw Self.inactive(by, .signOffDrugTable) }
            let before = try Self.drugTableSignOff(db)
            let signOff = DrugTableSignOff(staffId: by, staffName: member.name, signedAt: now,
                                           tableVersion: version, tableChecksum: checksum.lowercased())
            let json = String(decoding: try JSONEncoder.signOff.encode(signOff), as: UTF8.self)
            try Self.storeSetting(Self.drugTableSignOffKey, json, db)
            try AuditTrail.record(db, action: .update, entity: .setting, entityId: 0,
                                  beforeJSON: try AuditJSON.encode([Self.drugTableSignOffKey: before]),
                                  afterJSON: try AuditJSON.encode([Self.drugTableSignOffKey: signOff]),
                                  by: by, at: now)
            return signOff
        }
        publish([.setting])
        return signed
    }

    static func drugTableSignOff(_ db: some SQLConnection) throws -> DrugTableSignOff? {
        guard let text = try db.fetchValue("SELECT value FROM ward_setting WHERE key = \(drugTableSignOffKey)",
                                           as: String.self) else { return nil }
        return try? JSONDecoder.signOff.decode(DrugTableSignOff.self, from: Data(text.utf8))
    }
}

private extension JSONEncoder {
    static var signOff: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}

private extension JSONDecoder {
    static var signOff: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }
}
