import Foundation
import WardSQL
import WardStorePostgres
import XCTest

/// `sslmode` as the URL asks: scripts/postgres-test-server serves TLS with a certificate of its
/// own for localhost and 127.0.0.1 (COTSIDE_TEST_POSTGRES_CA), beside plain connections.
final class PostgresTLSTests: XCTestCase {
    func serverWithTLS() throws -> (PostgresLocation, ca: String) {
        guard let location = try PostgresTestServer.locationOrSkip(file: #filePath, line: #line) else {
            if PostgresTestServer.isCI { throw XCTSkip("failed above: no server in CI") }
            throw XCTSkip(PostgresTestServer.skipMessage)
        }
        guard let ca = ProcessInfo.processInfo.environment["COTSIDE_TEST_POSTGRES_CA"] else {
            throw XCTSkip("TLS runs skipped: the test server serves no TLS (COTSIDE_TEST_POSTGRES_CA is not set; it needs openssl)")
        }
        return (location, ca)
    }

    func encrypted(_ location: PostgresLocation, environment: [String: String] = [:]) async throws -> Bool? {
        let database = try await PostgresSQLDatabase.open(location, environment: environment)
        let ssl = try await database.read { try $0.fetchValue("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", as: Bool.self) }
        await database.close()
        return ssl
    }

    func place(_ location: PostgresLocation, host: String, tls: PostgresLocation.TLSMode) throws -> PostgresLocation {
        try PostgresLocation(user: location.user, host: host, port: location.port, database: location.database, tls: tls)
    }

    func testEachSSLModeConnectsAsItSays() async throws {
        let (location, ca) = try serverWithTLS()
        let disabled = try await encrypted(place(location, host: "127.0.0.1", tls: .disable))
        let preferred = try await encrypted(place(location, host: "127.0.0.1", tls: .prefer))
        let required = try await encrypted(place(location, host: "localhost", tls: .require), environment: ["PGSSLROOTCERT": ca])
        XCTAssertEqual([disabled, preferred, required], [false, true, true])
    }

    func testRequireRefusesACertificateItCannotTrust() async throws {
        let (location, _) = try serverWithTLS()
        do {
            // The system's roots do not include the test server's own certificate.
            _ = try await encrypted(place(location, host: "localhost", tls: .require))
            XCTFail("an untrusted certificate was accepted under sslmode=require")
        } catch let error as SQLEngineError {
            XCTAssertEqual(error.kind, .connectionLost, "\(error)")
            XCTAssertTrue(error.message.contains("certificate") && error.message.contains("PGSSLROOTCERT"), error.message)
        }
    }
}
