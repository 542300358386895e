import Foundation

/// What History's notes search (`/`) finds, and the FTS5 query that finds it (migration v7).
///
/// The rule: the text typed is split into words at anything that is not a letter or digit, and
/// an event matches when every word typed begins some word of its notes, in any order, ignoring
/// case and accents. "ras" finds "mild nappy rash"; "cream barr" finds "barrier cream applied";
/// "ash" does not find "rash" (a word is matched from its start, as an index can).
/// Text with no letter or digit at all ("%", "+") is looked for as a plain substring instead.
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
}
