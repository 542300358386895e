import Foundation

/// Where the ward database lives and how its folder and file are created (0700 / 0600).
public enum WardDatabaseLocation {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Where the ward lives: a PostgreSQL server's URL (`postgres://` or `postgresql://`), or a
    /// file path, from `--db`, else `COTSIDE_DB`, else the default file (`resolve`).
    public enum Address: Sendable, Equatable {
        case file(String)
        /// The URL as given (the driver parses it; it never holds a password Cotside accepts).
        case server(String)
    }

    /// `--db`, else `COTSIDE_DB`, else the default file: a server URL or a file path. Another
    /// scheme (`file://`, `mysql://`) is refused naming what is allowed.
    public static func address(explicit: String?,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Address {
        for (value, source) in [(explicit, "--db"), (environment["COTSIDE_DB"], "COTSIDE_DB")] {
            guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { continue }
            if let scheme = urlScheme(value) {
                guard isServerScheme(scheme) else { throw unknownScheme(value, scheme: scheme, from: source) }
                return .server(value)
            }
            return .file(try expand(value, environment: environment))
        }
        return .file(try resolve(explicitPath: nil, environment: environment))
    }

    /// `--db` path, else `COTSIDE_DB`, else `$XDG_DATA_HOME/cotside/ward.sqlite`,
    /// else `~/.local/share/cotside/ward.sqlite`. `~` at the start of a path is expanded. For
    /// what needs a ward FILE: a server URL is refused saying so.
    public static func resolve(explicitPath: String?,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let path = explicitPath?.trimmingCharacters(in: .whitespaces), !path.isEmpty {
            try refuseURL(path, from: "--db")
            return try expand(path, environment: environment)
        }
        if let path = environment["COTSIDE_DB"], !path.isEmpty {
            try refuseURL(path, from: "COTSIDE_DB")
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

    /// Where `cotside backup` puts a backup when no file is named:
    /// `$XDG_STATE_HOME/cotside/backups/ward-<UTC time>.sqlite` (default `~/.local/state/…`).
    public static func defaultBackup(environment: [String: String], now: Date) throws -> String {
        guard let folder = backupsFolder(environment: environment) else {
            throw Failure(description: "cannot find where to keep backups: HOME is not set; name the backup file")
        }
        try makeFolders(folder)
        return freeBackupPath(in: folder, at: now)
    }

    /// `folder/ward-<UTC time>.sqlite`, or `…-2.sqlite`, `…-3.sqlite` when a backup of the same
    /// second is there already (an automatic one and one asked for can land together).
    public static func freeBackupPath(in folder: String, at now: Date) -> String {
        let name = backupFileName(at: now)
        var path = folder + "/" + name
        var n = 2
        while FileManager.default.fileExists(atPath: path) {
            path = folder + "/" + name.replacingOccurrences(of: ".sqlite", with: "-\(n).sqlite")
            n += 1
        }
        return path
    }

    /// `ward-<UTC time>.sqlite`, the name every backup in the folder gets (names sort by time).
    public static func backupFileName(at now: Date) -> String {
        let stamp = ISO8601DateFormatter.string(from: now, timeZone: TimeZone(identifier: "UTC")!,
                                                formatOptions: [.withFullDate, .withTime, .withTimeZone])
            .replacingOccurrences(of: ":", with: "")
        return "ward-\(stamp).sqlite"
    }

    /// The default backup folder, `$XDG_STATE_HOME/cotside/backups` (default `~/.local/state/…`),
    /// without creating it; nil when HOME is not set either.
    public static func backupsFolder(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/cotside/backups" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/cotside/backups" }
        return nil
    }

    /// A URL (`postgres://…`, `file://…`) is not a file path: without this it became folders
    /// named `postgres:` and a SQLite file inside them.
    static func refuseURL(_ value: String, from source: String) throws {
        guard let scheme = urlScheme(value) else { return }
        guard isServerScheme(scheme) else { throw unknownScheme(value, scheme: scheme, from: source) }
        throw Failure(description: "\(source) \(value): that is a PostgreSQL server, and this needs a ward's SQLite file; "
                      + "give the path of the file, e.g. /srv/ward/ward.sqlite")
    }

    /// The scheme of `scheme://…` (lower case), nil for a path (a `/` before `://` makes it a path).
    static func urlScheme(_ value: String) -> String? {
        guard let colon = value.range(of: "://"), !value[..<colon.lowerBound].contains("/") else { return nil }
        return value[..<colon.lowerBound].lowercased()
    }

    static func isServerScheme(_ scheme: String) -> Bool { scheme == "postgres" || scheme == "postgresql" }

    static func unknownScheme(_ value: String, scheme: String, from source: String) -> Failure {
        Failure(description: "\(source) \(value): that is a \(scheme):// URL; give the path of the ward's SQLite file "
                + "(e.g. /srv/ward/ward.sqlite) or a PostgreSQL server (postgres://user@host:5432/db?ward=NAME)")
    }

    /// The folder holding `path` ("." for a bare file name).
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// access(2) W_OK: what this user may write (root may write anything).
    public static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// Creates the missing parent folder (0700) and, when absent, an empty file with mode 0600,
    /// so SQLite's -wal and -shm files (which copy the main file's mode) are 0600 too. Returns
    /// what to tell the user when it created a new ward, else nil.
    @discardableResult
    public static func prepare(path: String) throws -> String? {
        let folder = folder(of: path)
        let fm = FileManager.default
        var madeFolder = false
        if !fm.fileExists(atPath: folder) {
            try makeFolders(folder)
            madeFolder = true
        }
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                throw Failure(description: "\(path) is a folder; give the path of the ward's database file, e.g. \(path)/ward.sqlite")
            }
            return nil
        }
        let fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw Failure(description: "cannot create the ward database \(path): \(String(cString: strerror(errno)))")
        }
        fchmod(fd, 0o600)  // the umask may have removed bits; never added any
        close(fd)
        return "Creating a new, empty ward database at \(path)" + (madeFolder ? " (made the folder \(folder))." : ".")
    }

    /// mkdir -p with mode 0700, failing with the plain reason ("permission denied", "not a
    /// directory") rather than Foundation's error domain and number.
    static func makeFolders(_ folder: String) throws {
        var path = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw Failure(description: "cannot create the folder \(path) for the ward database: "
                              + String(cString: strerror(errno)).lowercased())
            }
        }
    }

    /// An existing ward file (and its -wal and -shm) that group or others may read is made 0600:
    /// ward records are for ward staff only. Returns what to tell the user, once (after this the
    /// file is private). Only the file's owner can change its mode; others are left as they are.
    static func makePrivate(path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_uid == geteuid() else { return nil }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 != 0 else { return nil }
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            var each = stat()
            if stat(file, &each) == 0, each.st_uid == geteuid() { chmod(file, 0o600) }
        }
        return "Made \(path) private (mode \(String(mode, radix: 8)) → 600): others on this computer could read the ward's records."
    }

    private static func expand(_ path: String, environment: [String: String]) throws -> String {
        guard path.hasPrefix("~/") else { return path }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw Failure(description: "cannot expand '~' in \(path): HOME is not set")
        }
        return home + path.dropFirst()
    }
}
