import ChildProcess
import Foundation
import XCTest

extension WardStoreTestCase {
    /// The debug `cotside` that `swift test` builds beside the package.
    var cotsideBinary: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/cotside")
    }

    /// Runs `cotside ARGUMENTS --db <this test's ward> --now 2026-03-10T12:00:00Z` in the London
    /// zone, for the CLI tests that check exit codes, messages and what was stored.
    func runCotside(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        guard FileManager.default.isExecutableFile(atPath: cotsideBinary.path) else {
            throw XCTSkip("no built cotside at \(cotsideBinary.path)")
        }
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "Europe/London"
        let outcome = try ChildProcess.run(cotsideBinary.path, arguments + ["--db", dbPath, "--now", "2026-03-10T12:00:00Z"],
                                           environment: environment)
        XCTAssertFalse(outcome.timedOut, "cotside \(arguments) ran past its deadline")
        return (outcome.status, outcome.stdout, outcome.stderr)
    }
}
