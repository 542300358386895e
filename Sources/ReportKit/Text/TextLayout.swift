/// Column arithmetic for the text report: display widths (wide East Asian characters take two
/// columns), word wrapping that never drops a word (a word longer than the line is broken, not
/// cut), and padding.
enum TextLayout {
    /// Narrower than this there is no room for a table or a chart; the report is laid out at this width.
    static let minimumWidth = 24

    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    static func width(of text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += width(of: character) }
        return total
    }

    /// `text` in lines of at most `width` columns, broken at spaces; explicit newlines are kept.
    /// Every word of the input is in the output, in order.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var pieces = breakWord(String(word), width: width)
                let first = pieces.removeFirst()
                let firstWidth = self.width(of: first)
                if lineWidth > 0, lineWidth + 1 + firstWidth <= width {
                    line += " " + first
                    lineWidth += 1 + firstWidth
                } else {
                    if lineWidth > 0 { lines.append(line) }
                    line = first
                    lineWidth = firstWidth
                }
                for piece in pieces {
                    lines.append(line)
                    line = piece
                    lineWidth = self.width(of: piece)
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// A word in pieces of at most `width` columns (the word itself when it fits).
    static func breakWord(_ word: String, width: Int) -> [String] {
        if self.width(of: word) <= width { return [word] }
        var pieces: [String] = []
        var piece = ""
        var pieceWidth = 0
        for character in word {
            let w = self.width(of: character)
            if pieceWidth + w > width, pieceWidth > 0 {
                pieces.append(piece)
                piece = ""
                pieceWidth = 0
            }
            piece.append(character)
            pieceWidth += w
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// The longest word's width (a table column is not made narrower than this unless it must be).
    static func longestWord(_ text: String) -> Int {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { width(of: $0) }.max() ?? 0
    }

    static func pad(_ text: String, to width: Int, trailing: Bool = false) -> String {
        let gap = max(0, width - self.width(of: text))
        let spaces = String(repeating: " ", count: gap)
        return trailing ? spaces + text : text + spaces
    }

    /// Lines indented by `first` on the first line and `rest` after, wrapped to `width` in all.
    static func hanging(_ text: String, width: Int, first: String, rest: String) -> [String] {
        let room = max(1, width - max(self.width(of: first), self.width(of: rest)))
        return wrap(text, width: room).enumerated().map { ($0.offset == 0 ? first : rest) + $0.element }
    }
}
