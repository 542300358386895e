import Foundation
import WardSQL
import WardStore
import WardStorePostgres
import XCTest

/// Which engine the store's tests run on. SQLite by default; `COTSIDE_TEST_STORE_ENGINE=postgres`
/// runs every `WardStoreTestCase` on a fresh ward schema of `COTSIDE_TEST_POSTGRES_URL` (made
/// for the test, dropped after it). `make test` runs the store's tests once per engine.
enum StoreEngineUnderTest {
    static let engineVariable = "COTSIDE_TEST_STORE_ENGINE"
    static let serverVariable = "COTSIDE_TEST_POSTGRES_URL"

    static var isPostgres: Bool { ProcessInfo.processInfo.environment[engineVariable]?.lowercased() == "postgres" }

    /// A test's ward on the server: the store's view of it, its `--db` URL, and how to drop it.
    struct ServerWard: Sendable {
        let server: WardServer
        let url: String
        let drop: @Sendable () async throws -> Void
    }

    /// A new, empty ward schema (`cotside_s_<random>`) on the test server.
    static func freshServerWard() async throws -> ServerWard {
        guard let url = ProcessInfo.processInfo.environment[serverVariable], !url.isEmpty else {
            throw StoreEngineError("\(engineVariable)=postgres needs \(serverVariable) (`eval \"$(scripts/postgres-test-server start)\"`)")
        }
        let base = try PostgresLocation(parsing: url)
        let schema = "cotside_s_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let admin = try await PostgresSQLDatabase.open(base.with(ward: nil))
        _ = try await admin.write { try $0.execute(SQLQuery(verbatim: "CREATE SCHEMA \(schema)")) }
        let location = try base.with(ward: schema)
        let database = try await PostgresSQLDatabase.open(location)
        return ServerWard(server: WardServer(database: database, location: location.description, wardSchema: schema),
                          url: location.description, drop: {
            await database.close()
            _ = try await admin.write { try $0.execute(SQLQuery(verbatim: "DROP SCHEMA \(schema) CASCADE")) }
            await admin.close()
        })
    }
}

struct StoreEngineError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
