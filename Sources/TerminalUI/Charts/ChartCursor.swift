/// Where a chart's cursor stands: an index into the chart's cursor stops (the distinct x
/// positions of its readings). Owned by the screen; nil means no cursor is shown.
public struct ChartCursor: Hashable, Sendable {
    public var index: Int?

    public init(index: Int? = nil) {
        self.index = index
    }

    /// ← → step between readings (the first press starts at the newest), Home/End jump to the
    /// ends, Esc hides the cursor. Returns whether the key was used.
    public mutating func handle(_ key: Key, stopCount: Int) -> Bool {
        guard stopCount > 0 else {
            index = nil
            return false
        }
        let last = stopCount - 1
        switch key {
        case .left: index = index.map { max(0, min($0, last) - 1) } ?? last
        case .right: index = index.map { min(last, $0 + 1) } ?? last
        case .home: index = 0
        case .end: index = last
        case .escape:
            guard index != nil else { return false }
            index = nil
        default: return false
        }
        return true
    }

    /// The index to show for `stopCount` stops (clamped), or nil.
    public func resolved(stopCount: Int) -> Int? {
        guard let index, stopCount > 0 else { return nil }
        return min(max(0, index), stopCount - 1)
    }
}
