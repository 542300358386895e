import Foundation
import WardSQL

/// What History's notes search (`/`) finds, and the SQL that finds it on each engine.
///
/// The rule: the text typed is split into words at anything that is not a letter or digit, and
/// an event matches when every word typed begins some word of its notes, in any order, ignoring
/// case and accents. "ras" finds "mild nappy rash"; "cream barr" finds "barrier cream applied";
/// "ash" does not find "rash" (a word is matched from its start, as an index can).
/// Text with no letter or digit at all ("%", "+") is looked for as a plain substring instead.
///
/// SQLite answers from its FTS5 index (migration v7; `unicode61` with diacritics removed).
/// PostgreSQL has no FTS5, and its `to_tsvector('simple', …)` index neither removes accents nor
/// splits words as `unicode61` does ("1.5", "a@b.org" are one word to it), so it would find other
/// rows; it applies the rule itself instead: the notes lower-cased and stripped of accents
/// (`translate`, no extension needed) must match `(^|[^[:alnum:]])word` for every word. That
/// reads each candidate row's notes (no index), which History's time-ordered LIMIT keeps short
/// for words that occur; a word found nowhere reads every row of the branch.
public enum NotesSearch {
    /// The words of `text` as the search sees them.
    public static func words(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// An FTS5 MATCH expression: each word a quoted prefix (`"word"*`), all required. Nil when
    /// the text has no word to look for.
    public static func matchExpression(_ text: String) -> String? {
        let words = words(text)
        guard !words.isEmpty else { return nil }
        return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
    }

    /// The branch's condition for `text` (not empty), on either engine.
    static func condition(_ text: String, in branch: HistoryBranch) -> SQLQuery {
        let column = SQLQuery(verbatim: "n." + branch.notesSearchColumn)
        guard let match = matchExpression(text) else {
            return "\(sql: column) LIKE \("%" + SQLText.escapeLike(text) + "%") ESCAPE '\\'"
        }
        // The FTS5 index of the branch's table (v7) answers which rows match; the time index
        // still orders and limits the page.
        let table = SQLQuery(verbatim: branch.searchTable)
        let sqlite: SQLQuery = "n.id IN (SELECT rowid FROM \(sql: table) WHERE \(sql: table) MATCH \(match))"
        let folded: SQLQuery = "translate(lower(\(sql: column)), '\(sql: SQLQuery(verbatim: accented))', '\(sql: SQLQuery(verbatim: unaccented))')"
        let postgres = SQLQuery.joined(
            ["\(sql: column) <> ''"] + words(text).map { "\(sql: folded) ~ \("(^|[^[:alnum:]])" + fold($0))" as SQLQuery },
            separator: " AND ")
        return .dialect(sqlite: sqlite, postgres: postgres)
    }

    /// A word as PostgreSQL's condition compares it: lower case, accents removed.
    static func fold(_ word: String) -> String {
        String(word.lowercased().map { accentFree[$0] ?? $0 })
    }

    /// Latin letters with accents (either case) and their plain lower-case letter: SQLite's
    /// `remove_diacritics` for the letters notes are written in, as `translate` pairs. Both
    /// cases are listed so the result does not hang on the server's locale lowering them.
    static let accentFree: [Character: Character] = {
        var map: [Character: Character] = [:]
        for ranges in [0x00C0...0x024F, 0x1E00...0x1EFF] {
            for code in ranges {
                guard let scalar = Unicode.Scalar(code) else { continue }
                let letter = Character(scalar)
                let plain = String(letter).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
                guard plain.count == 1, let base = plain.first, base.isASCII, base.isLetter,
                      String(base) != String(letter) else { continue }
                map[letter] = base
            }
        }
        return map
    }()

    static let accented = String(accentFree.keys.sorted())
    static let unaccented = String(accentFree.keys.sorted().map { accentFree[$0]! })
}
