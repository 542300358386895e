import Foundation

/// A question asked on the terminal before a command that cannot be undone: the prompt shows
/// before the answer is read, and with no terminal to answer it the command stops (exit 2).
enum TerminalQuestion {
    /// The answer, trimmed; `noTerminal` is the refusal when standard input is not a terminal.
    static func ask(_ prompt: String, noTerminal: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else { throw CommandFailure.usage(noTerminal) }
        print(prompt, terminator: "")
        fflush(nil)  // the prompt shows before the answer is read
        return readLine()?.trimmingCharacters(in: .whitespaces) ?? ""
    }
}

extension TerminalQuestion {
    /// A yes to a [y/N] question: "y" or "yes", or the language's own ("j", "ja"; "o", "oui").
    static func isYes(_ answer: String) -> Bool {
        let words = ["y", "yes"] + CLIText.t("cli.answer.yes").lowercased().split(separator: " ").map(String.init)
        return words.contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
