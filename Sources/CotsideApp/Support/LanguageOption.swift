import CotsideResources
import Foundation

/// The `--lang CODE` option, checked in one place for every command (`cotside calc` and the
/// commands that open the ward): `system` or a shipped code, else one refusal (exit 2) naming
/// every allowed value. The refusal is worded in the locale's language, since the code asked
/// for is not one Cotside can speak.
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
        let locale = Catalogues.systemLanguage(environment: environment, available: Catalogues.available(in: directory))
        let words = (try? Catalogues.localizer(for: locale, in: directory)) ?? (try? Catalogues.localizer(for: Catalogues.english.code, in: directory))
        return words?("cli.lang.unknown", code, codes.joined(separator: ", "))
            ?? "--lang \(code) is not a language Cotside ships; use one of \(codes.joined(separator: ", "))"
    }
}
