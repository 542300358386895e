import Foundation

/// The one ASCII transliteration for everything Cotside writes where only ASCII will do: the
/// screen in a locale that is not UTF-8 (TerminalUI) and reports for an ASCII printer (ReportKit).
/// Accents are dropped (é → e), symbols spelt out (µ → u, – → -, ≥ → >=, → → ->), and anything
/// with no ASCII form becomes "?", so no byte reaches a device that would garble it.
/// Its own module because both users depend on nothing of each other's (ReportKit on nothing).
public enum ASCIITransliteration {
    /// Who reads the ASCII. A screen and a page differ in two spellings only (`screenDifferences`).
    public enum Reader: Sendable {
        /// A report for `lp` or a file.
        case print
        /// A terminal cell grid in a non-UTF-8 locale.
        case screen
    }

    /// Characters whose ASCII form is not their decomposition's base letters.
    public static let table: [Character: String] = [
        "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L",
        "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i",
        "µ": "u", "μ": "u", "°": "deg", "º": "o", "ª": "a",
        "–": "-", "—": "-", "‒": "-", "―": "-", "−": "-", "‐": "-", "‑": "-",
        "“": "\"", "”": "\"", "„": "\"", "«": "\"", "»": "\"", "‘": "'", "’": "'", "‚": "'", "′": "'", "″": "\"",
        "…": "...", "·": "-", "•": "*", "×": "x", "÷": "/", "±": "+/-", "≤": "<=", "≥": ">=", "≠": "!=",
        "≈": "~", "→": "->", "←": "<-", "↑": "^", "↓": "v", "▲": "^", "▼": "v", "△": "^", "▽": "v",
        "½": "1/2", "¼": "1/4", "¾": "3/4", "²": "2", "³": "3", "¹": "1", "€": "EUR", "£": "GBP",
        "©": "(c)", "®": "(R)", "™": "(TM)", "✓": "v", "✔": "v", "✗": "x", "✘": "x", "§": "S", "¶": "P",
        "\u{00A0}": " ", "\u{2009}": " ", "\u{202F}": " ", "\u{2007}": " ", "\u{2002}": " ", "\u{2003}": " ",
        "\u{200B}": "", "\u{FEFF}": "", "‰": " per mille", "¿": "?", "¡": "!", "\t": " ",
        // Symbols the screens draw in their text (before these, a report printed them as "?").
        "↔": "<->", "⇒": "=>", "◀": "<", "▶": ">", "◂": "<", "▸": ">", "✖": "x", "★": "*", "☆": "*",
        "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+",
        "┼": "+", "█": "#", "░": ":", "▒": "%", "▓": "#",
    ]

    /// On a screen a long dash stays long ("—" marks an empty value: "--" reads as one), and a
    /// degree sign before C or F goes ("37.5°C" → "37.5C"), where a page spells "deg".
    static let screenDifferences: [Character: String] = ["—": "--", "―": "--"]

    /// `text` in ASCII for `reader`; ASCII text comes back unchanged.
    public static func fold(_ text: String, for reader: Reader) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var characters = text.makeIterator()
        var next = characters.next()
        while let character = next {
            next = characters.next()
            if character.isASCII { out.append(character) } else { out += fold(character, before: next, for: reader) }
        }
        return out
    }

    /// One character in ASCII; `next` is the character after it (the degree sign looks ahead).
    public static func fold(_ character: Character, before next: Character? = nil, for reader: Reader) -> String {
        if character.isASCII { return String(character) }
        if reader == .screen {
            if character == "°", let next, next == "C" || next == "F" { return "" }
            if let replacement = screenDifferences[character] { return replacement }
        }
        if let replacement = table[character] { return replacement }
        // Decompose (é → e + ◌́, ₂ → 2) and keep the ASCII base letters.
        let base = String(character).decomposedStringWithCompatibilityMapping.unicodeScalars.filter(\.isASCII)
        return base.isEmpty ? "?" : String(String.UnicodeScalarView(base))
    }
}
