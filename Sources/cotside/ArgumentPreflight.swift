import ArgumentParser
import Foundation

/// What ArgumentParser gets wrong for a ward's command line, checked before it parses:
/// an unknown command word is swallowed by the default (full-screen) command, a repeated option
/// silently takes its last value, and a negative number after an option is read as an option
/// ("Missing value for '--weight-g'") instead of a value the command can refuse with its range.
enum ArgumentPreflight {
    /// Options that may be given more than once (each adds a value).
    static let repeatable: Set<String> = ["--set", "--reset"]

    /// The arguments to parse (negative numbers joined to their option as `--value=-5`), or the
    /// exit-2 failure that says what is wrong and what is allowed.
    static func check(_ arguments: [String], commands: [String]) -> Result<[String], CommandFailure> {
        if let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first) {
            return .failure(.usage(CLIText.t("cli.unknown_command", "'\(first)'", commands.joined(separator: ", "))))
        }
        var result: [String] = []
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            var token = arguments[index]
            if token == "--" {  // everything after is a value
                result += arguments[index...]
                break
            }
            if token.hasPrefix("--"), token.count > 2 {
                let name = String(token.split(separator: "=", maxSplits: 1)[0])
                if !token.contains("="), index + 1 < arguments.count, isNegativeNumber(arguments[index + 1]) {
                    token = name + "=" + arguments[index + 1]
                    index += 1
                }
                // Named, never echoed: a value may be a password in a server address.
                if !repeatable.contains(name), seen.contains(name) {
                    return .failure(.usage(CLIText.t("cli.given_twice", name)))
                }
                seen.insert(name)
            }
            result.append(token)
            index += 1
        }
        return .success(result)
    }

    /// "-5", "-0.5", "-12.25": a value, not an option.
    static func isNegativeNumber(_ text: String) -> Bool {
        guard text.hasPrefix("-"), text.count > 1 else { return false }
        return Double(text) != nil && text.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}
