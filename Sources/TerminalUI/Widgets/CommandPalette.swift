/// One command the palette offers: what the user reads and the action id it triggers.
public struct PaletteItem: Hashable, Sendable {
    public var title: String
    public var action: String
    /// Optional hint shown on the right (usually the key that does the same).
    public var detail: String
    /// Why the person at the keyboard may not run it; nil when they may. Such an item is
    /// listed greyed (not hidden, so people learn whom to ask) and the reason shows when it is
    /// selected.
    public var disabledReason: String?

    public init(_ title: String, action: String, detail: String = "", disabledReason: String? = nil) {
        self.title = title
        self.action = action
        self.detail = detail
        self.disabledReason = disabledReason
    }
}

/// Query and selection of the `:` palette, over the items the screen passes in.
public struct PaletteState: Hashable, Sendable {
    public var query: String
    public var selected: Int

    public init(query: String = "", selected: Int = 0) {
        self.query = query
        self.selected = selected
    }

    /// The items matching the query, best first (stable for equal scores).
    public func matches(in items: [PaletteItem]) -> [(item: PaletteItem, match: FuzzyMatch.Match)] {
        items.enumerated()
            .compactMap { i, item in FuzzyMatch.match(query, in: item.title).map { (i, item, $0) } }
            .sorted { a, b in
                if query.isEmpty { return a.0 < b.0 }
                return a.2.score != b.2.score ? a.2.score > b.2.score : a.0 < b.0
            }
            .map { ($0.1, $0.2) }
    }

    public enum Outcome: Hashable, Sendable {
        case open
        case cancel
        /// Enter: run this action id.
        case run(String)
    }

    public mutating func handle(_ key: Key, items: [PaletteItem]) -> Outcome {
        let count = matches(in: items).count
        switch key {
        case .escape: return .cancel
        case .enter:
            let found = matches(in: items)
            guard found.indices.contains(selected) else { return .open }
            return .run(found[selected].item.action)
        case .up, .backTab: selected = max(0, selected - 1)
        case .down, .tab: selected = min(max(0, count - 1), selected + 1)
        case .backspace:
            if !query.isEmpty { query.removeLast() }
            selected = 0
        case .ctrl("u"): query = ""; selected = 0
        case .char(let c): query.append(c); selected = 0
        default: break
        }
        return .open
    }
}

/// The `:` palette drawn as a box near the top of the area: prompt with query, then matches
/// with the matched letters highlighted; greyed items say why under the prompt when selected.
public struct CommandPalette: Widget, Sendable {
    public var items: [PaletteItem]
    public var state: PaletteState
    public var strings: UIStrings
    public var glyphs: GlyphSet

    public init(items: [PaletteItem], state: PaletteState, strings: UIStrings = .english, glyphs: GlyphSet = .unicode) {
        self.items = items
        self.state = state
        self.strings = strings
        self.glyphs = glyphs
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let found = state.matches(in: items)
        let height = min(area.height, max(5, min(found.count, 12) + 4))
        let column = area.centered(width: min(area.width, 60), height: area.height)
        let box = Rect(x: column.x, y: column.y + min(2, max(0, area.height - height)), width: column.width, height: height)
        buffer.fill(box, role: .dialog)
        let inner = buffer.box(box, glyphs: glyphs, role: .dialog, title: strings.paletteTitle).inset(left: 1, right: 1)
        let parts = inner.split(.vertical, [.length(1), .length(1), .fill])
        let x = buffer.put(strings.palettePrompt, x: parts[0].x, y: parts[0].y, role: .dialog, clip: parts[0])
        let input = Rect(x: x, y: parts[0].y, width: parts[0].maxX - x, height: parts[0].height)
        buffer.fill(input, role: .input)
        buffer.put(state.query, in: input, role: .input)
        let body = parts[2]
        guard !found.isEmpty else {
            buffer.put(strings.paletteNoMatch, in: body.row(0), role: .muted)
            return
        }
        if found.indices.contains(state.selected), let reason = found[state.selected].item.disabledReason {
            buffer.put(reason, in: parts[1], role: .muted, ellipsis: glyphs.ellipsis)
        }
        let first = ListState.offset(for: state.selected, current: 0, visibleRows: body.height, count: found.count)
        for (i, entry) in found.dropFirst(first).prefix(body.height).enumerated() {
            let row = body.row(i)
            let selected = first + i == state.selected
            let role: StyleRole = selected ? .selection : (entry.item.disabledReason == nil ? .dialog : .muted)
            buffer.fill(row, role: role)
            let detailWidth = TextWidth.columns(of: entry.item.detail)
            let cols = row.split(.horizontal, [.fill, .length(detailWidth)], spacing: detailWidth > 0 ? 1 : 0)
            buffer.put(entry.item.title, in: cols[0], role: role, ellipsis: glyphs.ellipsis)
            buffer.put(entry.item.detail, in: cols[1], role: selected ? role : .muted)
            // Matched letters in bold/underline (only where the title was not truncated away).
            let chars = Array(entry.item.title)
            var cx = cols[0].x
            for (ci, ch) in chars.enumerated() {
                let w = TextWidth.columns(of: ch)
                if cx + w > cols[0].maxX - 1 { break }
                if entry.match.positions.contains(ci) {
                    // Through `put`, so a wide letter keeps its right half (a bare `set` blanked it).
                    buffer.put(String(ch), x: cx, y: row.y, role: selected ? role : .highlight,
                               attributes: [.bold, .underline], clip: cols[0])
                }
                cx += w
            }
        }
    }
}
