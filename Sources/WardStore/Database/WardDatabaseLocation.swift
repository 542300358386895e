import Foundation

/// Where the ward database lives and how its folder and file are created (0700 / 0600).
public enum WardDatabaseLocation {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// `--db` path, else `COTSIDE_DB`, else `$XDG_DATA_HOME/cotside/ward.sqlite`,
    /// else `~/.local/share/cotside/ward.sqlite`. `~` at the start of a path is expanded.
    public static func resolve(explicitPath: String?,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let path = explicitPath?.trimmingCharacters(in: .whitespaces), !path.isEmpty {
            return try expand(path, environment: environment)
        }
        if let path = environment["COTSIDE_DB"], !path.isEmpty {
            return try expand(path, environment: environment)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/cotside/ward.sqlite"
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw Failure(description: "cannot find the ward database: HOME is not set; pass --db PATH or set COTSIDE_DB")
        }
        return home + "/.local/share/cotside/ward.sqlite"
    }

    /// Creates the missing parent folder (0700) and, when absent, an empty file with mode 0600,
    /// so SQLite's -wal and -shm files (which copy the main file's mode) are 0600 too.
    public static func prepare(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let fm = FileManager.default
        if !folder.isEmpty, !fm.fileExists(atPath: folder) {
            do {
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                       attributes: [.posixPermissions: 0o700])
            } catch {
                throw Failure(description: "cannot create the folder \(folder) for the ward database: \(error.localizedDescription)")
            }
        }
        if !fm.fileExists(atPath: path) {
            let fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
            guard fd >= 0 else {
                throw Failure(description: "cannot create the ward database \(path): \(String(cString: strerror(errno)))")
            }
            fchmod(fd, 0o600)  // the umask may have removed bits; never added any
            close(fd)
        }
    }

    private static func expand(_ path: String, environment: [String: String]) throws -> String {
        guard path.hasPrefix("~/") else { return path }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw Failure(description: "cannot expand '~' in \(path): HOME is not set")
        }
        return home + path.dropFirst()
    }
}
