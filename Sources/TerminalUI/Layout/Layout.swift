/// How much of a split one part takes.
public enum Constraint: Hashable, Sendable {
    /// Exactly n cells (less only when the area is too small).
    case length(Int)
    /// p percent of the whole area, rounded down.
    case percent(Int)
    /// At least n cells; grows like `.fill` when there is room.
    case min(Int)
    /// Grows like `.fill` but never beyond n cells.
    case max(Int)
    /// An equal share of what is left.
    case fill
}

/// The direction a layout splits: `.vertical` stacks rows, `.horizontal` places columns.
public enum Direction: Hashable, Sendable {
    case vertical, horizontal
}

/// Splits a rectangle by constraints, so no screen or widget does coordinate arithmetic.
/// Sizes: `length` and `percent` are fixed; `fill`, `min` and `max` parts then share the rest
/// equally, each kept at or above its `min` floor and at or below its `max` cap.
/// When the area is too small, parts later in the list shrink first (down to zero).
public struct Layout: Hashable, Sendable {
    public var direction: Direction
    public var constraints: [Constraint]
    /// Blank cells between consecutive parts.
    public var spacing: Int

    public init(_ direction: Direction, _ constraints: [Constraint], spacing: Int = 0) {
        self.direction = direction
        self.constraints = constraints
        self.spacing = Swift.max(0, spacing)
    }

    public static func vertical(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
        Layout(.vertical, constraints, spacing: spacing)
    }

    public static func horizontal(_ constraints: [Constraint], spacing: Int = 0) -> Layout {
        Layout(.horizontal, constraints, spacing: spacing)
    }

    /// One rectangle per constraint, in order, covering `rect` along the direction.
    public func split(_ rect: Rect) -> [Rect] {
        let total = direction == .vertical ? rect.height : rect.width
        let sizes = Layout.sizes(for: constraints, total: total, spacing: spacing)
        var offset = 0
        return sizes.enumerated().map { index, size in
            let start = Swift.min(offset, total)
            offset += size + (index < sizes.count - 1 ? spacing : 0)
            switch direction {
            case .vertical: return Rect(x: rect.x, y: rect.y + start, width: rect.width, height: size)
            case .horizontal: return Rect(x: rect.x + start, y: rect.y, width: size, height: rect.height)
            }
        }
    }

    /// The sizes along the axis; they sum to at most `total` minus spacing.
    static func sizes(for constraints: [Constraint], total: Int, spacing: Int) -> [Int] {
        guard !constraints.isEmpty else { return [] }
        let available = Swift.max(0, total - spacing * (constraints.count - 1))
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case .length(let n): return Swift.max(0, n)
            case .percent(let p): return available * Swift.min(100, Swift.max(0, p)) / 100
            case .min(let n): return Swift.max(0, n)
            case .max, .fill: return 0
            }
        }
        // Flexible parts rise together like water to one level, each held within its bounds
        // (a `min` floor, a `max` cap); leftover cells go one each to the first that can grow.
        let flexible = constraints.indices.filter {
            switch constraints[$0] {
            case .fill, .min, .max: return true
            default: return false
            }
        }
        let fixed = constraints.indices.filter { !flexible.contains($0) }.reduce(0) { $0 + sizes[$1] }
        let room = available - fixed
        func bounded(_ i: Int, _ level: Int) -> Int {
            switch constraints[i] {
            case .min(let n): return Swift.max(Swift.max(0, n), level)
            case .max(let cap): return Swift.min(Swift.max(0, cap), level)
            default: return level
            }
        }
        if !flexible.isEmpty, room > 0 {
            var level = 0
            while level < room, flexible.reduce(0, { $0 + bounded($1, level + 1) }) <= room { level += 1 }
            for i in flexible { sizes[i] = bounded(i, level) }
            var leftover = room - flexible.reduce(0) { $0 + sizes[$1] }
            for i in flexible where leftover > 0 && bounded(i, level + 1) > sizes[i] {
                sizes[i] += 1
                leftover -= 1
            }
        }
        // Too small: shrink from the end until the parts fit.
        var excess = sizes.reduce(0, +) - available
        var i = sizes.count - 1
        while excess > 0 && i >= 0 {
            let cut = Swift.min(excess, sizes[i])
            sizes[i] -= cut
            excess -= cut
            i -= 1
        }
        return sizes
    }
}

extension Rect {
    /// Shorthand for `Layout(direction, constraints).split(self)`.
    public func split(_ direction: Direction, _ constraints: [Constraint], spacing: Int = 0) -> [Rect] {
        Layout(direction, constraints, spacing: spacing).split(self)
    }
}
