import CotsideApp
import Foundation

/// Which catalogue `cotside calc` words its human text in: `--lang CODE` among the arguments
/// (`system` or a shipped code, checked by `LanguageOption` as every command's `--lang` is),
/// else the locale as every command reads it (`CommandLineLanguage`: LC_ALL, LC_MESSAGES, LANG;
/// "de_DE.UTF-8" → de, "zh_CN" → zh-Hans, "pt_BR" → pt-BR), else English. `--json` and
/// `--batch` never change.
enum CalcLanguage {
    /// A `--lang` value that is not `system` nor a shipped code; the message is `LanguageOption`'s.
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The arguments without `--lang CODE`, and the localizer to word the text with.
    static func choose(_ arguments: [String], environment: [String: String]) throws -> (arguments: [String], localizer: Localizer) {
        var rest = arguments
        var preference = Catalogues.system
        if let index = rest.firstIndex(of: "--lang") {
            let code = index + 1 < rest.count ? rest[index + 1] : ""
            if let refusal = LanguageOption.refusal(code, environment: environment) { throw Refusal(description: refusal) }
            rest.removeSubrange(index...min(index + 1, rest.count - 1))
            preference = code
        }
        // The language as every other command reads it (one rule: CommandLineLanguage).
        return (rest, try Catalogues.localizer(for: CommandLineLanguage.code(arguments: ["--lang", preference], environment: environment)))
    }
}
