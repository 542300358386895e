import ChildProcess
import Foundation
import XCTest

/// The checkers the format tests run (pdftotext, pdfinfo, qpdf, xmllint). `make test` installs
/// them as root, so a missing tool is a failure there; a developer's run as a normal user skips
/// with the command that installs it.
enum ExternalTool {
    static func path(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func require(_ name: String, package: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        if let found = path(name) { return found }
        let install = "apt-get install -y \(package) (make test does this as root)"
        if getuid() != 0 { throw XCTSkip("\(name) is not installed, so this check cannot run: \(install)") }
        XCTFail("\(name) is missing although the tests run as root: \(install)", file: file, line: line)
        throw XCTSkip("\(name) missing")
    }

    /// Runs `name` and returns what it printed; a non-zero exit fails the test with its stderr.
    @discardableResult
    static func run(_ name: String, package: String, _ arguments: [String], stdin: Data = Data(),
                    file: StaticString = #filePath, line: UInt = #line) throws -> ChildProcess.Outcome {
        let tool = try require(name, package: package, file: file, line: line)
        let outcome = try ChildProcess.run(tool, arguments, stdin: stdin, timeout: 60)
        XCTAssertEqual(outcome.status, 0, "\(name) \(arguments.joined(separator: " ")) failed: \(outcome.stderr)\(outcome.stdout)",
                       file: file, line: line)
        return outcome
    }

    /// A fresh temporary file holding `bytes`, removed by the caller's teardown of its folder.
    static func temporaryFile(_ bytes: [UInt8], suffix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reportkit-\(UUID().uuidString).\(suffix)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
