import Foundation

/// A ward pharmacist's sign-off of the dosage tool's drug table: who, when, and which table (its
/// version and SHA-256), so a changed table lapses it. Declared once per ward (a reserved row of
/// `ward_setting`, written only through `DrugTableSignOffStore`); a pure value.
public struct DrugTableSignOff: Sendable, Hashable, Codable {
    public var staffId: Int64
    /// The pharmacist's name when they signed (kept if the member later leaves).
    public var staffName: String
    public var signedAt: Date
    public var tableVersion: String
    public var tableChecksum: String

    public init(staffId: Int64, staffName: String, signedAt: Date, tableVersion: String, tableChecksum: String) {
        self.staffId = staffId
        self.staffName = staffName
        self.signedAt = signedAt
        self.tableVersion = tableVersion
        self.tableChecksum = tableChecksum
    }

    /// True when this sign-off is for exactly this table (a new version or any edit lapses it).
    public func covers(version: String, checksum: String) -> Bool {
        tableVersion == version && tableChecksum == checksum
    }
}
