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
        let madeSchema = try await WardSchema.makeWardIfMissing(server.wardSchema, in: server.database)
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
}
