import ChildProcess
import Foundation
import XCTest

/// Runs the built `cotside` binary (next to the test runner in `.build/<config>/`) with a
/// private environment: temp XDG folders, the fixed clock, UTC.
struct BinaryRunner {
    let binary: URL
    let environment: [String: String]

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary `swift test` built beside the test runner (a missing one fails the test).
    static func locate() throws -> URL {
        URL(fileURLWithPath: try TmuxSession.cotsideBinary())
    }

    /// Runs to the end; a run past `timeout` is killed and throws, so a hang fails the test.
    func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> Outcome {
        let outcome = try ChildProcess.run(binary.path, arguments, environment: environment, timeout: timeout)
        guard !outcome.timedOut else {
            throw ChildProcessError("cotside \(arguments.joined(separator: " ")) ran past \(Int(timeout)) s and was killed")
        }
        return Outcome(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
    }
}
