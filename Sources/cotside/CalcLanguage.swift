import CotsideApp
import Foundation

/// Which catalogue `cotside calc` words its human text in: `--lang CODE` among the arguments,
/// else the locale (LC_ALL, LC_MESSAGES, LANG: "de_DE.UTF-8" → de, "zh_CN" → zh-Hans,
/// "pt_BR" → pt-BR), else English. A locale without a catalogue is English; an unknown
/// `--lang` is an error naming the available ones. `--json` and `--batch` never change.
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
        let code = localeCode(environment).flatMap { wanted in codes().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0 == wanted } } ?? "en"
        return (rest, try Catalogues.localizer(for: code))
    }

    /// The catalogue code a locale names, or nil for C/POSIX and an empty environment.
    static func localeCode(_ environment: [String: String]) -> String? {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        if name.isEmpty || name == "C" || name == "POSIX" { return nil }
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        switch parts.first?.lowercased() {
        case "zh": return "zh-Hans"
        case "pt": return parts.count > 1 && parts[1].uppercased() == "BR" ? "pt-BR" : "pt"
        default: return parts.first?.lowercased()
        }
    }

    private static func codes() -> String { Catalogues.available().map(\.code).joined(separator: ", ") }
}
