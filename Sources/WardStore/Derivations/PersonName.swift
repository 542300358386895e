/// A patient's name as the ward writes it: given name first ("Ada Lovelace"), except a name
/// written in Chinese, Japanese or Korean script, which reads family name first with no space
/// (王小明, not "小明 王"), whatever language the screen is in.
public enum PersonName {
    public static func full(given: String, family: String) -> String {
        guard !given.isEmpty, !family.isEmpty else { return given.isEmpty ? family : given }
        return isEastAsian(given) && isEastAsian(family) ? family + given : "\(given) \(family)"
    }

    /// Every letter is a CJK ideograph, kana or Hangul (spaces and the middle dot allowed).
    static func isEastAsian(_ name: String) -> Bool {
        let letters = name.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "·" && $0 != "・" }
        return !letters.isEmpty && letters.allSatisfy { scalar in
            scalar.properties.isIdeographic
                || (0x3040...0x30FF).contains(scalar.value)  // Hiragana, Katakana
                || (0xAC00...0xD7AF).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)  // Hangul
        }
    }
}
