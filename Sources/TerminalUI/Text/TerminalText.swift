/// The one sanitiser for text that reaches a terminal, the full-screen app's cells and the
/// command line's output alike: stored text (a name typed with ESC[2J, a note with BEL, an old
/// database) must never move the cursor, clear the screen or ring the bell of whoever reads it.
public enum TerminalText {
    /// Shown in place of a control character, so the oddity is visible rather than acted on.
    public static let replacement: Character = "\u{FFFD}"

    /// True for C0 controls other than tab and newline, DEL, and C1 controls (U+0080–U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return true
        default: return false
        }
    }

    /// `text` with every control character (see `isControl`) replaced by U+FFFD. Tabs and
    /// newlines stay. Returns the same string when there is nothing to replace.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) { result.append(contentsOf: String(replacement).unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }
}
