import Foundation
import WardSQL

/// Where a store's data lives: the ward's SQLite file, or a ward schema on a PostgreSQL server.
/// The store's rules and queries are the same on both (WardSQL); only what a file alone can do
/// (backup by copying the file, restore, VACUUM, the WAL checkpoint) needs the file.
enum WardEngine: Sendable {
    /// The file's pool, replaced when a restore swaps the file.
    case file(CurrentPool)
    case server(WardServer)
}

/// A ward on a server: its engine and how to name it to people. Made by the executable, which
/// links the PostgreSQL driver (WardStore itself never carries it).
public struct WardServer: Sendable {
    public let database: any SQLDatabase
    /// The server's address and ward without credentials (`postgres://nurse@db:5432/cotside?ward=nicu`).
    public let location: String
    /// The ward's schema (`?ward=`), made when it does not exist yet; nil: the connection's
    /// own search path chooses.
    public let wardSchema: String?

    public init(database: any SQLDatabase, location: String, wardSchema: String?) {
        self.database = database
        self.location = location
        self.wardSchema = wardSchema
    }
}

/// Something only a ward file can do was asked of a ward on a server; says what to use instead.
public struct WardServerRefusal: Error, Sendable, CustomStringConvertible {
    public let location: String

    public var description: String {
        "the ward is on a PostgreSQL server (\(location)), and this works on a ward's SQLite file only; "
            + "on a server, back up and restore with pg_dump and pg_restore (see the README, \"A ward on a server\")"
    }
}
