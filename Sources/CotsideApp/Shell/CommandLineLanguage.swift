import CotsideResources
import Foundation

/// Which catalogue a command-line run speaks to people in, and writes its reports in: the same
/// choice the full-screen app makes on this workstation, so a report made on the command line
/// reads as the one previewed on screen. `--lang CODE` (or `--lang=CODE`) among the arguments,
/// else the language saved in Settings → Language (the preferences file, only read), else the
/// locale as System reads it (LC_ALL, LC_MESSAGES, LANG; English for C and POSIX). A new
/// workstation saves System, so the locale decides until someone chooses; a script that wants
/// fixed words passes `--lang en` (its stable interface is `--json` and the exit code anyway).
/// 简体中文 in a terminal that is not UTF-8 falls back to English, as on screen. An unknown
/// `--lang` words its refusal in the language the run would otherwise speak (the command itself
/// refuses the code, exit 2).
public enum CommandLineLanguage {
    /// The code the run speaks: a shipped language's code.
    public static func code(arguments: [String], environment: [String: String],
                            in directory: URL = CotsideResources.url("l10n")) -> String {
        code(lang: langArgument(arguments), environment: environment, in: directory)
    }

    /// The code for `--lang`'s value (nil when not given); a code with no catalogue is passed over.
    public static func code(lang: String?, environment: [String: String],
                            in directory: URL = CotsideResources.url("l10n")) -> String {
        let available = Catalogues.available(in: directory)
        let shipped = { (code: String?) in code.flatMap { code in available.contains { $0.code == code } ? code : nil } }
        let saved = PreferencesFile.standard(environment: environment).savedLanguage()
        return shipped(lang) ?? (lang == nil ? shipped(saved) : nil)
            ?? Catalogues.systemLanguage(environment: environment, available: available)
    }

    /// The localizer for the run (English when the catalogues cannot be read, so a message is
    /// never lost to a broken install).
    public static func localizer(arguments: [String], environment: [String: String],
                                 in directory: URL = CotsideResources.url("l10n")) -> Localizer {
        choice(lang: langArgument(arguments), environment: environment, in: directory).localizer
    }

    /// The localizer for `--lang`'s value and, when Chinese had to fall back to English in a
    /// terminal that is not UTF-8, the sentence saying so (for standard error).
    public static func choice(lang: String?, environment: [String: String],
                              in directory: URL = CotsideResources.url("l10n")) -> (localizer: Localizer, notice: String?) {
        let code = code(lang: lang, environment: environment, in: directory)
        let utf8 = LaunchOptions(environment: environment).localeIsUTF8
        if let choice = try? LanguageChoice.localizer(preference: code, systemLanguage: code, asciiOnly: !utf8, in: directory) {
            return (choice.localizer, choice.notice?.text)
        }
        return ((try? Catalogues.localizer(for: Catalogues.english.code, in: directory))
            ?? Localizer(language: Catalogues.english, strings: [:], fallback: [:]), nil)
    }

    /// The value of the last `--lang` before a `--` (every command that takes it takes it once).
    public static func langArgument(_ arguments: [String]) -> String? {
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

extension PreferencesFile {
    /// The language saved in the file, or nil when there is no readable file or no language in
    /// it. Only reads: a damaged file is left for the app to move aside and report.
    func savedLanguage() -> String? {
        guard case .success(let data) = FileBytes.read(url.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["language"] as? String
    }
}
