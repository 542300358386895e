/// A column of a table: a title, a width constraint and an alignment.
public struct TableColumn: Hashable, Sendable {
    public var title: String
    public var width: Constraint
    public var alignment: TextAlignment

    public init(_ title: String, width: Constraint = .fill, alignment: TextAlignment = .left) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}

/// One table row as the caller describes it: one text per column and an optional row role
/// (e.g. `.danger` for an out-of-range reading; put a `StatusBadge` text in a cell too).
public struct TableRow: Hashable, Sendable {
    public var cells: [String]
    public var role: StyleRole
    public init(_ cells: [String], role: StyleRole = .normal) {
        self.cells = cells
        self.role = role
    }
}

/// A table with a header over a paged source; like `ListView`, only the visible window is
/// requested. Column widths come from `Layout`; cell text is truncated with an ellipsis.
public struct TableView<Source: PagedDataSource>: Widget {
    public var source: Source
    public var state: ListState
    public var columns: [TableColumn]
    public var describe: (Source.Row) -> TableRow
    public var emptyText: String
    public var isFocused: Bool
    public var glyphs: GlyphSet

    public init(source: Source, state: ListState, columns: [TableColumn],
                emptyText: String = UIStrings.english.empty, isFocused: Bool = true, glyphs: GlyphSet = .unicode,
                describe: @escaping (Source.Row) -> TableRow) {
        self.source = source
        self.state = state
        self.columns = columns
        self.describe = describe
        self.emptyText = emptyText
        self.isFocused = isFocused
        self.glyphs = glyphs
    }

    /// The rows area (below the header) for a table drawn in `area`: give this to
    /// `ListState.handle(_:in:count:)` for mouse clicks and to `visibleRows`.
    public static func bodyArea(of area: Rect) -> Rect {
        area.split(.vertical, [.length(1), .fill])[1]
    }

    /// The rows a click selects: the body's rows of a table drawn in `table`, widened to span
    /// `screen` (so a click in the margins beside a row selects it too).
    public static func rowHitArea(of table: Rect, across screen: Rect) -> Rect {
        let rows = bodyArea(of: table)
        return Rect(x: screen.x, y: rows.y, width: screen.width, height: rows.height)
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        buffer.fill(area)
        guard !area.isEmpty else { return }
        let parts = area.split(.vertical, [.length(1), .fill])
        let header = parts[0], body = parts[1]
        let spans = { (row: Rect) in row.split(.horizontal, columns.map(\.width), spacing: 1) }
        for (column, span) in zip(columns, spans(header)) {
            buffer.put(column.title, in: span, role: .header, alignment: column.alignment, ellipsis: glyphs.ellipsis)
        }
        guard !body.isEmpty else { return }
        let window = state.window(visibleRows: body.height, count: source.count)
        let rows = window.isEmpty ? [] : source.rows(in: window)
        if rows.isEmpty {
            buffer.put(emptyText, in: body.row(0), role: .muted, alignment: .center, ellipsis: glyphs.ellipsis)
            return
        }
        for (i, row) in rows.enumerated() where i < body.height {
            let described = describe(row)
            let line = body.row(i)
            let selected = window.lowerBound + i == state.selected && isFocused
            let role: StyleRole = selected ? .selection : described.role
            buffer.fill(line, role: role)
            for (j, span) in spans(line).enumerated() where j < described.cells.count {
                buffer.put(described.cells[j], in: span, role: role, alignment: columns[j].alignment,
                           ellipsis: glyphs.ellipsis)
            }
        }
    }
}
