import Foundation

/// A risk ring in text: an ellipse of cells filled clockwise from twelve o'clock in proportion
/// to a fraction, the value in the middle, a title and a word under it. Filled and empty cells
/// differ by glyph (█ ░, ASCII # .), never by colour alone; no fraction draws the ring empty
/// with the value text saying why (for a result that could not be computed).
public struct RingGauge: Widget, Sendable, Hashable {
    /// 0–1, or nil when there is no value to show.
    public var fraction: Double?
    /// The text in the middle ("72 %", "n/a").
    public var value: String
    /// The line under the ring ("LVO probability").
    public var title: String
    /// The second line under the ring ("✖ very high risk").
    public var detail: String
    /// The role of the filled arc and of the detail line.
    public var role: StyleRole
    public var glyphs: GlyphSet

    public init(fraction: Double?, value: String, title: String, detail: String = "", role: StyleRole = .chartLine,
                glyphs: GlyphSet = .unicode) {
        self.fraction = fraction
        self.value = value
        self.title = title
        self.detail = detail
        self.role = role
        self.glyphs = glyphs
    }

    /// Rows the ring takes above the two text lines.
    public static let ringRows = 5

    /// Rows the whole gauge needs: the ring, then the title and the detail.
    public static let height = ringRows + 2

    /// The ring's cells, each with the share of the turn (0 at twelve o'clock, clockwise) at
    /// which it is first reached; a cell is filled when that share is below the fraction.
    static func ring(columns: Int, rows: Int) -> [(x: Int, y: Int, turn: Double)] {
        guard columns > 0, rows > 0 else { return [] }
        let cx = Double(columns - 1) / 2, cy = Double(rows - 1) / 2
        var seen = Set<Int>()
        var cells: [(x: Int, y: Int, turn: Double)] = []
        let steps = 720
        for i in 0..<steps {
            let turn = Double(i) / Double(steps)
            let angle = turn * 2 * Double.pi
            let x = Int((cx + cx * sin(angle)).rounded()), y = Int((cy - cy * cos(angle)).rounded())
            if seen.insert(y * columns + x).inserted { cells.append((x, y, turn)) }
        }
        return cells
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let textRows = min(2, max(0, area.height - 3))
        let rows = min(Self.ringRows, area.height - textRows)
        // A circle in cells twice as tall as wide, kept odd so the value centres.
        var columns = min(area.width, rows * 2 + 3)
        if columns % 2 == 0 { columns -= 1 }
        let x0 = area.x + (area.width - columns) / 2
        let filled = glyphs.hasBraille ? "█" : "#", empty = glyphs.hasBraille ? "░" : "."
        let share = fraction.map { max(0, min(1, $0)) }
        for cell in Self.ring(columns: columns, rows: rows) {
            let on = share.map { cell.turn < $0 && $0 > 0 } ?? false
            buffer.set(Cell(on ? filled : empty, role: on ? role : .muted), x: x0 + cell.x, y: area.y + cell.y)
        }
        if rows >= 3 {
            let inside = Rect(x: x0 + 2, y: area.y + rows / 2, width: max(0, columns - 4), height: 1)
            buffer.put(value, in: inside, role: share == nil ? .muted : .normal, attributes: [.bold], alignment: .center,
                       ellipsis: glyphs.ellipsis)
        }
        if textRows > 0 {
            buffer.put(title, in: Rect(x: area.x, y: area.y + rows, width: area.width, height: 1), role: .header,
                       alignment: .center, ellipsis: glyphs.ellipsis)
        }
        if textRows > 1 {
            buffer.put(detail, in: Rect(x: area.x, y: area.y + rows + 1, width: area.width, height: 1),
                       role: share == nil ? .muted : role, alignment: .center, ellipsis: glyphs.ellipsis)
        }
    }
}
