/// A mouse action at a cell (0-based column x, row y).
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A button press or click; 1 = left, 2 = middle, 3 = right.
        case click(button: Int)
        case wheelUp
        case wheelDown
    }

    public var x: Int
    public var y: Int
    public var kind: Kind

    public init(x: Int, y: Int, kind: Kind) {
        self.x = x
        self.y = y
        self.kind = kind
    }
}

/// Everything the event loop receives from a backend.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal is now width×height: re-lay out and redraw fully.
    case resize(width: Int, height: Int)
    /// Nothing happened within the read timeout: update clocks, poll timers.
    case tick
}
