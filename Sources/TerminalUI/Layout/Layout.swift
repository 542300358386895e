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
/// Sizes are resolved in order of priority: fixed (`length`, `percent`), then the `min` floors,
/// then the remaining space is shared equally among `fill`, `min` and `max` parts (`max` capped).
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
        var remaining = available - sizes.reduce(0, +)
        // Share what is left among the flexible parts, respecting `max` caps.
        var flexible = constraints.indices.filter {
            switch constraints[$0] {
            case .fill, .min, .max: return true
            default: return false
            }
        }
        while remaining > 0 && !flexible.isEmpty {
            let share = remaining / flexible.count
            var extra = remaining % flexible.count
            var next: [Int] = []
            var given = 0
            for i in flexible {
                var grant = share + (extra > 0 ? 1 : 0)
                if extra > 0 { extra -= 1 }
                if case .max(let cap) = constraints[i] {
                    grant = Swift.min(grant, Swift.max(0, cap) - sizes[i])
                    if sizes[i] + grant < cap { next.append(i) }
                } else {
                    next.append(i)
                }
                sizes[i] += grant
                given += grant
            }
            remaining -= given
            if given == 0 { break }
            flexible = next
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
