import CNcurses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// State the signal and atexit paths need; plain values so a handler can read them without
/// locks or allocation. Written only on the main actor while no signal handler can run mid-write.
nonisolated(unsafe) private var cursesIsActive: Int32 = 0
nonisolated(unsafe) private var savedStderr: Int32 = -1

/// Gives the terminal back and puts stderr back where it was. Safe to call more than once,
/// from a signal handler, at exit, or normally.
private func restoreTerminalNow() {
    if cursesIsActive != 0 {
        cursesIsActive = 0
        endwin()
    }
    if savedStderr >= 0 {
        dup2(savedStderr, 2)
        close(savedStderr)
        savedStderr = -1
    }
}

/// SIGINT/SIGTERM/SIGHUP and crash signals: restore, then die of the same signal as before.
private func restoreAndReraise(_ signalNumber: Int32) {
    restoreTerminalNow()
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}

private func restoreAtExit() { restoreTerminalNow() }

/// The real terminal through ncursesw; the only code that imports `CNcurses`.
/// Draws only the cells that changed since the previous frame; maps curses key codes and
/// mouse reports to `TerminalEvent`s; restores the terminal on every exit path.
@MainActor
public final class CursesBackend: TerminalBackend {
    public enum StartError: Error, CustomStringConvertible {
        case noTerminal(String)
        case logFile(String)
        public var description: String {
            switch self {
            case .noTerminal(let term): return "cannot open the terminal (TERM=\(term)); run Cotside in a terminal or use `cotside snapshot`"
            case .logFile(let path): return "cannot open the log file \(path) for writing"
            }
        }
    }

    /// Whether the terminal can show colours (else the theme's attributes alone are used).
    public let hasColors: Bool
    /// Whether the locale encodes UTF-8. When it does not, curses cannot place non-ASCII
    /// characters reliably, so they are drawn as "?" (wide ones as "? ") to keep columns aligned.
    public let isUTF8: Bool
    private var theme: Theme
    private var previous = Buffer(width: 0, height: 0)
    private var needsFullRedraw = true
    private var pairs: [StyleRole: Int16] = [:]

    /// Sets the locale from the environment and reports whether it encodes UTF-8; when it
    /// does not, non-ASCII draws as blanks, so use `GlyphSet.ascii`. Call before `init`.
    public nonisolated static func localeIsUTF8() -> Bool {
        setlocale(LC_ALL, "")
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Takes over the terminal. stderr goes to `logPath` (appended, mode 0600) while curses
    /// owns the screen, so stray messages cannot scribble over the display.
    /// With `controlCAsKey` the terminal is put in raw mode so Ctrl-C arrives as `.ctrl("c")`
    /// (the app can ask before discarding a form); otherwise Ctrl-C is SIGINT: restore and exit.
    public init(theme: Theme, logPath: String?, controlCAsKey: Bool = false) throws {
        isUTF8 = CursesBackend.localeIsUTF8()
        if let logPath {
            let fd = open(logPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            guard fd >= 0 else { throw StartError.logFile(logPath) }
            savedStderr = dup(2)
            dup2(fd, 2)
            close(fd)
        }
        setenv("ESCDELAY", "25", 1)
        guard newterm(nil, cots_stdout(), cots_stdin()) != nil else {
            restoreTerminalNow()
            throw StartError.noTerminal(ProcessInfo.processInfo.environment["TERM"] ?? "unset")
        }
        cursesIsActive = 1
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            signal(sig, restoreAndReraise)
        }
        atexit(restoreAtExit)
        if controlCAsKey { raw() } else { cbreak() }
        noecho()
        nonl()
        keypad(cots_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
        mouseinterval(0)
        // Releases must be in the mask although they are ignored: ncurses otherwise treats a
        // release as unwanted and blocks reading for the next mouse event, swallowing the next key.
        mousemask(cots_button1_pressed() | cots_button1_released() | cots_button4_pressed() | cots_button5_pressed(), nil)
        hasColors = has_colors()
        self.theme = theme
        if hasColors {
            start_color()
            use_default_colors()
        }
        applyTheme()
    }

    public var size: (width: Int, height: Int) {
        (Int(cots_getmaxx(cots_stdscr())), Int(cots_getmaxy(cots_stdscr())))
    }

    public func setTheme(_ theme: Theme) {
        self.theme = theme
        applyTheme()
        invalidate()
    }

    public func invalidate() { needsFullRedraw = true }

    public func bell() { beep() }

    public func restore() { restoreTerminalNow() }

    public func flush(_ buffer: Buffer) {
        guard cursesIsActive != 0 else { return }
        let full = needsFullRedraw || previous.width != buffer.width || previous.height != buffer.height
        if full {
            clearok(cots_stdscr(), true)
            erase()
        }
        let changes = full ? buffer.diff(from: Buffer(width: 0, height: 0)) : buffer.diff(from: previous)
        for change in changes { draw(change) }
        refresh()
        previous = buffer
        needsFullRedraw = false
    }

    private func draw(_ change: CellChange) {
        let style = theme.style(for: change.cell.role)
        let attributes = cursesAttributes(style.attributes.union(change.cell.attributes))
        let pair = hasColors ? (pairs[change.cell.role] ?? 0) : 0
        var grapheme = change.cell.grapheme
        if !isUTF8 && !grapheme.allSatisfy(\.isASCII) {
            if TextWidth.columns(of: grapheme) == 2 { put(" ", x: change.x + 1, y: change.y, attributes, pair) }
            grapheme = "?"
        }
        put(grapheme, x: change.x, y: change.y, attributes, pair)
    }

    private func put(_ grapheme: String, x: Int, y: Int, _ attributes: attr_t, _ pair: Int16) {
        var wide = grapheme.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        if wide.isEmpty { wide = [32] }
        wide.append(0)
        _ = wide.withUnsafeBufferPointer { pointer in
            cots_put_cell(Int32(y), Int32(x), pointer.baseAddress, attributes, pair)
        }
    }

    private func cursesAttributes(_ attributes: CellAttributes) -> attr_t {
        var result = cots_a_normal()
        if attributes.contains(.bold) { result |= cots_a_bold() }
        if attributes.contains(.underline) { result |= cots_a_underline() }
        if attributes.contains(.reverse) { result |= cots_a_reverse() }
        if attributes.contains(.dim) { result |= cots_a_dim() }
        return result
    }

    /// One colour pair per role, numbered in `StyleRole.allCases` order.
    private func applyTheme() {
        pairs = [:]
        guard hasColors, theme.name != .monochrome else { return }
        for (index, role) in StyleRole.allCases.enumerated() {
            let style = theme.style(for: role)
            let number = Int16(index + 1)
            guard Int32(number) < cots_color_pairs() else { break }
            init_pair(number, colorNumber(style.foreground), colorNumber(style.background))
            pairs[role] = number
        }
    }

    private func colorNumber(_ color: TerminalColor) -> Int16 {
        switch color {
        case .terminalDefault: return -1
        case .black: return Int16(COLOR_BLACK)
        case .red: return Int16(COLOR_RED)
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .blue: return Int16(COLOR_BLUE)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .cyan: return Int16(COLOR_CYAN)
        case .white: return Int16(COLOR_WHITE)
        }
    }

    public func readEvent(timeoutMs: Int) -> TerminalEvent? {
        guard cursesIsActive != 0 else { return nil }
        if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        switch nextInput(timeoutMs: timeoutMs) {
        case nil: return terminalHungUp() ? nil : .tick
        case .code(let code): return keyCodeEvent(code)
        case .scalar(27): return escapeSequenceEvent()
        case .scalar(let value): return CursesKeys.character(value).map { .key($0) } ?? .tick
        }
    }

    /// One read from curses: a key code it decoded, or a character.
    private enum Input { case code(Int32), scalar(UInt32) }

    /// Characters read past the end of an escape sequence, to be read again first.
    private var pendingScalars: [UInt32] = []
    /// Events (key codes, resizes) that arrived while an escape sequence was being read.
    private var pendingEvents: [TerminalEvent] = []

    private func nextInput(timeoutMs: Int) -> Input? {
        if !pendingScalars.isEmpty { return .scalar(pendingScalars.removeFirst()) }
        timeout(Int32(clamping: timeoutMs))
        var wch: wint_t = 0
        let status = get_wch(&wch)
        if status == ERR { return nil }
        if status == KEY_CODE_YES { return .code(Int32(bitPattern: wch)) }
        return .scalar(UInt32(wch))
    }

    /// After an Esc curses could not match, reads the rest of the sequence whole (see
    /// `EscapeSequence`): the key it names, nothing for one the app does not use, or Esc itself.
    /// Bytes of a sequence are already queued, so the waits only delay a real Esc by 25 ms.
    private func escapeSequenceEvent() -> TerminalEvent {
        var tail: [UInt32] = []
        while true {
            var outcome = EscapeSequence.decode(tail)
            if outcome == .needMore {
                switch nextInput(timeoutMs: tail.isEmpty ? 25 : 100) {
                case .scalar(let value):
                    tail.append(value)
                    continue
                case .code(let code):
                    pendingEvents.append(keyCodeEvent(code))
                    outcome = EscapeSequence.timedOut(tail)
                case nil:
                    outcome = EscapeSequence.timedOut(tail)
                }
            }
            switch outcome {
            case .needMore:
                continue
            case .loneEscape:
                pendingScalars.insert(contentsOf: tail, at: 0)
                return .key(.escape)
            case .sequence(let key, let length):
                pendingScalars.insert(contentsOf: tail.dropFirst(length), at: 0)
                return key.map { .key($0) } ?? .tick
            }
        }
    }

    /// True when the terminal is gone (closed pane, dropped SSH session): a read then fails at
    /// once instead of waiting, and without this check the loop would spin on it for ever.
    private func terminalHungUp() -> Bool {
        var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&input, 1, 0) >= 0 else { return false }
        return input.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private func keyCodeEvent(_ code: Int32) -> TerminalEvent {
        switch code {
        case KEY_RESIZE:
            needsFullRedraw = true
            return .resize(width: size.width, height: size.height)
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return .tick }
            let state = event.bstate
            let kind: MouseEvent.Kind
            if state & cots_button4_pressed() != 0 {
                kind = .wheelUp
            } else if cots_button5_pressed() != 0 && state & cots_button5_pressed() != 0 {
                kind = .wheelDown
            } else if state & (cots_button1_pressed() | cots_button1_clicked()) != 0 {
                kind = .click(button: 1)
            } else {
                return .tick
            }
            return .mouse(MouseEvent(x: Int(event.x), y: Int(event.y), kind: kind))
        default:
            return CursesKeys.keyCode(code, functionKeyBase: cots_key_f(0)).map { .key($0) } ?? .tick
        }
    }
}

/// Curses key codes and control characters → `Key`. Kept apart so the mapping reads as a table.
enum CursesKeys {
    static func keyCode(_ code: Int32, functionKeyBase: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        default:
            let n = Int(code - functionKeyBase)
            return (1...12).contains(n) ? .function(n) : nil
        }
    }

    static func character(_ value: UInt32) -> Key? {
        switch value {
        case 27: return .escape
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(value + 96)!))
        default:
            guard let scalar = Unicode.Scalar(value), value >= 32 else { return nil }
            return .char(Character(scalar))
        }
    }
}
