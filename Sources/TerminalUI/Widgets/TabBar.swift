/// The row of tabs at the top of the shell: " 1 Dashboard │ 2 History ". Clicking a tab selects it,
/// so it also answers which tab lies under a column (`tab(atX:in:)`).
public struct TabBar: Widget, Sendable {
    public var titles: [String]
    public var selected: Int
    /// Prefix each title with its number key (1…9).
    public var numbered: Bool

    public init(titles: [String], selected: Int, numbered: Bool = true) {
        self.titles = titles
        self.selected = selected
        self.numbered = numbered
    }

    /// The label drawn for tab `index` (" 2 History ").
    func label(_ index: Int) -> String {
        numbered && index < 9 ? " \(index + 1) \(titles[index]) " : " \(titles[index]) "
    }

    /// Each tab's columns within `area`, clipped; tabs that do not fit get an empty span.
    public func spans(in area: Rect) -> [Rect] {
        var x = area.x
        var result: [Rect] = []
        for i in titles.indices {
            let w = TextWidth.columns(of: label(i))
            let start = min(x, area.maxX)
            let end = min(x + w, area.maxX)
            result.append(Rect(x: start, y: area.y, width: end - start, height: min(1, area.height)))
            x += w + 1
        }
        return result
    }

    /// The tab under column `x` of `area`'s first row, for mouse clicks.
    public func tab(atX x: Int, in area: Rect) -> Int? {
        spans(in: area).firstIndex(where: { $0.width > 0 && x >= $0.x && x < $0.maxX })
    }

    public func render(in area: Rect, into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let row = area.row(0)
        buffer.fill(row, role: .tabInactive)
        for (i, span) in spans(in: row).enumerated() where span.width > 0 {
            let role: StyleRole = i == selected ? .tabActive : .tabInactive
            buffer.put(label(i), in: span, role: role, attributes: i == selected ? .bold : [])
        }
    }
}
