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

    func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                       stderr: String(decoding: stderr, as: UTF8.self))
    }
}
