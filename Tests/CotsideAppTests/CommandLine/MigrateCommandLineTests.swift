import Foundation
import XCTest

/// `cotside migrate` and `cotside demo --db postgres://…` as a user runs them: bad input exits 2
/// saying what is allowed, before any connection is made; with a test server
/// (`COTSIDE_TEST_POSTGRES_URL`) a ward file moves and a second move into the same ward is refused.
final class MigrateCommandLineTests: XCTestCase {
    var cli: BinaryRunner!
    var home: String!

    override func setUp() async throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("migrate-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        var environment = [
            "HOME": home!, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
            "XDG_STATE_HOME": home + "/state", "LANG": "C.UTF-8", "COTSIDE_NOW": "2026-11-21T14:05:00Z", "TZ": "UTC",
        ]
        if let url = ProcessInfo.processInfo.environment["COTSIDE_TEST_POSTGRES_URL"] { environment["COTSIDE_TEST_POSTGRES_URL"] = url }
        cli = BinaryRunner(binary: try BinaryRunner.locate(), environment: environment)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(atPath: home)
    }

    func testBadInputExitsTwoSayingWhatIsAllowed() throws {
        let ward = home + "/ward.sqlite"
        let made = try cli.run(["demo", "--db", ward, "--cots", "1", "--days", "1"])
        XCTAssertEqual(made.status, 0, made.stderr)
        // Port 1 on loopback: nothing listens, so a case that connected would fail with exit 1, not 2.
        let server = "postgres://cotside@127.0.0.1:1/cotside?ward=ward_a"
        let cases: [([String], String)] = [
            (["migrate", "--to", server], "Missing expected argument '--from <file|url>'"),
            (["migrate", "--from", ward], "Missing expected argument '--to <url|file>'"),
            (["migrate", "--from", ward, "--to", server, "--password", "x"], "Unknown option '--password'"),
            (["migrate", "--from", ward, "--to", home + "/other.sqlite"],
             "--to \(home!)/other.sqlite: not a postgres:// URL; migrate moves a ward between a ward file and a PostgreSQL server"),
            (["migrate", "--from", home + "/missing.sqlite", "--to", server],
             "--from \(home!)/missing.sqlite: no ward file there; give the path of an existing ward file"),
            (["migrate", "--from", home, "--to", server], "no ward file there"),
            (["migrate", "--from", ward, "--to", "postgres://cotside:secret@127.0.0.1:1/cotside"], "--to: the database URL holds a password, which Cotside never takes from a URL"),
            (["migrate", "--from", ward, "--to", "postgres://cotside@127.0.0.1:1/cotside?ward=Ward-A"], "ward"),
            (["migrate", "--from", ward, "--to", "postgres://cotside@127.0.0.1:1/cotside?schema=x"], "schema"),
            (["migrate", "--from", ward, "--to", "mysql://cotside@127.0.0.1/cotside"], "--to: "),
            (["migrate", "--from", server, "--to", ward], "--to \(ward): a file is there already; migrate writes a new ward file and never replaces one"),
            (["migrate", "--from", server, "--to", server], "--from and --to are both servers"),
            (["demo", "--db", "postgres://cotside@127.0.0.1:1/cotside?sslmode=sometimes"], "sslmode"),
        ]
        for (arguments, message) in cases {
            let outcome = try cli.run(arguments)
            XCTAssertEqual(outcome.status, 2, "\(arguments) exits 2; stderr: \(outcome.stderr)")
            XCTAssertTrue(outcome.stderr.contains(message), "\(arguments) says “\(message)”; got: \(outcome.stderr)")
        }
        let password = try cli.run(["migrate", "--from", ward, "--to", "postgres://cotside:secret@127.0.0.1:1/cotside"])
        XCTAssertFalse(password.stderr.contains("secret"), "a password given in the URL is never printed back")
    }

    func testAServerThatIsNotThereExitsOne() throws {
        let ward = home + "/ward.sqlite"
        XCTAssertEqual(try cli.run(["demo", "--db", ward, "--cots", "1", "--days", "1"]).status, 0)
        let outcome = try cli.run(["migrate", "--from", ward, "--to", "postgres://cotside@127.0.0.1:1/cotside?ward=ward_a&sslmode=disable"])
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("cannot connect to postgres://cotside@127.0.0.1:1/cotside"), outcome.stderr)
    }

    /// The test server's URL with a ward of its own, or a skip naming the variable.
    func serverWard() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["COTSIDE_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw XCTSkip("set COTSIDE_TEST_POSTGRES_URL (`eval \"$(scripts/postgres-test-server start)\"` starts a throwaway server)")
        }
        return url + (url.contains("?") ? "&" : "?") + "ward=cli_" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    func testAWardFileMovesToAServerAndASecondMoveIsRefused() throws {
        let url = try serverWard()
        let ward = home + "/ward.sqlite"
        XCTAssertEqual(try cli.run(["demo", "--db", ward, "--cots", "2", "--days", "3"]).status, 0)
        let moved = try cli.run(["migrate", "--from", ward, "--to", url], timeout: 120)
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertTrue(moved.stdout.contains("measurement"), moved.stdout)
        XCTAssertTrue(moved.stdout.contains("counts and checksums equal on both sides"), moved.stdout)
        let lines = moved.stdout.split(separator: "\n").filter { $0.hasPrefix("audit_entry ") || $0.hasPrefix("patient ") }
        XCTAssertEqual(lines.count, 2, moved.stdout)
        XCTAssertTrue(lines.allSatisfy { $0.hasSuffix(" ok") }, moved.stdout)

        let again = try cli.run(["migrate", "--from", ward, "--to", url])
        XCTAssertEqual(again.status, 2, again.stderr)
        XCTAssertTrue(again.stderr.contains("is not empty: "), again.stderr)
        XCTAssertTrue(again.stderr.contains("nothing was copied"), again.stderr)

        let back = try cli.run(["migrate", "--from", url, "--to", home + "/back.sqlite"], timeout: 120)
        XCTAssertEqual(back.status, 0, back.stderr)
        let patients = try cli.run(["patients", "--db", home + "/back.sqlite"])
        let original = try cli.run(["patients", "--db", ward])
        XCTAssertEqual(patients.stdout, original.stdout, "the ward came back whole")
    }

    func testDemoMakesTheDemoWardOnAServer() throws {
        let url = try serverWard()
        let outcome = try cli.run(["demo", "--db", url, "--cots", "2", "--days", "2"], timeout: 120)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("demo ward in a temporary file: "), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("counts and checksums equal on both sides"), outcome.stdout)
        let again = try cli.run(["demo", "--db", url, "--cots", "2", "--days", "2"])
        XCTAssertEqual(again.status, 2, again.stderr)
        XCTAssertTrue(again.stderr.contains("is not empty"), again.stderr)
    }
}
