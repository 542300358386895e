import Foundation
import GRDB

/// Opens the ward file as a GRDB `DatabasePool` (WAL) configured for several processes.
enum WardDatabase {
    /// Writers wait this long for another process's write lock instead of failing with
    /// "database is locked". GRDB starts write transactions IMMEDIATE, so no deadlock-prone upgrade.
    static let busyTimeoutSeconds: TimeInterval = 15

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
        }
        let pool = try DatabasePool(path: path, configuration: config)
        try WardMigrations.migrator.migrate(pool)
        return pool
    }
}
