import Foundation
import WardSQL

/// Ward settings: key/value rows in `ward_setting`, checked against `WardSettings.declarations`.
/// A write stores only the keys whose value changes, so a caller that knows (or shows) only some
/// settings cannot put the others back to their defaults; its audit row holds those keys' values
/// before and after. Runs on the store actor; one transaction per save.
extension SQLiteWardStore {
    public func settings() async throws -> WardSettings {
        try await database.read { db in try Self.settings(db) }
    }

    /// Every value of `settings`; the keys whose value is already stored are left alone.
    public func updateSettings(_ settings: WardSettings, by: Int64?) async throws -> WardSettings {
        try await updateSettings(settings.storedValues, by: by)
    }

    public func updateSettings(_ changes: [WardSettingKey: String], by: Int64?) async throws -> WardSettings {
        var checked: [WardSettingKey: String] = [:]
        var issues: [ValidationIssue] = []
        for declaration in WardSettings.declarations {
            guard let value = changes[declaration.key] else { continue }
            switch declaration.check(value) {
            case .valid(let stored): checked[declaration.key] = stored
            case .invalid(let issue): issues.append(issue)
            }
        }
        guard issues.isEmpty else { throw WardValidationError(issues) }
        let (now, wanted) = (self.now, checked)
        let (saved, wrote) = try await permittedWrite(.changeSettings, by: by) { db -> (WardSettings, Bool) in
            let current = try Self.settings(db).storedValues
            // Any explicit choice about PINs answers the question a ward made before them is asked.
            if wanted[.requirePin] != nil {
                try db.execute("DELETE FROM ward_setting WHERE key = 'requirePinQuestion'")
            }
            let changed = wanted.filter { current[$0.key] != $0.value }
            guard !changed.isEmpty else { return (try Self.settings(db), false) }
            var before: [String: String] = [:]
            var after: [String: String] = [:]
            for (key, value) in changed {
                try Self.storeSetting(key.rawValue, value, db)
                before[key.rawValue] = current[key]
                after[key.rawValue] = value
            }
            try AuditTrail.record(db, action: .update, entity: .setting, entityId: 0,
                                  beforeJSON: try AuditJSON.encode(before), afterJSON: try AuditJSON.encode(after),
                                  by: by, at: now)
            return (try Self.settings(db), true)
        }
        if wrote { publish([.setting]) }
        return saved
    }

    static func settings(_ db: some SQLConnection) throws -> WardSettings {
        var values: [String: String] = [:]
        for row in try db.fetchAll("SELECT key, value FROM ward_setting") { values[try row.decode("key")] = try row.decode("value") }
        return WardSettings(values: values)
    }

    /// Stores one setting's value, replacing the one stored (an upsert on its key, on either engine).
    static func storeSetting(_ key: String, _ value: String, _ db: some SQLConnection) throws {
        try db.execute("""
            INSERT INTO ward_setting (key, value) VALUES (\(key), \(value))
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """)
    }
}
