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
}

/// Widgets draw themselves into a rectangle of a buffer; they never touch a backend.
public protocol Widget {
    func render(in area: Rect, into buffer: inout Buffer)
}
