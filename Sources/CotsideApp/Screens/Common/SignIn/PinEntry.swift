import TerminalUI
import WardStore

/// A PIN being typed: kept only until it is checked or set, never drawn. The screen shows one
/// bullet per character, so a colleague can see how many were typed but never which.
struct PinEntry: Sendable, Equatable {
    private(set) var text = ""

    var isEmpty: Bool { text.isEmpty }

    /// Applies an editing key; false for a key it does not use (Enter, Esc, Tab go to the key map).
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .char(let c):
            // One past the longest allowed, so an over-long PIN gets PinRules' words, not silence.
            if text.count <= PinRules.lengths.upperBound { text.append(c) }
            return true
        case .backspace:
            if !text.isEmpty { text.removeLast() }
            return true
        case .ctrl("u"):
            text = ""
            return true
        default:
            return false
        }
    }

    /// Hands the typed PIN over and forgets it.
    mutating func take() -> String {
        defer { text = "" }
        return text
    }

    /// What the screen draws: a bullet per character and the cursor.
    func masked(_ glyphs: GlyphSet) -> String {
        String(repeating: glyphs.bullet, count: text.count) + "_"
    }
}
