import CNcurses
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading input, and the job-control signals that arrive between reads: the signal queue is
/// polled with stdin, so Ctrl-Z, SIGCONT, SIGTERM and SIGHUP are acted on at once, on the main
/// thread, between two curses calls.
extension CursesBackend {
    public var readiness: (keys: Int32, signals: Int32)? { (STDIN_FILENO, TerminalSignals.readDescriptor) }
    public var ownsKeyboard: Bool { cursesIsSuspended == 0 && !resumeWanted }

    public func readEvent(timeoutMs: Int) -> TerminalEvent? {
        guard cursesIsActive != 0 else { return nil }
        for signal in TerminalSignals.take() {
            switch signal {
            case .suspend: suspendProcess()
            case .resume: resumeWanted = true
            case .interrupt: pendingInterrupts += 1
            case .resize: if cursesIsSuspended == 0 { pendingEvents.append(takeWindowSize()) }
            case .terminate(let number):
                terminationSignal = number
                return nil
            }
        }
        if cursesIsSuspended != 0 || resumeWanted {
            switch TerminalSignals.terminalOwner {
            case .gone:
                return nil
            case .background:
                // Continued in the background (a plain SIGCONT, `bg`): leave the terminal to the
                // shell, keep running, and take it back when `fg` makes us the foreground.
                cursesIsSuspended = 1
                resumeWanted = false
                TerminalSignals.wait(timeoutMs: timeoutMs)
                return .tick
            case .foreground:
                resumeTerminal()
                return .resize(width: size.width, height: size.height)
            }
        }
        if pendingInterrupts > 0 {
            pendingInterrupts -= 1
            return .key(.ctrl("c"))
        }
        if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        // Curses may hold keys it already read (an escape sequence cut short): take those first.
        if let event = readBufferedEvent() { return event }
        var ready = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: TerminalSignals.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let count = poll(&ready, nfds_t(ready.count), Int32(clamping: timeoutMs))
        // A signal (the next call acts on it), a timeout, or EINTR from SIGWINCH (the next read
        // returns KEY_RESIZE): the loop comes straight back.
        if count <= 0 || ready[1].revents != 0 { return .tick }
        if let event = readBufferedEvent() { return event }
        return terminalHungUp() ? nil : .tick
    }

    /// One key or mouse event without waiting (bar the escape delay inside a key sequence).
    private func readBufferedEvent() -> TerminalEvent? {
        switch nextInput(timeoutMs: 0) {
        case nil: return nil
        case .code(let code): return keyCodeEvent(code)
        case .scalar(27): return escapeSequenceEvent()
        case .scalar(let value): return CursesKeys.character(value).map { .key($0) } ?? .tick
        }
    }

    /// One read from curses: a key code it decoded, or a character.
    private enum Input { case code(Int32), scalar(UInt32) }

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

    /// Ctrl-Z: give the terminal back (endwin, then the modes saved at start), stop, and on
    /// SIGCONT fall through to the resume check of the next read.
    private func suspendProcess() {
        if cursesIsSuspended == 0 {
            if TerminalSignals.terminalOwner == .foreground {
                endwin()
                restoreSavedModes()
            }
            cursesIsSuspended = 1
        }
        TerminalSignals.stopProcess()
    }

    /// The window's size after SIGWINCH, told to curses (which then lays out at that size).
    private func takeWindowSize() -> TerminalEvent {
        var rows: Int32 = 0, columns: Int32 = 0
        if cots_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows != cots_lines() || columns != cots_cols() {
            resize_term(rows, columns)
        }
        needsFullRedraw = true
        return .resize(width: size.width, height: size.height)
    }

    /// Takes the terminal back: curses' program modes, the screen, our input modes, the size
    /// (it may have changed while stopped); the next flush redraws every cell.
    private func resumeTerminal() {
        reset_prog_mode()
        refresh()  // leaves the endwin state: alternate screen, keypad and mouse modes back on
        applyInputModes()
        var rows: Int32 = 0, columns: Int32 = 0
        if cots_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows != cots_lines() || columns != cots_cols() {
            resize_term(rows, columns)
        }
        needsFullRedraw = true
        cursesIsSuspended = 0
        resumeWanted = false
    }
}
