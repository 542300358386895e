import Foundation
import TerminalUI

/// Which catalogue a language preference shows on this terminal: `system` follows the locale,
/// and a script with no ASCII form (简体中文) falls back to English in a terminal that is not
/// UTF-8, saying so, rather than drawing every character as "?". The preference itself is
/// kept, so the same workstation in a UTF-8 terminal shows the chosen language again.
enum LanguageChoice {
    /// The localizer for `preference` and, when it had to fall back, the message saying why.
    /// Throws `CatalogueError.unknownLanguage` for a code with no catalogue.
    static func localizer(preference: String, systemLanguage: String, asciiOnly: Bool,
                          in directory: URL) throws -> (localizer: Localizer, notice: Message?) {
        let code = preference == Catalogues.system ? systemLanguage : preference
        let localizer = try Catalogues.localizer(for: code, in: directory)
        guard asciiOnly, code != Catalogues.english.code, !localizer.isShowableInASCII else { return (localizer, nil) }
        let english = try Catalogues.localizer(for: Catalogues.english.code, in: directory)
        return (english, .warning(english("language.ascii_fallback", code)))
    }
}
