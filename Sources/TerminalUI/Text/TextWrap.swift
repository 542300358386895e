/// Word wrapping by terminal columns (wide characters count two); words longer than a line
/// are broken. In ASCII mode the lines are the transliterated text (as `TextWidth` cuts it).
public enum TextWrap {
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        let text = ASCIIScreen.shown(text)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var piece = String(word)
                var pieceWidth = TextWidth.columns(of: piece)
                if lineWidth > 0 && lineWidth + 1 + pieceWidth <= width {
                    line += " " + piece
                    lineWidth += 1 + pieceWidth
                    continue
                }
                if lineWidth > 0 { lines.append(line) }
                while pieceWidth > width {
                    let head = TextWidth.prefix(piece, columns: width)
                    guard !head.isEmpty else { break }
                    lines.append(head)
                    piece = String(piece.dropFirst(head.count))
                    pieceWidth = TextWidth.columns(of: piece)
                }
                line = piece
                lineWidth = pieceWidth
            }
            lines.append(line)
        }
        return lines
    }
}
