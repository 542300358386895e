import TextFolding

/// ASCII mode: in a locale that is not UTF-8 every character drawn must be ASCII. While it is on
/// (for the frame being drawn, see `drawing`), `Buffer` transliterates text as it is written and
/// `TextWidth` measures, cuts and pads the transliterated text, so "—" → "--" is laid out as the
/// two columns it becomes. Text is never transliterated string by string in the screens.
public enum ASCIIScreen {
    /// Whether the frame being drawn is ASCII only. A task-local value, so two renders (a test's
    /// ASCII frame beside a UTF-8 one) never see each other's mode.
    @TaskLocal public static var isOn = false

    /// Runs `body` (a frame's drawing) in ASCII mode when `asciiOnly`.
    public static func drawing<T>(asciiOnly: Bool, _ body: () throws -> T) rethrows -> T {
        try $isOn.withValue(asciiOnly, operation: body)
    }

    /// `text` as the screen shows it: transliterated in ASCII mode, unchanged otherwise.
    public static func shown(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }), isOn else { return text }
        return ASCIITransliteration.fold(text, for: .screen)
    }

    /// True when ASCII mode would draw part of `text` as "?" (a script with no ASCII form, such
    /// as Chinese); accented letters and symbols with a spelling are fine.
    public static func hasNoASCIIForm(_ text: String) -> Bool {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        func marks(_ s: String) -> Int { s.utf8.lazy.filter { $0 == UInt8(ascii: "?") }.count }
        return marks(ASCIITransliteration.fold(text, for: .screen)) > marks(text)
    }

    /// One cell's grapheme as drawn: in ASCII mode a non-ASCII grapheme becomes the first
    /// character of its transliteration (a cell holds one; "?" when it has no ASCII form), and
    /// the right half of a wide grapheme a space. The buffer's last guard: `put` has already
    /// transliterated text, so this only catches graphemes set straight into cells.
    static func cell(_ grapheme: String) -> String {
        let utf8 = grapheme.utf8
        if utf8.count == 1, let byte = utf8.first, byte < 0x80 { return grapheme }
        guard isOn else { return grapheme }
        if utf8.allSatisfy({ $0 < 0x80 }) { return grapheme.isEmpty ? " " : grapheme }
        return ASCIITransliteration.fold(grapheme, for: .screen).first.map(String.init) ?? " "
    }
}
