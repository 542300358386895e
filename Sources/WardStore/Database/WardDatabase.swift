import Foundation
import GRDB
import GRDBSQLite

/// Opens the ward file as a GRDB `DatabasePool` (WAL) configured for several processes.
enum WardDatabase {
    /// Writers wait this long for another process's write lock instead of failing with
    /// "database is locked". GRDB starts write transactions IMMEDIATE, so no deadlock-prone upgrade.
    static let busyTimeoutSeconds: TimeInterval = 15

    /// `COTSIDE_TRACE_SQL=1` prints every statement with its duration to stderr: where a slow
    /// frame's time goes, without a profiler.
    static let traceSQL = ProcessInfo.processInfo.environment["COTSIDE_TRACE_SQL"] == "1"

    static func openPool(path: String) throws -> DatabasePool {
        try WardDatabaseLocation.prepare(path: path)
        var config = Configuration()
        config.foreignKeysEnabled = true
        config.busyMode = .timeout(busyTimeoutSeconds)
        config.label = "cotside.ward"
        config.prepareDatabase { db in
            // FULL: an acknowledged entry survives power loss too, not only a killed process.
            // A nappy log writes a few rows a minute, so the extra fsync costs nothing visible.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try keepWALFile(db)
            if traceSQL { db.trace(options: .profile) { event in FileHandle.standardError.write(Data("sql: \(event)\n".utf8)) } }
        }
        let pool = try DatabasePool(path: path, configuration: config)
        try WardMigrations.migrator.migrate(pool)
        return pool
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
