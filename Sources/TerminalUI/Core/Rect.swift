/// A rectangle of terminal cells; (x, y) is the top-left, width/height never negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(width: Int, height: Int) { self.init(x: 0, y: 0, width: width, height: height) }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var area: Int { width * height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var description: String { "Rect(x: \(x), y: \(y), \(width)×\(height))" }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The overlap of two rectangles (empty, at self's origin, when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return Rect(x: left, y: top, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Shrinks every side by the given margins; never goes negative.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        let w = max(0, width - left - right), h = max(0, height - top - bottom)
        return Rect(x: x + min(left, width), y: y + min(top, height), width: w, height: h)
    }

    public func inset(by margin: Int) -> Rect { inset(top: margin, left: margin, bottom: margin, right: margin) }

    /// The single row `index` rows down (empty when outside).
    public func row(_ index: Int) -> Rect {
        guard index >= 0, index < height else { return Rect(x: x, y: y + max(0, index), width: width, height: 0) }
        return Rect(x: x, y: y + index, width: width, height: 1)
    }

    /// A rectangle of at most `width`×`height` centred in this one (for dialogs and messages).
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(max(0, w), width), ch = min(max(0, h), height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }
}
