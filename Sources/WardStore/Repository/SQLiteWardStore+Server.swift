import Foundation
import WardSQL

/// Opening a ward on a PostgreSQL server. The connection is made by the caller (the executable
/// links the driver); here the ward's schema is brought to this build's steps, under the
/// runner's advisory lock so workstations starting together do not race, and a schema with
/// steps this build does not know is refused with both lists (`SQLUnknownSchemaSteps`).
extension SQLiteWardStore {
    /// The store on `server`, its schema migrated. `notices` says once what opening did (a new
    /// ward schema made, steps applied).
    public static func open(server: WardServer, clock: @escaping @Sendable () -> Date = { Date() },
                            timeZone: TimeZone = .current) async throws -> SQLiteWardStore {
        let madeSchema = try await makeWardSchemaIfMissing(server)
        let before = try await WardMigrations.postgresRunner.appliedSteps(server.database)
        let applied = try await WardMigrations.postgresRunner.migrate(server.database)
        var notices: [String] = []
        if madeSchema || before.isEmpty {
            notices.append("made a new ward on \(server.location)")
        } else if !applied.isEmpty {
            notices.append("brought the ward on \(server.location) up to date (\(applied.count) schema step\(applied.count == 1 ? "" : "s"))")
        }
        return SQLiteWardStore(server: server, notices: notices, clock: clock, timeZone: timeZone)
    }

    /// A ward named with `?ward=` whose schema is not there yet is made, as a new ward file is
    /// (and said so); without a ward and without a schema on the search path, refused saying how
    /// to name one. True when the schema was made.
    static func makeWardSchemaIfMissing(_ server: WardServer) async throws -> Bool {
        let hasSchema = try await server.database.read { db in
            try db.fetchValue("SELECT current_schema() IS NOT NULL", as: Bool.self) ?? false
        }
        guard !hasSchema else { return false }
        guard let ward = server.wardSchema else {
            throw WardStoreError("the server has no schema on the search path to keep the ward in; name the ward with ?ward=NAME in the URL")
        }
        // The name was checked when the URL was parsed: lower-case letters, digits and _ only.
        _ = try await server.database.write { db in try db.execute(SQLQuery(verbatim: "CREATE SCHEMA IF NOT EXISTS \(ward)")) }
        return true
    }
}
