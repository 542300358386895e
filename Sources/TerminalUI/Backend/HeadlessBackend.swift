/// A backend without a terminal: keeps the last flushed buffer and replays scripted events.
/// Tests and `cotside snapshot` read the screen back as text.
@MainActor
public final class HeadlessBackend: TerminalBackend {
    public private(set) var buffer: Buffer
    public private(set) var theme: Theme
    /// Cells changed by the last flush (to test that only the diff is drawn).
    public private(set) var lastChanges: [CellChange] = []
    public private(set) var bellCount = 0
    public private(set) var isRestored = false
    private var pending: [TerminalEvent] = []
    private var fullRedraw = true

    public init(width: Int, height: Int, theme: Theme = .monochrome) {
        buffer = Buffer(width: width, height: height)
        self.theme = theme
    }

    public var size: (width: Int, height: Int) { (buffer.width, buffer.height) }

    /// Queues events that `readEvent` will return in order.
    public func enqueue(_ events: [TerminalEvent]) { pending.append(contentsOf: events) }

    /// Queues key presses.
    public func enqueue(keys: [Key]) { pending.append(contentsOf: keys.map { .key($0) }) }

    /// Simulates the terminal changing size: the buffer is resized and a `.resize` event queued.
    public func resize(width: Int, height: Int) {
        buffer = Buffer(width: width, height: height)
        fullRedraw = true
        pending.append(.resize(width: max(0, width), height: max(0, height)))
    }

    public func flush(_ next: Buffer) {
        lastChanges = fullRedraw ? next.diff(from: Buffer(width: 0, height: 0)) : next.diff(from: buffer)
        fullRedraw = false
        buffer = next
    }

    public func readEvent(timeoutMs: Int) -> TerminalEvent? {
        pending.isEmpty ? nil : pending.removeFirst()
    }

    public func invalidate() { fullRedraw = true }

    public func setTheme(_ theme: Theme) {
        self.theme = theme
        fullRedraw = true
    }

    public func bell() { bellCount += 1 }

    public func restore() { isRestored = true }

    /// The screen as plain text, one line per row, trailing spaces trimmed.
    public func text() -> String { buffer.lines.joined(separator: "\n") }

    /// The screen with role changes marked as `[role]`, for tests that check styling.
    public func styledText() -> String { HeadlessBackend.styledText(of: buffer) }

    /// Marks where the role changes with `[role]` (rows start in `normal`, unmarked),
    /// trailing normal spaces trimmed: "ok [danger]bad".
    public nonisolated static func styledText(of buffer: Buffer) -> String {
        var lines: [String] = []
        for y in 0..<buffer.height {
            var line = ""
            var current: StyleRole = .normal
            var trailing = ""
            for x in 0..<buffer.width {
                let cell = buffer[x, y]
                if cell.isContinuation { continue }
                if cell.role != current {
                    line += trailing
                    trailing = ""
                    line += "[\(cell.role.rawValue)]"
                    current = cell.role
                }
                if cell.grapheme == " " && current == .normal {
                    trailing += " "
                } else {
                    line += trailing + cell.grapheme
                    trailing = ""
                }
            }
            // A switch back to normal followed only by blanks says nothing.
            if line.hasSuffix("[normal]") { line.removeLast("[normal]".count) }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
