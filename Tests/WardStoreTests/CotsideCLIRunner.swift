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
    /// zone (with `extra` environment and `stdin` as standard input), for the CLI tests that check
    /// exit codes, messages and what was stored.
    func runCotside(_ arguments: [String], environment extra: [String: String] = [:],
                    stdin: String = "") throws -> (status: Int32, stdout: String, stderr: String) {
        guard FileManager.default.isExecutableFile(atPath: cotsideBinary.path) else {
            throw XCTSkip("no built cotside at \(cotsideBinary.path)")
        }
        var environment = Self.englishEnvironment
        environment["TZ"] = "Europe/London"
        environment.merge(extra) { _, new in new }
        let outcome = try ChildProcess.run(cotsideBinary.path, arguments + ["--db", wardAddress, "--now", "2026-03-10T12:00:00Z"],
                                           environment: environment, stdin: Data(stdin.utf8))
        XCTAssertFalse(outcome.timedOut, "cotside \(arguments) ran past its deadline")
        return (outcome.status, outcome.stdout, outcome.stderr)
    }

    /// This process's environment with the command line's language pinned to English (LANG=C.UTF-8,
    /// no LC_ALL or LC_MESSAGES), so tests that read its messages do not depend on the machine's locale.
    static var englishEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["LC_MESSAGES"] = nil
        return environment
    }

    /// A copy of `cotside` (with its resource bundle) that another user can run: the build folder
    /// may sit inside a checkout only its owner can enter (a clone in `mktemp -d`, mode 0700),
    /// and the read-only tests run the binary as `nobody`. Kept in this test's folder (0755).
    func cotsideBinaryForOtherUsers() throws -> String {
        let bin = folder.appendingPathComponent("bin")
        let copy = bin.appendingPathComponent("cotside").path
        if FileManager.default.isExecutableFile(atPath: copy) { return copy }
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: cotsideBinary.path, toPath: copy)
        let bundle = "Cotside_CotsideResources.resources"
        let built = cotsideBinary.deletingLastPathComponent().appendingPathComponent(bundle).path
        if FileManager.default.fileExists(atPath: built) {
            try FileManager.default.copyItem(atPath: built, toPath: bin.appendingPathComponent(bundle).path)
        }
        for path in [folder.path, bin.path] { chmod(path, 0o755) }
        return copy
    }
}
