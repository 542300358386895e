import TextFolding

/// A width×height grid of cells that widgets draw into. Every write is clipped: out-of-bounds
/// coordinates and 0×0 buffers are safe, and wide graphemes never leave half a character behind.
public struct Buffer: Hashable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// The whole buffer as a rectangle: the area a screen lays out.
    public var area: Rect { Rect(width: width, height: height) }

    /// The cell at (x, y); blank outside the buffer. Writes outside are ignored.
    public subscript(x: Int, y: Int) -> Cell {
        get { area.contains(x: x, y: y) ? cells[y * width + x] : .blank }
        set { set(newValue, x: x, y: y) }
    }

    /// Clears everything to blank cells of `role`.
    public mutating func clear(role: StyleRole = .normal) {
        for i in cells.indices { cells[i] = Cell(" ", role: role) }
    }

    /// Writes one cell, repairing any wide grapheme it cuts in half (ASCII in ASCII mode).
    public mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard area.contains(x: x, y: y) else { return }
        var cell = cell
        cell.grapheme = ASCIIScreen.cell(cell.grapheme)
        store(cell, x: x, y: y)
    }

    /// `set` for a grapheme already as drawn (`put` and `fill` transliterate first).
    private mutating func store(_ cell: Cell, x: Int, y: Int) {
        guard area.contains(x: x, y: y) else { return }
        let i = y * width + x
        // Overwriting the right half of a wide grapheme: blank its left half.
        if cells[i].isContinuation, x > 0, !cells[i - 1].isContinuation {
            cells[i - 1].grapheme = " "
        }
        // Overwriting the left half of a wide grapheme: blank its right half.
        if x + 1 < width, cells[i + 1].isContinuation, !cell.isContinuation {
            cells[i + 1].grapheme = " "
        }
        cells[i] = cell
    }

    /// Writes `text` from (x, y) rightwards, never beyond `clip` (default: the whole buffer).
    /// Wide graphemes that would straddle the clip edge are replaced by a space. In ASCII mode
    /// the text is transliterated here, the one place text enters the screen (see `ASCIIScreen`).
    /// Returns the x just after the last column written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, role: StyleRole = .normal,
                             attributes: CellAttributes = [], clip: Rect? = nil) -> Int {
        let bounds = (clip ?? area).intersection(area)
        guard y >= bounds.y, y < bounds.maxY else { return x }
        // Transliterated once here; the mode is read once, not per character.
        let ascii = !text.utf8.allSatisfy({ $0 < 0x80 }) && ASCIIScreen.isOn
        let text = ascii ? ASCIITransliteration.fold(text, for: .screen) : text
        var column = x
        for original in text {
            // A control character in stored text shows as U+FFFD ("?" in ASCII mode); it never
            // reaches the terminal.
            let control = original.unicodeScalars.contains(where: TerminalText.isControl)
            let ch = control ? (ASCIIScreen.isOn ? "?" : TerminalText.replacement) : original
            let w = TextWidth.columns(of: ch, ascii: false)
            if w == 0 { continue }
            if column >= bounds.maxX { break }
            if column >= bounds.x {
                if w == 2 && column + 1 >= bounds.maxX {
                    store(Cell(" ", role: role, attributes: attributes), x: column, y: y)
                } else {
                    store(Cell(String(ch), role: role, attributes: attributes), x: column, y: y)
                    if w == 2 { store(Cell("", role: role, attributes: attributes), x: column + 1, y: y) }
                }
            } else if w == 2 && column + 1 == bounds.x {
                store(Cell(" ", role: role, attributes: attributes), x: column + 1, y: y)
            }
            column += w
        }
        return min(column, max(bounds.maxX, x))
    }

    /// Writes one line of text into a row of `rect`, aligned and truncated with an ellipsis.
    public mutating func put(_ text: String, in rect: Rect, role: StyleRole = .normal,
                             attributes: CellAttributes = [], alignment: TextAlignment = .left,
                             ellipsis: String = "…") {
        guard !rect.isEmpty else { return }
        let cut = TextWidth.truncate(text, to: rect.width, ellipsis: ellipsis)
        let gap = rect.width - TextWidth.columns(of: cut)
        let offset: Int
        switch alignment {
        case .left: offset = 0
        case .center: offset = gap / 2
        case .right: offset = gap
        }
        put(cut, x: rect.x + offset, y: rect.y, role: role, attributes: attributes, clip: rect)
    }

    /// Fills `rect` with one grapheme (a space by default) in `role`.
    public mutating func fill(_ rect: Rect, grapheme: String = " ", role: StyleRole = .normal,
                              attributes: CellAttributes = []) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        let grapheme = ASCIIScreen.cell(grapheme)
        let w = max(1, TextWidth.columns(of: grapheme))
        for y in r.y..<r.maxY {
            var x = r.x
            while x < r.maxX {
                if w == 2 && x + 1 >= r.maxX {
                    store(Cell(" ", role: role, attributes: attributes), x: x, y: y)
                } else {
                    store(Cell(grapheme, role: role, attributes: attributes), x: x, y: y)
                    if w == 2 { store(Cell("", role: role, attributes: attributes), x: x + 1, y: y) }
                }
                x += w
            }
        }
    }

    /// Changes the role (and optionally attributes) of every cell in `rect`, keeping the text:
    /// used to highlight a selected row after its text is drawn.
    public mutating func setRole(_ role: StyleRole, in rect: Rect, attributes: CellAttributes? = nil) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                cells[y * width + x].role = role
                if let attributes { cells[y * width + x].attributes = attributes }
            }
        }
    }

    /// A horizontal rule across `rect`'s first row.
    public mutating func horizontalLine(in rect: Rect, glyphs: GlyphSet, role: StyleRole = .border) {
        fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: min(1, rect.height)),
             grapheme: glyphs.horizontal, role: role)
    }

    /// A vertical rule down `rect`'s first column.
    public mutating func verticalLine(in rect: Rect, glyphs: GlyphSet, role: StyleRole = .border) {
        fill(Rect(x: rect.x, y: rect.y, width: min(1, rect.width), height: rect.height),
             grapheme: glyphs.vertical, role: role)
    }

    /// Draws a border around `rect` with an optional title in the top edge; returns the inner area.
    @discardableResult
    public mutating func box(_ rect: Rect, glyphs: GlyphSet, role: StyleRole = .border,
                             title: String? = nil, titleRole: StyleRole = .dialogTitle) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else {
            fill(rect, grapheme: glyphs.horizontal, role: role)
            return Rect(x: rect.x, y: rect.y, width: 0, height: 0)
        }
        let top = rect.y, bottom = rect.maxY - 1, left = rect.x, right = rect.maxX - 1
        fill(Rect(x: left + 1, y: top, width: rect.width - 2, height: 1), grapheme: glyphs.horizontal, role: role)
        fill(Rect(x: left + 1, y: bottom, width: rect.width - 2, height: 1), grapheme: glyphs.horizontal, role: role)
        fill(Rect(x: left, y: top + 1, width: 1, height: rect.height - 2), grapheme: glyphs.vertical, role: role)
        fill(Rect(x: right, y: top + 1, width: 1, height: rect.height - 2), grapheme: glyphs.vertical, role: role)
        set(Cell(glyphs.topLeft, role: role), x: left, y: top)
        set(Cell(glyphs.topRight, role: role), x: right, y: top)
        set(Cell(glyphs.bottomLeft, role: role), x: left, y: bottom)
        set(Cell(glyphs.bottomRight, role: role), x: right, y: bottom)
        if let title, !title.isEmpty, rect.width > 4 {
            put(" \(title) ", in: Rect(x: left + 1, y: top, width: rect.width - 2, height: 1), role: titleRole)
        }
        return rect.inset(by: 1)
    }

    /// Each row as plain text, trailing spaces trimmed: what a user would read.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width { line += cells[y * width + x].grapheme }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
