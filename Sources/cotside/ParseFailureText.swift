import ArgumentParser
import CotsideApp
import Foundation

/// ArgumentParser's refusal of the arguments, in the run's language. Its frame ("Error:",
/// "Usage:", "See … for more information") and its commonest messages are English strings inside
/// the library, so in another language the message is matched against them (the version is
/// pinned) and the frame rebuilt from the catalogue; the synopsis stays as the library writes it,
/// being syntax. English is the library's text, unchanged. A message not recognised is kept.
enum ParseFailureText {
    static func text(for error: Error) -> String {
        let full = CotsideCommand.fullMessage(for: error)
        guard CLIText.t.language.code != Catalogues.english.code else { return full }
        let message = CotsideCommand.message(for: error)
        var lines = [CLIText.t("cli.parse.error", translated(message))]
        for line in CotsideCommand.fullMessage(for: error, columns: 10_000).split(separator: "\n").map(String.init) {
            if line.hasPrefix("Usage: ") {
                lines.append(CLIText.t("cli.parse.usage", "`" + line.dropFirst("Usage: ".count) + "`"))
            } else if let help = captures(#"^\s*See '(.+)' for more information\.$"#, line)?.first {
                lines.append(CLIText.t("cli.parse.see_help", "'\(help)'"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The library's own messages the user meets most, in the catalogue's words.
    static func translated(_ message: String) -> String {
        let patterns: [(String, String)] = [
            (#"^Missing expected argument '(.+)'$"#, "cli.parse.missing"),
            (#"^Unknown option '(.+)'\. Did you mean '(.+)'\?$"#, "cli.parse.unknown_option_suggest"),
            (#"^Unknown option '(.+)'$"#, "cli.parse.unknown_option"),
            (#"^Missing value for '(.+)'$"#, "cli.parse.missing_value"),
            (#"^Unexpected argument '(.+)'$"#, "cli.parse.unexpected"),
            (#"^The value '(.*)' is invalid for '([^']+)'$"#, "cli.parse.invalid_value"),
        ]
        for (pattern, key) in patterns {
            if let found = captures(pattern, message) { return CLIText.t(key, arguments: found.map { "'\($0)'" }) }
        }
        return message
    }

    static func captures(_ pattern: String, _ text: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
    }
}
