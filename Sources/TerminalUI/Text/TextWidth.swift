import TextFolding

/// Terminal column widths, like wcwidth(3) but per grapheme and from Unicode data compiled in
/// (`UnicodeWidthTable`), never from the C library, whose answer depends on the locale: East Asian
/// Wide/Fullwidth and emoji presentation take two columns, combining marks and other zero-width
/// scalars none, controls none; East Asian Ambiguous counts one (as on Western terminals).
/// A grapheme is as wide as its first scalar (a ZWJ sequence is one emoji), or two when it ends
/// an emoji in VS16. In ASCII mode (`ASCIIScreen`) text is measured as it will be drawn.
/// Every layout measure (padding, truncation, columns, cursors) goes through here, never `count`.
public enum TextWidth {
    /// Columns one grapheme occupies on a terminal (0, 1 or 2; in ASCII mode, the length of
    /// its transliteration).
    public static func columns(of character: Character) -> Int {
        let first = character.unicodeScalars.first?.value ?? 0
        if first < 0x7F && first >= 0x20 { return 1 }
        return columns(of: character, ascii: ASCIIScreen.isOn)
    }

    /// As `columns(of:)`, with the mode read once by the caller (a task-local read per
    /// character was a measurable share of a frame).
    static func columns(of character: Character, ascii: Bool) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let v = first.value
        if v < 0x7F && v >= 0x20 { return 1 }
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if ascii { return ASCIITransliteration.fold(character, for: .screen).utf8.count }
        if contains(UnicodeWidthTable.wide, v) { return 2 }
        if contains(UnicodeWidthTable.zeroWidth, v) { return 0 }
        // Text-default emoji shown as pictures when VS16 follows (e.g. ❤️) are two columns wide.
        if scalars.contains(where: { $0.value == 0xFE0F }) && contains(UnicodeWidthTable.emoji, v) { return 2 }
        return 1
    }

    /// Total columns of a string.
    public static func columns(of text: String) -> Int {
        var total = 0
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nonASCIIColumns(of: text) }
            total += 1
        }
        return total
    }

    private static func nonASCIIColumns(of text: String) -> Int {
        let ascii = ASCIIScreen.isOn
        var total = 0
        for ch in ascii ? ASCIITransliteration.fold(text, for: .screen) : text { total += columns(of: ch, ascii: ascii) }
        return total
    }

    /// Cuts `text` to at most `width` columns; when it had to cut, ends with the ellipsis
    /// (which counts within the width). Never splits a wide grapheme. In ASCII mode the result
    /// is the transliterated text.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let text = ASCIIScreen.shown(text)
        if columns(of: text) <= width { return text }
        let ellipsis = ASCIIScreen.shown(ellipsis)
        let ellipsisWidth = columns(of: ellipsis)
        guard ellipsisWidth <= width else { return prefix(text, columns: width) }
        return prefix(text, columns: width - ellipsisWidth) + ellipsis
    }

    /// The longest prefix of `text` that fits in `columns` columns (transliterated in ASCII mode).
    public static func prefix(_ text: String, columns limit: Int) -> String {
        let text = ASCIIScreen.shown(text)
        // Transliterated text is ASCII, so the Unicode widths hold for it in either mode.
        var used = 0
        var out = ""
        for ch in text {
            let w = columns(of: ch, ascii: false)
            if used + w > limit { break }
            used += w
            out.append(ch)
        }
        return out
    }

    /// Pads with spaces (or truncates with an ellipsis) to exactly `width` columns.
    public static func fit(_ text: String, to width: Int, alignment: TextAlignment = .left) -> String {
        let cut = truncate(text, to: width)
        let gap = max(0, width - columns(of: cut))
        switch alignment {
        case .left: return cut + String(repeating: " ", count: gap)
        case .right: return String(repeating: " ", count: gap) + cut
        case .center:
            let left = gap / 2
            return String(repeating: " ", count: left) + cut + String(repeating: " ", count: gap - left)
        }
    }

    /// `text` followed by spaces up to `width` columns; never cut (a longer text stays whole).
    public static func padded(_ text: String, to width: Int) -> String {
        let gap = width - columns(of: text)
        return gap > 0 ? text + String(repeating: " ", count: gap) : text
    }

    /// Binary search in sorted, disjoint ranges.
    static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0, high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = ranges[mid]
            if value < range.lowerBound { high = mid - 1 } else if value > range.upperBound { low = mid + 1 } else { return true }
        }
        return false
    }
}

/// Where text sits inside a wider space.
public enum TextAlignment: Sendable, Hashable {
    case left, center, right
}
