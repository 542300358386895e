/// Parses the `--keys` replay language: space-separated tokens; a token that names a key
/// (`Esc`, `Tab`, `S-Tab`, `Enter`, `Up`, `PgDn`, `F1`, `C-c`, `Space`, ...) is that key,
/// any other token is typed character by character. `Space` is how to type a space.
public enum KeySequence {
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public static func parse(_ text: String) -> Result<[Key], ParseError> {
        var keys: [Key] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let word = String(token)
            if let key = Key(name: word) {
                keys.append(key)
                continue
            }
            let lower = word.lowercased()
            if lower.count > 1, lower.first == "f", lower.dropFirst().allSatisfy(\.isNumber) {
                return .failure(ParseError(message: "‘\(word)’ is not a function key; use F1 to F12"))
            }
            if lower.hasPrefix("c-") && lower.count > 2 {
                return .failure(ParseError(message: "‘\(word)’ is not a control key; use C- and one letter, e.g. C-c"))
            }
            for ch in word {
                guard !ch.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    return .failure(ParseError(message: "‘\(word)’ contains a control character; name keys instead (Enter, Tab, Esc, C-c)"))
                }
                keys.append(.char(ch))
            }
        }
        return .success(keys)
    }
}
