import ArgumentParser
import CotsideApp
import Foundation

/// Who does a write: `--by INITIALS` (required, checked in `WardCLI.author`) and, on a ward that
/// requires PINs, their PIN from standard input or `COTSIDE_PIN`. Never an option value: a PIN
/// on the command line would show in the process list and the shell history.
struct AuthorOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Initials of the active staff member doing it (required; `cotside staff list` shows them).",
                               valueName: "initials"))
    var by: String?

    @Flag(name: .customLong("pin-stdin"),
          help: "Read the --by member's PIN from the first line of standard input (or set COTSIDE_PIN).")
    var pinStdin = false
}

/// Standard input read a line at a time, once per run: the author's PIN first, then the lines a
/// command reads after it (a new PIN). On a terminal the line is read without echo.
enum StandardInputLines {
    /// The next line without its line break, or nil at the end of input.
    static func next(prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return readLine(strippingNewline: true) }
        return TerminalSecret.ask(prompt)
    }

    /// The next line as a PIN, or exit 2 saying which PIN was missing (never echoing one).
    static func pin(_ what: String, prompt: String) throws -> String {
        guard let line = next(prompt: prompt) else {
            throw CommandFailure.usage(CLIText.t("cli.pin.stdin_ended", what))
        }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }
}
