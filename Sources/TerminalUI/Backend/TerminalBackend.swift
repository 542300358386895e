/// What the event loop needs from a terminal. Curses for real use, headless for tests and
/// `cotside snapshot`. All calls happen on the main actor (curses is single-threaded).
@MainActor
public protocol TerminalBackend: AnyObject {
    /// Current size in cells.
    var size: (width: Int, height: Int) { get }
    /// Shows `buffer`, drawing only what changed since the previous flush.
    func flush(_ buffer: Buffer)
    /// The next event, or `.tick` when nothing arrives within `timeoutMs`; nil when input ended
    /// (headless backend out of scripted events).
    func readEvent(timeoutMs: Int) -> TerminalEvent?
    /// The next flush redraws every cell (after a theme change or a garbled screen).
    func invalidate()
    /// Switches the role → colour table; implies a full redraw.
    func setTheme(_ theme: Theme)
    /// Audible/visual alert for a refused key.
    func bell()
    /// Gives the terminal back (endwin). Idempotent.
    func restore()
    /// What an `InputWaiter` watches for this backend off the main actor: the keyboard and the
    /// signal pipe. Nil for a backend with nothing to wait on (scripted input is posted instead).
    var readiness: (keys: Int32, signals: Int32)? { get }
    /// False while the terminal belongs to someone else (suspended, in the background): the
    /// waiter then wakes for signals only, so unread type-ahead cannot spin the loop.
    var ownsKeyboard: Bool { get }
}

extension TerminalBackend {
    public var readiness: (keys: Int32, signals: Int32)? { nil }
    public var ownsKeyboard: Bool { true }
}

/// Widgets draw themselves into a rectangle of a buffer; they never touch a backend.
public protocol Widget {
    func render(in area: Rect, into buffer: inout Buffer)
}
