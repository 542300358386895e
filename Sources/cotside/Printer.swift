import ChildProcess
import Foundation

/// The default printer, through CUPS' `lp`: found on PATH (nothing is printed, and the user is
/// told, where CUPS is not installed) and run with `ChildProcess` (posix_spawn, output to files,
/// a deadline), never a shell, so a file name is never read as a command.
enum Printer {
    /// The `lp` executable on PATH, or nil.
    static func lp(_ environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { String($0) + "/lp" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `lp -- FILE` and returns what it said (its job id on success).
    static func send(_ file: String, lp: String) throws -> ChildProcess.Outcome {
        try ChildProcess.run(lp, ["--", file], timeout: 30)
    }
}
