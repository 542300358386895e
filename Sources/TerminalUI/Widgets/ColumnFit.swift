/// Column widths by importance: each column asks for the width of its content; when the row is
/// too narrow, the least important columns give way first, each down to its minimum, so the
/// columns that carry safety information (a dose and route) are the last to shrink.
public struct ColumnFit: Hashable, Sendable {
    /// Columns wanted for the whole content (title included).
    public var wanted: Int
    /// Columns kept when the row is short (a truncated text still reads as itself).
    public var minimum: Int
    /// Higher is more important: shrinks later.
    public var priority: Int

    public init(wanted: Int, minimum: Int, priority: Int) {
        self.wanted = max(0, wanted)
        self.minimum = max(0, min(minimum, wanted))
        self.priority = priority
    }

    /// Widest text among `texts` (and the title), capped at `cap`.
    public static func content(_ texts: [String], title: String = "", cap: Int = .max) -> Int {
        min(cap, ([title] + texts).map(TextWidth.columns(of:)).max() ?? 0)
    }

    /// Widths for `columns` within `available` columns (gaps already taken out). Surplus goes to
    /// the last column. Below the sum of minimums, columns shrink further in the same order,
    /// down to nothing.
    public static func widths(_ columns: [ColumnFit], available: Int) -> [Int] {
        var widths = columns.map(\.wanted)
        var excess = widths.reduce(0, +) - max(0, available)
        let order = columns.indices.sorted { (columns[$0].priority, $0) < (columns[$1].priority, $1) }
        for floor in [true, false] where excess > 0 {
            for i in order where excess > 0 {
                let least = floor ? columns[i].minimum : 0
                let cut = min(excess, widths[i] - least)
                widths[i] -= cut
                excess -= cut
            }
        }
        if excess < 0, !widths.isEmpty {
            widths[widths.count - 1] -= excess
        }
        return widths
    }
}
