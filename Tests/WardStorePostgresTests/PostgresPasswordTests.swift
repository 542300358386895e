import Foundation
import WardSQL
import WardStorePostgres
import XCTest

/// The password path with SCRAM: scripts/postgres-test-server makes the role `cotside_password`
/// authenticate with scram-sha-256 (every other role is trusted on loopback). The password comes
/// from PGPASSWORD, else from the prompt, which is asked only when the server wants one.
final class PostgresPasswordTests: XCTestCase {
    static let role = "cotside_password"
    static let password = "correct horse battery"

    func withPasswordRole(_ body: (PostgresLocation) async throws -> Void) async throws {
        guard let location = try PostgresTestServer.locationOrSkip(file: #filePath, line: #line) else {
            if PostgresTestServer.isCI { return }
            throw XCTSkip(PostgresTestServer.skipMessage)
        }
        let admin = try await PostgresSQLDatabase.open(location.with(ward: nil), applicationName: "cotside-test-admin")
        try await admin.write { connection in
            try connection.execute(SQLQuery(verbatim: "DROP ROLE IF EXISTS \(Self.role)"))
            // A role's password is a literal in CREATE ROLE (no parameters in utility statements).
            try connection.execute(SQLQuery(verbatim: "CREATE ROLE \(Self.role) LOGIN PASSWORD '\(Self.password)'"))
        }
        let roleLocation = try PostgresLocation(user: Self.role, host: location.host, port: location.port,
                                                database: location.database, tls: location.tls)
        do {
            try await body(roleLocation)
        } catch {
            _ = try? await admin.write { try $0.execute(SQLQuery(verbatim: "DROP ROLE IF EXISTS \(Self.role)")) }
            throw error
        }
        _ = try await admin.write { try $0.execute(SQLQuery(verbatim: "DROP ROLE IF EXISTS \(Self.role)")) }
        await admin.close()
    }

    func currentUser(_ database: PostgresSQLDatabase) async throws -> String? {
        try await database.read { try $0.fetchValue("SELECT current_user::text", as: String.self) }
    }

    func testPGPASSWORDAuthenticatesWithoutAsking() async throws {
        try await withPasswordRole { location in
            let asked = Counter()
            let database = try await PostgresSQLDatabase.open(location, environment: ["PGPASSWORD": Self.password],
                                                              passwordPrompt: { asked.increment(); return "wrong" })
            let user = try await currentUser(database)
            XCTAssertEqual(user, Self.role)
            XCTAssertEqual(asked.value, 0)
            await database.close()
        }
    }

    func testThePromptIsAskedOnceWhenTheServerWantsAPassword() async throws {
        try await withPasswordRole { location in
            let asked = Counter()
            let database = try await PostgresSQLDatabase.open(location, environment: [:],
                                                              passwordPrompt: { asked.increment(); return Self.password })
            // Both connections (write at open, read now) and a reconnect use the one answer.
            let user = try await currentUser(database)
            await database.close()
            let again = try await currentUser(database)
            XCTAssertEqual([user, again], [Self.role, Self.role])
            XCTAssertEqual(asked.value, 1)
            await database.close()
        }
    }

    func testATrustedRoleIsNeverAskedForAPassword() async throws {
        guard let location = try PostgresTestServer.locationOrSkip(file: #filePath, line: #line) else {
            if PostgresTestServer.isCI { return }
            throw XCTSkip(PostgresTestServer.skipMessage)
        }
        let asked = Counter()
        let database = try await PostgresSQLDatabase.open(location, environment: [:], passwordPrompt: { asked.increment(); return nil })
        _ = try await currentUser(database)
        XCTAssertEqual(asked.value, 0)
        await database.close()
    }

    func testAWrongOrMissingPasswordIsRefusedClearly() async throws {
        try await withPasswordRole { location in
            do {
                _ = try await PostgresSQLDatabase.open(location, environment: ["PGPASSWORD": "wrong"])
                XCTFail("a wrong password should be refused")
            } catch let error as SQLEngineError {
                XCTAssertEqual(error.code, "28P01", "\(error)")
                XCTAssertTrue(error.message.contains("password authentication failed"), error.message)
            }
            do {
                _ = try await PostgresSQLDatabase.open(location, environment: [:])
                XCTFail("no password should be refused")
            } catch let error as SQLEngineError {
                XCTAssertTrue(error.message.contains("PGPASSWORD"), error.message)
            }
        }
    }
}
