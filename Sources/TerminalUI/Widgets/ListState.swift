/// Selection and scroll position of a list or table, owned by the screen. Movement is pure
/// arithmetic on indices; the data source is never asked for anything here.
public struct ListState: Hashable, Sendable {
    /// Index of the selected row (0 when the list is empty).
    public var selected: Int
    /// Index of the first visible row.
    public var offset: Int

    public init(selected: Int = 0, offset: Int = 0) {
        self.selected = max(0, selected)
        self.offset = max(0, offset)
    }

    /// Rows the wheel scrolls per notch.
    public static let wheelStep = 3

    /// Applies a navigation key (arrows, j/k, PgUp/PgDn, Home/End; no other letters, so the
    /// screen's own letter keys are never swallowed). `count` is the row count; nil means unknown:
    /// End is refused and the screen calls `clamp(count:visibleRows:)` once it finds the end.
    /// `visibleRows` is the view's height. Returns true when the key was a list key (even at an edge).
    @discardableResult
    public mutating func handle(_ key: Key, count: Int?, visibleRows: Int) -> Bool {
        let page = max(1, visibleRows - 1)
        switch key {
        case .up, .char("k"): select(selected - 1, count: count, visibleRows: visibleRows)
        case .down, .char("j"): select(selected + 1, count: count, visibleRows: visibleRows)
        case .pageUp: select(selected - page, count: count, visibleRows: visibleRows)
        case .pageDown: select(selected + page, count: count, visibleRows: visibleRows)
        case .home: select(0, count: count, visibleRows: visibleRows)
        case .end:
            guard let count else { return true }
            select(count - 1, count: count, visibleRows: visibleRows)
        default: return false
        }
        return true
    }

    /// Applies a mouse event inside `area` (the rows area, without any header): a click selects
    /// the row under it, the wheel scrolls. Returns the clicked row index for clicks on a row.
    @discardableResult
    public mutating func handle(_ mouse: MouseEvent, in area: Rect, count: Int?) -> Int? {
        guard area.contains(x: mouse.x, y: mouse.y) else { return nil }
        switch mouse.kind {
        case .click:
            let first = ListState.offset(for: selected, current: offset, visibleRows: area.height, count: count)
            let index = first + (mouse.y - area.y)
            guard count.map({ index < $0 }) ?? true else { return nil }
            offset = first
            selected = index
            return index
        case .wheelUp:
            select(selected - ListState.wheelStep, count: count, visibleRows: area.height)
        case .wheelDown:
            select(selected + ListState.wheelStep, count: count, visibleRows: area.height)
        }
        return nil
    }

    /// Selects `index` (clamped to the rows that exist) and scrolls just enough to show it.
    public mutating func select(_ index: Int, count: Int?, visibleRows: Int) {
        var target = max(0, index)
        if let count { target = min(target, max(0, count - 1)) }
        selected = target
        offset = ListState.offset(for: selected, current: offset, visibleRows: visibleRows, count: count)
    }

    /// Keeps the selection and offset valid after the data changed size (rows deleted, filter).
    public mutating func clamp(count: Int?, visibleRows: Int) {
        select(selected, count: count, visibleRows: visibleRows)
    }

    /// The first visible row that keeps `selected` on screen, moving as little as possible.
    public static func offset(for selected: Int, current: Int, visibleRows: Int, count: Int?) -> Int {
        guard visibleRows > 0 else { return selected }
        var offset = current
        if selected < offset { offset = selected }
        if selected >= offset + visibleRows { offset = selected - visibleRows + 1 }
        if let count { offset = min(offset, max(0, count - visibleRows)) }
        return max(0, offset)
    }

    /// The row range a view of `visibleRows` rows shows: the only range it will request.
    public func window(visibleRows: Int, count: Int?) -> Range<Int> {
        let first = ListState.offset(for: selected, current: offset, visibleRows: visibleRows, count: count)
        let end = count.map { min($0, first + max(0, visibleRows)) } ?? first + max(0, visibleRows)
        return first..<max(first, end)
    }
}
