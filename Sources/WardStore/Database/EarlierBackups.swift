import Foundation
import GRDB

/// A backup file that was there when a patient was erased, and whether it still holds them.
public struct EarlierBackup: Sendable, Hashable {
    public let path: String
    public let modified: Date
    public let bytes: Int
    /// True when it holds a patient with the erased hospital number, false when it does not,
    /// nil when it could not be read as a ward (then assume it does).
    public let holdsPatient: Bool?
}

/// The backups an erasure cannot reach: `ward-*.sqlite` files in the default backup folder
/// (`WardDatabaseLocation.backupsFolder`) taken before the erasure, each opened read-only to
/// see whether it holds the erased hospital number, so the admin knows which to expire.
/// Backups written elsewhere (`cotside backup FILE`) are not found. Blocking: call it from a
/// command or a background task.
public enum EarlierBackups {
    public static func list(in folder: String, before: Date, hospitalNumber: String) -> [EarlierBackup] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("ward-") && $0.hasSuffix(".sqlite") }.sorted().compactMap { name in
            let path = folder + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let modified = attributes[.modificationDate] as? Date, modified <= before else { return nil }
            return EarlierBackup(path: path, modified: modified, bytes: attributes[.size] as? Int ?? 0,
                                 holdsPatient: holds(hospitalNumber, path: path))
        }
    }

    private static func holds(_ hospitalNumber: String, path: String) -> Bool? {
        var config = Configuration()
        config.readonly = true
        return try? DatabaseQueue(path: path, configuration: config).read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM patient WHERE hospitalNumber = ? COLLATE NOCASE)",
                              arguments: [hospitalNumber]) ?? false
        }
    }
}
