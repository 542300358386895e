import Foundation
import XCTest

/// Runs the built `cotside` binary (next to the test bundle in `.build/<config>/`) with a
/// private environment: temp XDG folders, the fixed clock, UTC.
struct BinaryRunner {
    let binary: URL
    let environment: [String: String]

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    struct NotBuilt: Error, CustomStringConvertible {
        var description: String
    }

    /// The binary in the build folder that holds the test bundle (`.build/<config>/cotside`).
    /// Missing is a failure, not a skip: these tests must run against the real binary.
    static func locate(for testClass: AnyClass) throws -> URL {
        let bundle = Bundle(for: testClass).bundleURL
        // On Linux `bundleURL` is the build folder itself; elsewhere it is the .xctest inside it.
        let candidates = [bundle.appendingPathComponent("cotside"),
                          bundle.deletingLastPathComponent().appendingPathComponent("cotside")]
        guard let url = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw NotBuilt(description: "the cotside binary is not built next to the tests (\(candidates[0].path)); run `swift build` first")
        }
        return url
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
