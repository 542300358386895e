/// Terminal column widths, like wcwidth(3) but per grapheme: East Asian wide and emoji take
/// two columns, combining marks and other zero-width scalars none, controls none.
public enum TextWidth {
    /// Columns one grapheme occupies on a terminal (0, 1 or 2).
    public static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if first.value < 0x7F { return 1 }
        // Emoji shown as pictures (default, or forced with VS16) are two columns wide.
        if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
        if first.properties.isEmojiPresentation { return 2 }
        if isZeroWidth(first) { return 0 }
        return isWide(first.value) ? 2 : 1
    }

    /// Total columns of a string.
    public static func columns(of text: String) -> Int {
        var total = 0
        for ch in text { total += columns(of: ch) }
        return total
    }

    /// Cuts `text` to at most `width` columns; when it had to cut, ends with the ellipsis
    /// (which counts within the width). Never splits a wide grapheme.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if columns(of: text) <= width { return text }
        let ellipsisWidth = columns(of: ellipsis)
        guard ellipsisWidth <= width else { return prefix(text, columns: width) }
        return prefix(text, columns: width - ellipsisWidth) + ellipsis
    }

    /// The longest prefix of `text` that fits in `columns` columns.
    public static func prefix(_ text: String, columns limit: Int) -> String {
        var used = 0
        var out = ""
        for ch in text {
            let w = columns(of: ch)
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

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: break
        }
        let v = scalar.value
        return (0x1160...0x11FF).contains(v) // Hangul medial vowels / final consonants
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges (Unicode 15, EastAsianWidth.txt, condensed).
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A,
        0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
        0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    static func isWide(_ value: UInt32) -> Bool {
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = wideRanges[mid]
            if value < range.lowerBound { high = mid - 1 } else if value > range.upperBound { low = mid + 1 } else { return true }
        }
        return false
    }
}

/// Where text sits inside a wider space.
public enum TextAlignment: Sendable, Hashable {
    case left, center, right
}
