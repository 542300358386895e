import Foundation
import GRDB
import GRDBSQLite
import WardSQL

/// Opens the ward file as a GRDB `DatabasePool` (WAL) configured for several processes.
enum WardDatabase {
    /// Writers wait this long for another process's write lock instead of failing with
    /// "database is locked". GRDB starts write transactions IMMEDIATE, so no deadlock-prone upgrade.
    static let busyTimeoutSeconds: TimeInterval = 15

    /// `COTSIDE_TRACE_SQL=1` prints every statement with its duration to stderr: where a slow
    /// frame's time goes, without a profiler.
    static let traceSQL = ProcessInfo.processInfo.environment["COTSIDE_TRACE_SQL"] == "1"

    /// The ward file opened and ready: the pool, how it was opened, and what the user should be
    /// told once (a new ward created, permissions tightened, read-only and why).
    struct Opened {
        let pool: WardPool
        let notices: [String]
    }

    /// A kept `-wal` file larger than this (a bulk write: demo, import; SQLite's automatic
    /// checkpoints keep everyday logs near 4 MB) is checkpointed and truncated when the process
    /// closes the ward. Smaller ones are left alone: GRDB writes a
    /// dummy transaction at open when the log is empty, so truncating every time would make each
    /// start that only reads write again. (`journal_size_limit` is not used for the same reason:
    /// with a persistent WAL it empties the log at every close.)
    static let walCheckpointThresholdBytes = 16 << 20

    /// The schema this build writes: one step per registered migration.
    static var schemaVersion: Int { WardMigrations.migrator.migrations.count }

    /// Opens the ward at `path`: creates it when missing (folder 0700, file 0600), tightens an
    /// existing file that others can read to 0600, and opens read-only — never migrating or
    /// writing — when the file or folder is not writable or a newer Cotside made it.
    /// `isWritable` is the access(2) check, injectable for tests (root may write anything).
    static func open(path: String, isWritable: (String) -> Bool = WardDatabaseLocation.isWritable) throws -> Opened {
        var notices: [String] = []
        let created = try WardDatabaseLocation.prepare(path: path)
        if let created { notices.append(created) }
        let folder = WardDatabaseLocation.folder(of: path)
        var reason: String?
        if !isWritable(path) {
            reason = "the file \(path) is not writable by this user"
        } else if !isWritable(folder) {
            reason = "its folder \(folder) is not writable by this user"
        } else if let tightened = WardDatabaseLocation.makePrivate(path: path) {
            notices.append(tightened)
        }
        let schema = reason == nil ? try probeSchema(path: path) : SchemaProbe(userVersion: 0, newer: nil)
        if let newer = schema.newer { reason = newer }
        // Taken before SQLite opens the file: if a restore swaps it in between, the first commit
        // is refused (the safe way round) instead of landing in the replaced file.
        let identity = WardFileIdentity.of(path)
        var config = configuration(path: path, identity: identity)
        if let reason {
            config.readonly = true
            notices.append("Opened read-only: \(reason). The ward can be viewed; nothing can be changed.")
        }
        let database: DatabasePool
        do {
            database = try DatabasePool(path: path, configuration: config)
        } catch let error as DatabaseError where reason != nil {
            // SQLite reads a WAL-mode file read-only only with its -shm beside it, or a folder it
            // may create one in: a ward file copied alone into a read-only folder has neither.
            if !FileManager.default.fileExists(atPath: path + "-shm"), !isWritable(folder) {
                throw WardStoreError("cannot open \(path) read-only (\(reason!)), and SQLite cannot read it there: "
                                     + "its folder \(folder) is not writable and no \(path)-shm lies beside it; "
                                     + "copy the file to a folder you can write and open the copy")
            }
            throw WardStoreError("cannot open \(path) read-only (\(reason!)): \(error.message ?? error.description)")
        }
        if reason == nil {
            try WardMigrations.migrator.migrate(database)
            // Written once per schema step, from the version the probe read: a start on a ward
            // already at this schema takes no write lock for it.
            if schema.userVersion < schemaVersion {
                try database.write { db in try db.execute(sql: "PRAGMA user_version = \(schemaVersion)") }
            }
        }
        let pool = WardPool(database: database, access: reason.map { .readOnly(reason: $0) } ?? .readWrite, path: path,
                            identity: identity)
        OpenWards.shared.add(pool)
        return Opened(pool: pool, notices: notices)
    }

    /// The pool alone, read-write (tests and tools that manage the file themselves).
    static func openPool(path: String) throws -> DatabasePool { try open(path: path).pool.database }

    /// What a read-only look at the file found before anything may write to it.
    struct SchemaProbe {
        /// The file's `user_version` (0 for a new or pre-v6 file).
        let userVersion: Int
        /// Why a newer Cotside's file must not be written, or nil.
        let newer: String?
    }

    /// Reads `user_version` and the applied migrations with a read-only connection: a file with
    /// migrations this build does not know, or a higher `user_version`, was made by a newer Cotside.
    static func probeSchema(path: String) throws -> SchemaProbe {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size > 0 else { return SchemaProbe(userVersion: 0, newer: nil) }
        var config = Configuration()
        config.readonly = true
        let (version, applied) = try DatabaseQueue(path: path, configuration: config).read { db -> (Int, [String]) in
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            guard try db.tableExists("grdb_migrations") else { return (version, []) }
            return (version, try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
        }
        // The same refusal, in the same words, as PostgreSQL's runner gives (`SQLUnknownSchemaSteps`).
        // GRDB's migrator itself would skip an unknown step and carry on.
        let refusal = SQLUnknownSchemaSteps(applied: applied, known: WardMigrations.migrator.migrations, recordedVersion: version)
        return SchemaProbe(userVersion: version, newer: refusal.isRefused ? refusal.reason : nil)
    }

    /// `identity`: the file as it was when opened; every writable connection refuses to commit
    /// once the path names another file (`ReplacedFileGuard`).
    private static func configuration(path: String, identity: WardFileIdentity?) -> Configuration {
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeoutSeconds)
        config.label = "cotside.ward"
        config.prepareDatabase { db in
            // A read-only connection can neither set these nor needs them.
            guard !db.configuration.readonly else { return }
            // FULL: an acknowledged entry survives power loss too, not only a killed process.
            // A nappy log writes a few rows a minute, so the extra fsync costs nothing visible.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try keepWALFile(db)
            db.add(transactionObserver: ReplacedFileGuard(path: path, opened: identity), extent: .databaseLifetime)
            if traceSQL { db.trace(options: .profile) { event in FileHandle.standardError.write(Data("sql: \(event)\n".utf8)) } }
        }
        return config
    }

    /// Keeps the `-wal` file when the last connection closes (SQLite deletes it by default). GRDB
    /// writes a dummy transaction into the file at every open when that file is missing, so
    /// without this every start — even `cotside due` or a snapshot — wrote and fsynced the ward
    /// file four times. The kept file is checkpointed at close, so it holds nothing unsaved.
    private static func keepWALFile(_ db: Database) throws {
        var persist: Int32 = 1
        let code = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
        guard code == SQLITE_OK else {
            throw WardStoreError("could not keep the ward file's write-ahead log (SQLite error \(code))")
        }
    }
}
