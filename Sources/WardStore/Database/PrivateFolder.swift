import Foundation

/// A folder only its owner reads (0700), made when missing: where backups and exports go.
/// One place says what went wrong in the words a user acts on.
public enum PrivateFolder {
    /// Makes `path` (and its parents) 0700 when missing; an existing folder is left as it is.
    /// - Parameters:
    ///   - role: what the folder is for, in the message ("the backup folder").
    ///   - notAFolder: the refusal when `path` is a file.
    public static func ensure(_ path: String, role: String, notAFolder: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw WardStoreError(notAFolder) }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            let reason = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? error.localizedDescription
            throw WardStoreError("cannot create \(role) \(path): \(reason)")
        }
    }
}
