import WardStorePostgres
import XCTest

/// `--db postgres://…` as a user types it: what is accepted, and each refusal with the message
/// that names what is wrong and what is allowed.
final class PostgresLocationTests: XCTestCase {
    func testGoodURLsAreRead() throws {
        let cases: [(String, user: String, host: String, port: Int, database: String, tls: PostgresLocation.TLSMode, ward: String?)] = [
            ("postgres://cotside@127.0.0.1:5433/wards", "cotside", "127.0.0.1", 5433, "wards", .prefer, nil),
            ("postgres://nurse@db.example.org/wards", "nurse", "db.example.org", 5432, "wards", .prefer, nil),
            ("postgresql://nurse@db/wards?sslmode=require", "nurse", "db", 5432, "wards", .require, nil),
            ("postgres://nurse@db/wards?sslmode=disable&ward=bay_4", "nurse", "db", 5432, "wards", .disable, "bay_4"),
            ("postgres://nurse@db/wards?ward=nicu&sslmode=prefer", "nurse", "db", 5432, "wards", .prefer, "nicu"),
            ("postgres://nurse@[::1]:6000/wards", "nurse", "::1", 6000, "wards", .prefer, nil),
            ("postgres://j%2Esmith@db/ward%20a", "j.smith", "db", 5432, "ward a", .prefer, nil),
            ("postgres://nurse@db/wards?ward=_2026", "nurse", "db", 5432, "wards", .prefer, "_2026"),
        ]
        for (url, user, host, port, database, tls, ward) in cases {
            let location = try PostgresLocation(parsing: url)
            XCTAssertEqual(location.user, user, url)
            XCTAssertEqual(location.host, host, url)
            XCTAssertEqual(location.port, port, url)
            XCTAssertEqual(location.database, database, url)
            XCTAssertEqual(location.tls, tls, url)
            XCTAssertEqual(location.ward, ward, url)
            XCTAssertEqual(try PostgresLocation(parsing: location.description), location, "\(url) → \(location)")
        }
    }

    func testBadURLsAreRefusedSayingWhatIsAllowed() {
        let cases: [(String, PostgresLocationError, String)] = [
            ("mysql://nurse@db/wards", .notAPostgresURL("mysql://nurse@db/wards"), "must start with postgres://"),
            ("ward.sqlite", .notAPostgresURL("ward.sqlite"), "must start with postgres://"),
            ("postgres://nurse:secret@db/wards", .passwordInURL, "set PGPASSWORD"),
            ("postgres://nurse:@db/wards", .passwordInURL, "never takes from a URL"),
            ("postgres://db/wards", .missingUser, "names no user"),
            ("postgres://nurse@:5432/wards", .missingHost, "names no host"),
            ("postgres://nurse@db", .missingDatabase, "names no database"),
            ("postgres://nurse@db/", .missingDatabase, "names no database"),
            ("postgres://nurse@db/a/b", .badDatabase("a/b"), "one path segment"),
            ("postgres://nurse@db:0/wards", .badPort(0), "1 to 65535"),
            ("postgres://nurse@db:99999/wards", .badPort(99999), "1 to 65535"),
            ("postgres://nurse@db/wards#x", .fragment, "'#'"),
            ("postgres://nurse@db/wards?sslmode=verify-full", .badSSLMode("verify-full"), "allowed are disable, prefer (the default) and require"),
            ("postgres://nurse@db/wards?sslmode=", .badSSLMode(""), "allowed are disable"),
            ("postgres://nurse@db/wards?password=x", .unknownParameter("password"), "allowed are sslmode and ward"),
            ("postgres://nurse@db/wards?application_name=x", .unknownParameter("application_name"), "allowed are sslmode and ward"),
            ("postgres://nurse@db/wards?ward=a&ward=b", .repeatedParameter("ward"), "more than once"),
            ("postgres://nurse@db/wards?ward=Bay4", .badWard("Bay4"), "lower-case letters"),
            ("postgres://nurse@db/wards?ward=", .badWard(""), "1 to 63"),
            ("postgres://nurse@db/wards?ward=4bay", .badWard("4bay"), "not starting with a digit"),
            ("postgres://nurse@db/wards?ward=pg_catalog", .badWard("pg_catalog"), "pg_"),
            ("postgres://nurse@db/wards?ward=bay;drop", .badWard("bay;drop"), "underscores"),
            ("postgres://nurse@db/wards?ward=" + String(repeating: "a", count: 64), .badWard(String(repeating: "a", count: 64)), "63"),
        ]
        for (url, expected, fragment) in cases {
            do {
                let location = try PostgresLocation(parsing: url)
                XCTFail("\(url) was read as \(location)")
            } catch {
                XCTAssertEqual(error, expected, url)
                XCTAssertTrue(error.description.contains(fragment), "\(url): \(error.description)")
            }
        }
    }
}
