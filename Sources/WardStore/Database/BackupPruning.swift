import Foundation

/// Keeps the backup folder to the newest `backup_keep` backups. Only `ward-<UTC time>.sqlite`
/// files are considered (the names `cotside backup` and the automatic backups give; they sort
/// by time); anything else in the folder, a `.partial` copy included, is never touched.
public enum BackupPruning {
    /// The names to delete from `names` so that the newest `keep` backups remain.
    public static func toDelete(_ names: [String], keep: Int) -> [String] {
        let backups = names.filter(isBackupName).sorted()
        return Array(backups.dropLast(max(0, keep)))
    }

    /// `ward-20261125T233446Z.sqlite`, not a hidden partial copy or another file.
    public static func isBackupName(_ name: String) -> Bool {
        name.hasPrefix("ward-") && name.hasSuffix(".sqlite") && !name.contains("/")
    }

    /// Deletes the older backups in `folder`; returns the paths deleted. Blocking: call it off the
    /// main actor, after a backup succeeded (never to make room for one).
    @discardableResult
    public static func prune(folder: String, keep: Int) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return toDelete(names, keep: keep).compactMap { name in
            let path = folder + "/" + name
            return (try? FileManager.default.removeItem(atPath: path)) == nil ? nil : path
        }
    }

    /// The newest backup in `folder` (name order), with its size and time, or nil.
    public static func newest(in folder: String) -> (path: String, bytes: Int, modified: Date)? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(isBackupName).sorted()
        guard let name = names.last else { return nil }
        let path = folder + "/" + name
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (path, attributes?[.size] as? Int ?? 0, attributes?[.modificationDate] as? Date ?? .distantPast)
    }
}
