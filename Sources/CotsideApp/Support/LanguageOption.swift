import CotsideResources
import Foundation

/// The `--lang CODE` option, checked in one place for every command (`cotside calc` and the
/// commands that open the ward): `system` or a shipped code, else one refusal (exit 2) naming
/// every allowed value (`cli.lang.refused`), in the locale's language since the code asked for
/// is not one Cotside speaks.
public enum LanguageOption {
    /// `system` and the shipped codes, English first: "system, en, de, es, fr, pt-BR, zh-Hans".
    public static func allowed(in directory: URL = CotsideResources.url("l10n")) -> [String] {
        [Catalogues.system] + Catalogues.available(in: directory).map(\.code)
    }

    /// Nil when `code` may be used; else the message saying what is wrong and what is allowed.
    /// A missing value (`--lang` last) is refused the same way, with an empty code.
    public static func refusal(_ code: String, environment: [String: String],
                               in directory: URL = CotsideResources.url("l10n")) -> String? {
        let codes = allowed(in: directory)
        if codes.contains(code) { return nil }
        let words = CommandLineLanguage.localizer(arguments: [], environment: environment, in: directory)
        return words("cli.lang.refused", "--lang \(code)", codes.joined(separator: ", "))
    }
}
