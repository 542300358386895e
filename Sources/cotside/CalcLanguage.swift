import CotsideApp
import Foundation

/// Which catalogue `cotside calc` words its human text in: `--lang CODE` among the arguments,
/// else the locale as every command reads it (`CommandLineLanguage`: LC_ALL, LC_MESSAGES, LANG;
/// "de_DE.UTF-8" → de, "zh_CN" → zh-Hans, "pt_BR" → pt-BR), else English. A locale without a
/// catalogue is English; an unknown `--lang` is an error naming the available ones. `--json` and `--batch` never change.
enum CalcLanguage {
    /// The arguments without `--lang CODE`, and the localizer to word the text with.
    static func choose(_ arguments: [String], environment: [String: String]) throws -> (arguments: [String], localizer: Localizer) {
        var rest = arguments
        if let index = rest.firstIndex(of: "--lang") {
            guard index + 1 < rest.count else { throw CatalogueError.unknownLanguage(code: "", available: codes()) }
            let code = rest[index + 1]
            rest.removeSubrange(index...(index + 1))
            return (rest, try Catalogues.localizer(for: code))
        }
        // The locale as every other command reads it (one rule: CommandLineLanguage).
        return (rest, try Catalogues.localizer(for: CommandLineLanguage.code(arguments: [], environment: environment)))
    }

    private static func codes() -> String { Catalogues.available().map(\.code).joined(separator: ", ") }
}
