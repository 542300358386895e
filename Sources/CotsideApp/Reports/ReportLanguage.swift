import CotsideResources
import Foundation

/// The language `cotside report …` writes a report in: the one the app's preview on this
/// workstation would use, so a report made on the command line reads as the same report made
/// on screen — `--lang` for this run, else the language saved in Settings → Language (the
/// preferences file, read only), else the locale (LC_ALL, LC_MESSAGES, LANG). A saved code with
/// no catalogue reads as the locale; Chinese in a locale that is not UTF-8 falls back to English
/// with a notice, as the screen does, rather than print "?" for every character. (The command
/// line's own messages follow the locale only: they are the run's, the report is the ward's.)
public enum ReportLanguage {
    /// The localizer and, when it had to fall back, why (for standard error).
    /// Throws `CatalogueError.unknownLanguage` for a `--lang` with no catalogue.
    public static func localizer(lang: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                                 in directory: URL = CotsideResources.url("l10n")) throws -> (localizer: Localizer, notice: String?) {
        let available = Catalogues.available(in: directory)
        var preference = lang ?? PreferencesFile.standard(environment: environment).savedLanguage() ?? Catalogues.system
        if lang == nil, preference != Catalogues.system, !available.contains(where: { $0.code == preference }) {
            preference = Catalogues.system
        }
        let system = Catalogues.systemLanguage(environment: environment, available: available)
        let choice = try LanguageChoice.localizer(preference: preference, systemLanguage: system,
                                                  asciiOnly: !LaunchOptions(environment: environment).localeIsUTF8, in: directory)
        return (choice.localizer, choice.notice?.text)
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
