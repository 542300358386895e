import ChildProcess
import Foundation

/// What became of sending a report file to the printer.
public enum ReportPrintOutcome: Sendable, Equatable {
    /// lp took it; its words (the job id: "request id is Ward-1 (1 file(s))").
    case sent(String)
    /// CUPS' lp is not on PATH: nothing was printed (the file stays where it was saved).
    case noPrinter
    /// lp ran and refused, or could not be started: its exit status and words.
    case failed(status: Int32, words: String)
}

/// The default printer, through CUPS' `lp`: found on PATH (nothing is printed, and the user is
/// told, where CUPS is not installed) and run with `ChildProcess` (posix_spawn, output to files,
/// a deadline), never a shell, so a file name is never read as a command. The one copy the app
/// (`p` in a report preview) and `cotside report --print` share.
public enum ReportPrinter {
    /// The `lp` executable on PATH, or nil.
    public static func lp(_ environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { String($0) + "/lp" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `lp -- FILE` and says what came of it. Blocks until lp ends (at most 30 s): call it
    /// off the main actor (the app runs it as a command).
    public static func send(_ file: String, environment: [String: String]) -> ReportPrintOutcome {
        guard let lp = lp(environment) else { return .noPrinter }
        do {
            let outcome = try ChildProcess.run(lp, ["--", file], timeout: 30)
            let words = outcome.status == 0 ? outcome.stdout : outcome.stderr
            let trimmed = words.trimmingCharacters(in: .whitespacesAndNewlines)
            return outcome.status == 0 ? .sent(trimmed) : .failed(status: outcome.status, words: trimmed)
        } catch {
            return .failed(status: -1, words: String(describing: error))
        }
    }
}
