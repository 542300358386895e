import Foundation
import GRDB

/// A file to restore, copied beside the ward and checked there: an SQLite file, whole
/// (`integrity_check`), a Cotside ward (its migrations table says so), of a schema this build
/// reads — migrated on the copy when older. The file given is only ever read, byte by byte: SQLite
/// never opens it (which could roll back a journal or write a `-shm` beside it).
struct WardRestoreCandidate {
    /// The checked copy (0600, fsynced, no journal or log beside it), ready to be renamed.
    let path: String
    let fromSchema: Int
    let patients: Int

    /// The 16 bytes every SQLite 3 database begins with.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Copies and checks `file`; throws `WardRestoreRefusal` naming the fault (the copy removed).
    static func prepare(file: String, ward: String) throws -> WardRestoreCandidate {
        try refuseUnusable(file, ward: ward)
        let folder = WardDatabaseLocation.folder(of: ward)
        let copy = folder + "/.\((ward as NSString).lastPathComponent).restore-\(getpid())"
        discard(copy)
        var kept = false
        defer { if !kept { discard(copy) } }
        try copyBytes(from: file, to: copy)
        // A ward file copied with its log: the log holds committed pages, so it comes along.
        if FileManager.default.fileExists(atPath: file + "-wal") { try copyBytes(from: file + "-wal", to: copy + "-wal") }
        let (fromSchema, patients) = try check(copy, file: file)
        try WardFileSync.sync(copy)
        kept = true
        return WardRestoreCandidate(path: copy, fromSchema: fromSchema, patients: patients)
    }

    static func discard(_ copy: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(copy + suffix) }
    }

    private static func refuseUnusable(_ file: String, ward: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) else {
            throw WardRestoreRefusal(.missing, "\(file) does not exist")
        }
        if isFolder.boolValue { throw WardRestoreRefusal(.directory, "\(file) is a folder, not a backup file") }
        if let identity = WardFileIdentity.of(file), identity == WardFileIdentity.of(ward) {
            throw WardRestoreRefusal(.isTheWard, "\(file) is the ward file itself; name a backup of it")
        }
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw WardRestoreRefusal(.unreadable, "cannot read \(file): \(String(cString: strerror(errno)).lowercased())")
        }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: sqliteHeader.count)
        let count = read(fd, &header, header.count)
        guard count == header.count, header == sqliteHeader else {
            throw WardRestoreRefusal(.notSQLite, "\(file) is not an SQLite database (\(count <= 0 ? "it is empty" : "it does not begin with SQLite's header")); "
                                     + "a Cotside backup is one, written by `cotside backup`")
        }
    }

    /// Checks the copy and migrates it when older: (the schema it had, admitted patients).
    private static func check(_ copy: String, file: String) throws -> (Int, Int) {
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: copy)
        } catch {
            throw damaged(file, error)
        }
        defer { try? queue.close() }
        let (version, applied, tables) = try refusingDamage(file) {
            try queue.writeWithoutTransaction { db -> (Int, [String], [String]) in
                // One self-contained file: a copied log is folded in, none is left beside it.
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
                let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard check == ["ok"] else {
                    throw WardRestoreRefusal(.damaged, "\(file) is damaged (truncated or corrupt): integrity_check says "
                                             + check.prefix(3).joined(separator: "; "))
                }
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
                let applied = tables.contains("grdb_migrations")
                    ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
                return (try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0, applied, tables)
            }
        }
        let known = WardMigrations.migrator.migrations
        guard applied.contains(known[0]) else {
            let listed = tables.isEmpty ? "no tables" : "tables " + tables.prefix(6).joined(separator: ", ") + (tables.count > 6 ? ", …" : "")
            throw WardRestoreRefusal(.notCotside, "\(file) is an SQLite database of another application, not a Cotside ward "
                                     + "(\(listed); no Cotside schema)")
        }
        let unknown = applied.filter { !known.contains($0) }
        let theirs = max(version, applied.count)
        guard unknown.isEmpty, version <= WardDatabase.schemaVersion else {
            throw WardRestoreRefusal(.newerSchema, "\(file) was made by a newer Cotside: ward schema \(theirs); this Cotside reads "
                                     + "schema \(WardDatabase.schemaVersion) and older — restore it with that newer Cotside")
        }
        let patients = try refusingDamage(file) {
            if theirs < WardDatabase.schemaVersion {
                try WardMigrations.migrator.migrate(queue)
            }
            return try queue.writeWithoutTransaction { db -> Int in
                try db.execute(sql: "PRAGMA user_version = \(WardDatabase.schemaVersion)")
                let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                guard check == ["ok"] else {
                    throw WardRestoreRefusal(.damaged, "\(file) failed the integrity check after its migration to schema "
                                             + "\(WardDatabase.schemaVersion): " + check.prefix(3).joined(separator: "; "))
                }
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM patient WHERE dischargedAt IS NULL AND deletedAt IS NULL") ?? 0
            }
        }
        return (theirs, patients)
    }

    /// SQLite's own complaints about the copy (not a database, malformed) as a refusal.
    private static func refusingDamage<T>(_ file: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let refusal as WardRestoreRefusal {
            throw refusal
        } catch {
            throw damaged(file, error)
        }
    }

    private static func damaged(_ file: String, _ error: Error) -> WardRestoreRefusal {
        let words = (error as? DatabaseError)?.message ?? "\(error)"
        return WardRestoreRefusal(.damaged, "\(file) is damaged (truncated or corrupt): SQLite says \(words)")
    }

    private static func copyBytes(from source: String, to destination: String) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            throw WardRestoreRefusal(.unreadable, "cannot read \(source): \(String(cString: strerror(errno)).lowercased())")
        }
        defer { close(input) }
        let output = open(destination, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw WardStoreError("cannot write the copy to restore, \(destination): \(String(cString: strerror(errno)).lowercased()); nothing was restored")
        }
        defer { close(output) }
        fchmod(output, 0o600)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = read(input, &buffer, buffer.count)
            if count == 0 { return }
            guard count > 0 else {
                throw WardRestoreRefusal(.unreadable, "cannot read \(source): \(String(cString: strerror(errno)).lowercased())")
            }
            var written = 0
            while written < count {
                let step = buffer[written..<count].withUnsafeBytes { write(output, $0.baseAddress, count - written) }
                guard step > 0 else {
                    throw WardStoreError("cannot write the copy to restore, \(destination): \(String(cString: strerror(errno)).lowercased()); nothing was restored")
                }
                written += step
            }
        }
    }
}

/// fsync of a file or folder, so a rename that follows survives a power cut.
enum WardFileSync {
    static func sync(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw WardStoreError("cannot open \(path) to sync it") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw WardStoreError("cannot sync \(path): \(String(cString: strerror(errno)).lowercased())") }
    }
}
