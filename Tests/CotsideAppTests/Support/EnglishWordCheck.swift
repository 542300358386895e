import CotsideResources
import Foundation
@testable import CotsideApp

/// Finds English left on a screen drawn in another language: a word of en.json that the
/// language's own catalogue never writes, that is no loanword or unit (`allowed`), no patient's
/// name and not the start of one of the language's own words cut to fit ("Long…").
struct EnglishWordCheck {
    /// True loanwords, units and names the demo ward uses: never "English left behind".
    static let allowed: Set<String> = [
        "cotside", "ok", "pdf", "html", "json", "csv", "sqlite", "id", "pin", "esc", "enter", "tab", "shift", "ctrl",
        "page", "home", "end", "ml", "mmhg", "kg", "min", "spo", "fio", "ett", "gcs", "flacc", "pram", "qtc", "bsa",
        "iv", "bmi", "who", "nice", "aap", "nih", "nihss", "lvo", "ich", "pecarn", "gfr", "fena", "space",
        "bpm", "mmol", "mcg",
        // The date-time shortcuts are typed in English in every language (the parser's words),
        // so a field's examples name them: now, today, yesterday, tomorrow.
        "now", "today", "yesterday", "tomorrow",
        // Ward data, as typed: the demo ward's name ("Ward") and its drugs' names.
        "ward", "benzylpenicillin", "gentamicin",
        // Names in About's licences: Swift Argument Parser, the Free Software Foundation.
        "argument", "software",
    ]

    let english: Set<String>
    let own: Set<String>
    /// Words of the ward's data (patients' and staff names, drugs) that may be English.
    let data: Set<String>

    init(language code: String, data: Set<String>) throws {
        english = try Self.catalogueWords("en")
        own = try Self.catalogueWords(code)
        self.data = data
    }

    static func words(_ text: String) -> [String] {
        text.split { !($0.isASCII && $0.isLetter) }.map { $0.lowercased() }.filter { $0.count >= 3 }
    }

    static func catalogueWords(_ code: String) throws -> Set<String> {
        let table = try Catalogues.load(CotsideResources.url("l10n/\(code).json"))
        return Set(table.values.flatMap(words))
    }

    /// The English words in `text` (a whole screen). Paths ("~/.local/state/cotside/backups",
    /// "偏好设置：/tmp/…/preferences", a wrapped "preferences.json") name folders and files, not words.
    func englishWords(in screen: String) -> Set<String> {
        let text = screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: " ", omittingEmptySubsequences: false)
                .filter { !($0.filter { $0 == "/" }.count >= 2 || $0.hasPrefix("/") || $0.hasPrefix("~/") || $0.contains("/.")
                             || $0.hasSuffix(".json") || $0.hasSuffix(".sqlite") || $0.hasSuffix(".log")) }
                .joined(separator: " ")
        }.joined(separator: "\n")
        // Cut to fit: before an ellipsis, or under an overlay's frame ("Long│" of "Longitud").
        let cut = Set(text.split(whereSeparator: { "…│┤├┐┘┌└".contains($0) }).compactMap { part in
            Self.words(String(part)).last.flatMap { word in part.last?.isLetter == true ? word : nil }
        })
        return Set(Self.words(text).filter { word in
            english.contains(word) && !own.contains(word) && !Self.allowed.contains(word) && !data.contains(word)
                // A word cut to fit ("Long…" of "Longitud") is the language's own word.
                && !(cut.contains(word) && own.contains(where: { $0.hasPrefix(word) }))
        })
    }
}
