/// A grid of shade blocks (░▒▓█, ASCII . : + #) with a legend: e.g. medication doses per day
/// and slot, given / withheld / missed. Each level has its own shade so the grid reads
/// without colour; an empty cell (nil) means nothing was due there.
///
/// Layout: title row, column labels (as many as fit without touching), one row per row label,
/// legend row. When the columns do not fit, the oldest (leftmost) are dropped.
public struct Heatmap: Widget, Sendable {
    /// One meaning of a cell: its name in the legend, its shade 0 (lightest) … 3 (full) and role.
    public struct Level: Hashable, Sendable {
        public var name: String
        public var shade: Int
        public var role: StyleRole
        public init(_ name: String, shade: Int, role: StyleRole = .chartLine) {
            self.name = name
            self.shade = min(3, max(0, shade))
            self.role = role
        }
    }

    public var rowLabels: [String]
    public var columnLabels: [String]
    /// cells[row][column]: an index into `levels`, or nil for an empty cell.
    public var cells: [[Int?]]
    public var levels: [Level]
    public var title: String
    /// Columns each cell takes (2 makes a squarer grid).
    public var cellWidth: Int
    public var glyphs: GlyphSet
    public var strings: UIStrings

    public init(rowLabels: [String], columnLabels: [String], cells: [[Int?]], levels: [Level], title: String = "",
                cellWidth: Int = 1, glyphs: GlyphSet = .unicode, strings: UIStrings = .english) {
        self.rowLabels = rowLabels
        self.columnLabels = columnLabels
        self.cells = cells
        self.levels = levels
        self.title = title
        self.cellWidth = max(1, cellWidth)
        self.glyphs = glyphs
        self.strings = strings
    }

    /// Levels for numbers: `thresholds` are the lower bounds of shades 1, 2, 3 (values below the
    /// first get shade 0); non-finite values are empty cells.
    public static func levelIndices(_ values: [[Double?]], thresholds: [Double]) -> [[Int?]] {
        values.map { row in
            row.map { value in
                guard let value, value.isFinite else { return nil }
                return min(3, thresholds.filter { value >= $0 }.count)
            }
        }
    }

    var columnCount: Int { max(columnLabels.count, cells.map(\.count).max() ?? 0) }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let hasData = cells.contains { row in row.contains { $0.map { levels.indices.contains($0) } ?? false } }
        guard hasData else {
            buffer.put(strings.noData, in: area.row(area.height / 2), role: .muted, alignment: .center)
            return
        }
        var body = area
        if !title.isEmpty, body.height >= 4 {
            buffer.put(title, in: body.row(0), role: .header)
            body = body.inset(top: 1)
        }
        if body.height >= 3 {
            buffer.put(legend, in: body.row(body.height - 1), role: .muted)
            body = body.inset(bottom: 1)
        }
        let header = body.height >= 2 && !columnLabels.isEmpty ? 1 : 0
        let labelWidth = min(rowLabels.map(TextWidth.columns(of:)).max() ?? 0, body.width / 3)
        let gridX = body.x + (labelWidth > 0 ? labelWidth + 1 : 0)
        let gridWidth = body.maxX - gridX
        let fit = gridWidth > 0 ? max(1, gridWidth / cellWidth) : 0  // a part-cell beats an empty grid
        let first = max(0, columnCount - fit)
        let shades = ChartGlyphs(glyphs).shades
        if header == 1 { drawColumnLabels(from: first, x: gridX, y: body.y, width: gridWidth, into: &buffer) }
        let rowCount = min(cells.count, body.height - header)
        for r in 0..<max(0, rowCount) {
            let y = body.y + header + r
            if labelWidth > 0, r < rowLabels.count {
                buffer.put(rowLabels[r], in: Rect(x: body.x, y: y, width: labelWidth, height: 1), role: .chartAxis)
            }
            for c in first..<columnCount where c < cells[r].count {
                guard let index = cells[r][c], levels.indices.contains(index) else { continue }
                let level = levels[index]
                let cell = Rect(x: gridX + (c - first) * cellWidth, y: y, width: cellWidth, height: 1)
                buffer.fill(cell.intersection(body), grapheme: shades[level.shade], role: level.role)
            }
        }
    }

    /// "█ given  ▒ withheld  ░ missed".
    var legend: String {
        let shades = ChartGlyphs(glyphs).shades
        return levels.map { "\(shades[$0.shade]) \($0.name)" }.joined(separator: "  ")
    }

    /// Column labels left-aligned on their column, skipped when they would touch the previous one.
    private func drawColumnLabels(from first: Int, x: Int, y: Int, width: Int, into buffer: inout Buffer) {
        var nextFree = x
        let clip = Rect(x: x, y: y, width: width, height: 1)
        for c in first..<min(columnCount, columnLabels.count) {
            let start = x + (c - first) * cellWidth
            let label = columnLabels[c]
            guard start >= nextFree, !label.isEmpty, start + TextWidth.columns(of: label) <= clip.maxX else { continue }
            nextFree = buffer.put(label, x: start, y: y, role: .chartAxis, clip: clip) + 1
        }
    }
}
