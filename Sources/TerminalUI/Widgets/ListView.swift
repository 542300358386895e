/// A scrolling list of one-line rows over a paged source. Asks the source only for the
/// visible window. Rows are drawn by the caller's `describe` closure (text plus an optional role).
public struct ListView<Source: PagedDataSource>: Widget {
    public var source: Source
    public var state: ListState
    public var describe: (Source.Row) -> ListItem
    /// Shown (muted, centred) when there are no rows.
    public var emptyText: String
    /// Draw the selection highlight (false when the list is not focused).
    public var isFocused: Bool
    public var glyphs: GlyphSet

    public init(source: Source, state: ListState, emptyText: String = UIStrings.english.empty,
                isFocused: Bool = true, glyphs: GlyphSet = .unicode,
                describe: @escaping (Source.Row) -> ListItem) {
        self.source = source
        self.state = state
        self.describe = describe
        self.emptyText = emptyText
        self.isFocused = isFocused
        self.glyphs = glyphs
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        buffer.fill(area)
        guard !area.isEmpty else { return }
        let window = state.window(visibleRows: area.height, count: source.count)
        let rows = window.isEmpty ? [] : source.rows(in: window)
        if rows.isEmpty {
            buffer.put(emptyText, in: area.row(0), role: .muted, alignment: .center, ellipsis: glyphs.ellipsis)
            return
        }
        for (i, row) in rows.enumerated() where i < area.height {
            let item = describe(row)
            let line = area.row(i)
            let index = window.lowerBound + i
            let selected = index == state.selected
            let role: StyleRole = selected && isFocused ? .selection : item.role
            buffer.fill(line, role: role)
            buffer.put(item.text, in: line, role: role, ellipsis: glyphs.ellipsis)
        }
    }
}

/// What one list row shows.
public struct ListItem: Hashable, Sendable {
    public var text: String
    public var role: StyleRole
    public init(_ text: String, role: StyleRole = .normal) {
        self.text = text
        self.role = role
    }
}
