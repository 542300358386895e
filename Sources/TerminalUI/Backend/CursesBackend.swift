import CNcurses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// State the signal and atexit paths need; plain values so a handler can read them without
/// locks or allocation. Written on the main thread (and by the last-resort crash path).
nonisolated(unsafe) var cursesIsActive: Int32 = 0
/// Curses has given the terminal back for now (suspended, or running in the background).
nonisolated(unsafe) var cursesIsSuspended: Int32 = 0
nonisolated(unsafe) private var savedStderr: Int32 = -1
/// The terminal's modes before curses changed them, put back after `endwin` on every way out.
nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var hasSavedModes: Int32 = 0

/// Gives the terminal back and puts stderr back where it was. Safe to call more than once,
/// from a signal handler, at exit, or normally.
func restoreTerminalNow() {
    if cursesIsActive != 0 {
        cursesIsActive = 0
        if cursesIsSuspended == 0 && ownerOfTerminal() != .gone { endwin() }
    }
    restoreSavedModes()
    if savedStderr >= 0 {
        dup2(savedStderr, 2)
        close(savedStderr)
        savedStderr = -1
    }
}

/// Belt and braces after `endwin`: the modes saved at start, but only while we hold the
/// terminal (from the background it would stop us, or change the modes under the shell).
func restoreSavedModes() {
    guard hasSavedModes != 0, ownerOfTerminal() == .foreground else { return }
    _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &savedModes)
}

/// SIGQUIT and crash signals, and a second SIGTERM/SIGHUP the loop has not taken: restore,
/// then die of the same signal as before.
func restoreAndReraise(_ signalNumber: Int32) {
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
    var needsFullRedraw = true
    /// Raw mode (Ctrl-C arrives as a key, Ctrl-Z does not suspend) instead of cbreak.
    let controlCAsKey: Bool
    /// SIGINTs taken from the signal queue, handed out as Ctrl-C keys.
    var pendingInterrupts = 0
    /// Characters read past the end of an escape sequence, to be read again first.
    var pendingScalars: [UInt32] = []
    /// Events (key codes, resizes) that arrived while an escape sequence was being read.
    var pendingEvents: [TerminalEvent] = []
    /// A SIGCONT arrived: re-initialise the terminal once we are in the foreground.
    var resumeWanted = false
    /// The signal (SIGTERM, SIGHUP) that ended input, for `finish` to die of.
    public internal(set) var terminationSignal: Int32?
    private var pairs: [StyleRole: Int16] = [:]

    /// Sets the locale from the environment and reports whether it encodes UTF-8; when it
    /// does not, non-ASCII draws as blanks, so use `GlyphSet.ascii`. Call before `init`.
    /// A UTF-8 locale the environment names but the machine has not generated (`de_DE.UTF-8` on
    /// a minimal Debian) takes glibc's built-in C.UTF-8 for characters: the terminal is UTF-8
    /// all the same, and the language still comes from the environment's name.
    public nonisolated static func localeIsUTF8(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        setlocale(LC_ALL, "")
        if !codesetIsUTF8(), LocaleCharset.namesUTF8(environment) {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "C.utf8") }
        }
        return codesetIsUTF8()
    }

    private nonisolated static func codesetIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Takes over the terminal. stderr goes to `logPath` (appended, mode 0600) while curses
    /// owns the screen, so stray messages cannot scribble over the display.
    /// In cbreak mode (the default) Ctrl-C is SIGINT and Ctrl-Z is SIGTSTP; both go through the
    /// signal queue, SIGINT coming out as the `.ctrl("c")` key. With `controlCAsKey` the terminal
    /// is raw: Ctrl-C arrives as that key directly and Ctrl-Z does not suspend.
    public init(theme: Theme, logPath: String?, controlCAsKey: Bool = false) throws {
        isUTF8 = CursesBackend.localeIsUTF8()
        self.controlCAsKey = controlCAsKey
        hasSavedModes = tcgetattr(STDIN_FILENO, &savedModes) == 0 ? 1 : 0
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
        cursesIsSuspended = 0
        for sig in [SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            signal(sig, restoreAndReraise)
        }
        // After newterm, which installs curses' own SIGTSTP/SIGINT/SIGTERM handlers: those call
        // curses in signal context on any thread, racing the main thread's curses calls, and
        // take the terminal back even when continued in the background.
        TerminalSignals.install()
        atexit(restoreAtExit)
        hasColors = has_colors()
        self.theme = theme
        if hasColors {
            start_color()
            use_default_colors()
        }
        applyInputModes()
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

    public func bell() {
        if cursesIsActive != 0 && cursesIsSuspended == 0 { beep() }
    }

    public func restore() { restoreTerminalNow() }

    /// Restores the terminal; then, when a signal ended the run (SIGTERM, SIGHUP) or the user
    /// quit with Ctrl-C (`interrupted`), dies of that signal so the shell sees 128 + n.
    public func finish(interrupted: Bool) {
        restoreTerminalNow()
        if let number = terminationSignal ?? (interrupted ? SIGINT : nil) {
            TerminalSignals.die(of: number)
        }
    }

    /// The modes curses runs in; applied at start and again after every resume.
    func applyInputModes() {
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
    }

    public func flush(_ buffer: Buffer) {
        guard cursesIsActive != 0, cursesIsSuspended == 0 else { return }
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

    func keyCodeEvent(_ code: Int32) -> TerminalEvent {
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
