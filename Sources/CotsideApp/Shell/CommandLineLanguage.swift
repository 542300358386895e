import CotsideResources
import Foundation

/// Which catalogue the command line speaks to people in: `--lang CODE` (or `--lang=CODE`)
/// among the arguments, else the locale exactly as Settings' System reads it (LC_ALL,
/// LC_MESSAGES, LANG; English for C and POSIX). Not the workstation's saved choice: that file
/// is the full-screen app's (its default is English, which would silence the locale), and a
/// command line follows the locale so a script pins its words with `LC_ALL=C` — whose stable
/// interface is `--json` and the exit code, never the words. 简体中文 in a terminal that is not
/// UTF-8 falls back to English, as on screen. An unknown `--lang` words its refusal in the
/// locale's language (the command itself refuses the code, exit 2).
public enum CommandLineLanguage {
    /// The code the run speaks: a shipped language's code.
    public static func code(arguments: [String], environment: [String: String],
                            in directory: URL = CotsideResources.url("l10n")) -> String {
        let available = Catalogues.available(in: directory)
        let system = Catalogues.systemLanguage(environment: environment, available: available)
        var wanted = system
        if let given = langArgument(arguments) {
            if given == Catalogues.system { wanted = system } else if available.contains(where: { $0.code == given }) { wanted = given }
        }
        return wanted
    }

    /// The localizer for the run (English when the catalogues cannot be read, so a message is
    /// never lost to a broken install).
    public static func localizer(arguments: [String], environment: [String: String],
                                 in directory: URL = CotsideResources.url("l10n")) -> Localizer {
        let code = code(arguments: arguments, environment: environment, in: directory)
        let utf8 = LaunchOptions(environment: environment).localeIsUTF8
        if let choice = try? LanguageChoice.localizer(preference: code, systemLanguage: code, asciiOnly: !utf8, in: directory) {
            return choice.localizer
        }
        return (try? Catalogues.localizer(for: Catalogues.english.code, in: directory))
            ?? Localizer(language: Catalogues.english, strings: [:], fallback: [:])
    }

    /// The value of the last `--lang` before a `--` (every command that takes it takes it once).
    static func langArgument(_ arguments: [String]) -> String? {
        var found: String?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == "--lang", index + 1 < arguments.count {
                found = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--lang=") {
                found = String(argument.dropFirst("--lang=".count))
            }
            index += 1
        }
        return found
    }
}
